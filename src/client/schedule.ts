/** Small DOM helpers the behaviours share: third-party script insertion and "after load, when idle". */

/**
 * Adds an async script. The CSP's 'strict-dynamic' trusts it because this (trusted) bundle
 * inserts it with createElement (docs/decisions/0002).
 */
export function loadScript(doc: Document, src: string): HTMLScriptElement {
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  doc.head.appendChild(script);
  return script;
}

/** Runs the task once the page has loaded and the main thread is idle (Safari lacks requestIdleCallback). */
export function whenLoadedAndIdle(win: Window, task: () => void): void {
  const idle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => task(), { timeout: 3000 });
    else win.setTimeout(task, 1);
  };
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}
