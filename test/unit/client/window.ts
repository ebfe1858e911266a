/** A jsdom window for the client modules' DOM wiring, with the few browser APIs jsdom lacks. */
import { JSDOM } from 'jsdom';

export interface FakeMediaQuery {
  matches: boolean;
  readonly media: string;
  /** Flips `matches` and fires `change`, as a resize across the query's width does. */
  set(matches: boolean): void;
}

export interface TestWindow {
  readonly window: Window;
  readonly document: Document;
  /** The MediaQueryLists the page asked for, by query. */
  readonly media: Map<string, FakeMediaQuery>;
}

const open: Window[] = [];

/** Closes every window testWindow() made (their timers would keep Jest from exiting). */
export function closeTestWindows(): void {
  for (const window of open.splice(0)) window.close();
}

/** Each test file that uses it calls closeTestWindows() after each test. */
export function testWindow(html: string, options: { url?: string; matching?: readonly string[]; userAgent?: string } = {}): TestWindow {
  const dom = new JSDOM(html, { url: options.url ?? 'https://sub.example.com/', pretendToBeVisual: true, userAgent: options.userAgent });
  const window = dom.window as unknown as Window;
  open.push(window);
  const media = new Map<string, FakeMediaQuery>();
  window.matchMedia = (query: string) => {
    const listeners: ((event: { matches: boolean }) => void)[] = [];
    const list = {
      matches: options.matching?.includes(query) ?? false,
      media: query,
      addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => void listeners.push(listener),
      set(matches: boolean) {
        list.matches = matches;
        for (const listener of listeners) listener({ matches });
      },
    };
    media.set(query, list);
    return list as unknown as MediaQueryList;
  };
  return { window, document: window.document, media };
}
