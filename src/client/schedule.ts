/** Small DOM helpers the behaviours share: third-party script insertion, "after load, when idle", "or when near". */

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

/**
 * Runs the task once, at the first of: the page has loaded and the main thread is idle, or one
 * of the elements comes within `margin` (an IntersectionObserver root margin) of the viewport.
 * "Comes": an element already that near when it is first observed waits for `load` like the
 * rest, so what the page opens with (the article) is fetched first; one the visitor scrolls
 * towards before `load` does not wait.
 */
export function whenLoadedOrNear(win: Window, elements: readonly Element[], margin: string, task: () => void): void {
  let done = false;
  let observer: IntersectionObserver | undefined;
  // Feature-detected: without it (old browsers, jsdom), `load` alone decides.
  const Observer = (win as Window & { IntersectionObserver?: typeof IntersectionObserver }).IntersectionObserver;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    task();
  };
  whenLoadedAndIdle(win, once);
  if (!Observer || elements.length === 0) return;
  const reported = new Set<Element>();
  const nearing = new Observer(
    (entries) => {
      for (const entry of entries) {
        const first = !reported.has(entry.target);
        reported.add(entry.target);
        if (entry.isIntersecting && !first) return once();
      }
    },
    { rootMargin: margin },
  );
  observer = nearing;
  for (const element of elements) nearing.observe(element);
}
