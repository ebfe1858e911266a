import {
  IDLE,
  PROGRESS_MINIMUM,
  TRICKLE_MS,
  clickStartsNavigation,
  continuesOnArrival,
  progressStep,
  progressValue,
  trickled,
  wireProgressBar,
  type ClickFacts,
  type ProgressEvent,
  type ProgressState,
} from '../../../src/client/progress';
import { closeTestWindows, testWindow } from './window';

afterEach(() => {
  closeTestWindows();
  jest.useRealTimers();
});

const run = (events: ProgressEvent[], from: ProgressState = IDLE) => events.reduce(progressStep, from);

describe('progress state machine', () => {
  it('starts at the minimum, trickles, fills on done and hides after', () => {
    const started = run(['start']);
    expect(started).toEqual({ phase: 'running', value: PROGRESS_MINIMUM });
    expect(progressValue(started)).toBe(0.08);
    const ticked = run(['tick', 'tick'], started);
    expect(progressValue(ticked)).toBeCloseTo(0.28);
    const finishing = progressStep(ticked, 'done');
    expect(progressValue(finishing)).toBe(1);
    expect(progressStep(finishing, 'hidden')).toEqual(IDLE);
    expect(progressValue(IDLE)).toBeNull();
  });

  it('ignores events that do not apply', () => {
    expect(run(['tick', 'done', 'hidden'])).toEqual(IDLE);
    const running = run(['start', 'tick']);
    expect(progressStep(running, 'start')).toBe(running);
    expect(progressStep(running, 'hidden')).toBe(running);
    expect(run(['done', 'done'], running)).toEqual({ phase: 'finishing' });
  });

  it('restarts from the minimum when a navigation starts while finishing', () => {
    expect(run(['start', 'tick', 'done', 'start'])).toEqual({ phase: 'running', value: PROGRESS_MINIMUM });
  });

  it('trickles in smaller steps as it fills and never reaches the end by itself', () => {
    expect(trickled(0.1)).toBeCloseTo(0.2);
    expect(trickled(0.3)).toBeCloseTo(0.34);
    expect(trickled(0.6)).toBeCloseTo(0.62);
    expect(trickled(0.9)).toBeCloseTo(0.905);
    let value = PROGRESS_MINIMUM;
    for (let i = 0; i < 1000; i += 1) value = trickled(value);
    expect(value).toBeLessThan(1);
    expect(value).toBeGreaterThan(0.99);
  });
});

describe('clickStartsNavigation', () => {
  const plain: ClickFacts = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
  const link = (href: string, extra: { target?: string; download?: boolean } = {}) => ({ href, target: extra.target ?? '', download: extra.download ?? false });
  const here = 'https://sub.example.com/article-1?x=1';

  it.each([
    ['another page of the site', plain, link('https://sub.example.com/article-2'), true],
    ['the same page (a reload)', plain, link('https://sub.example.com/article-1?x=1'), true],
    ['another page with a hash', plain, link('https://sub.example.com/article-2#top'), true],
    ['target _self', plain, link('https://sub.example.com/a', { target: '_self' }), true],
    ['a hash link on this page', plain, link('https://sub.example.com/article-1?x=1#main'), false],
    ['another site', plain, link('https://example.com/article-2'), false],
    ['another port', plain, link('https://sub.example.com:8443/article-2'), false],
    ['mailto', plain, link('mailto:someone@example.com'), false],
    ['a new tab (target _blank)', plain, link('https://sub.example.com/a', { target: '_blank' }), false],
    ['a download', plain, link('https://sub.example.com/file.pdf', { download: true }), false],
    ['ctrl', { ...plain, ctrlKey: true }, link('https://sub.example.com/a'), false],
    ['meta', { ...plain, metaKey: true }, link('https://sub.example.com/a'), false],
    ['shift', { ...plain, shiftKey: true }, link('https://sub.example.com/a'), false],
    ['alt', { ...plain, altKey: true }, link('https://sub.example.com/a'), false],
    ['middle button', { ...plain, button: 1 }, link('https://sub.example.com/a'), false],
    ['prevented by the page', { ...plain, defaultPrevented: true }, link('https://sub.example.com/a'), false],
    ['a malformed href', plain, link('http://[oops/'), false],
  ])('%s -> %p', (_name, click, target, expected) => {
    expect(clickStartsNavigation(click, target, here, '')).toBe(expected);
  });

  it.each([
    ['a page under the base path', 'https://sub.example.com/answers/article-2', true],
    ['the base path itself', 'https://sub.example.com/answers', true],
    ['another app on the origin', 'https://sub.example.com/shop/cart', false],
    ['a path that only starts like it', 'https://sub.example.com/answersx/a', false],
  ])('under a base path, %s -> %p', (_name, href, expected) => {
    expect(clickStartsNavigation(plain, link(href), 'https://sub.example.com/answers/article-1', '/answers')).toBe(expected);
  });
});

describe('continuesOnArrival', () => {
  const origin = 'https://sub.example.com';
  it.each([
    ['back_forward', '', true],
    ['navigate', 'https://sub.example.com/', true],
    ['navigate', 'https://example.com/', false],
    ['navigate', '', false],
    ['navigate', 'not a url', false],
    ['reload', 'https://sub.example.com/', false],
  ])('%s from %p -> %p', (navigationType, referrer, expected) => {
    expect(continuesOnArrival({ navigationType, referrer, origin, basePath: '' })).toBe(expected);
  });

  it.each([
    ['https://sub.example.com/answers/a', true],
    ['https://sub.example.com/other/a', false],
  ])('under a base path, from %p -> %p', (referrer, expected) => {
    expect(continuesOnArrival({ navigationType: 'navigate', referrer, origin, basePath: '/answers' })).toBe(expected);
  });
});

describe('wireProgressBar', () => {
  const page = '<html><body><a id="next" href="/article-2">next</a><a id="away" href="https://example.com/">away</a></body></html>';
  /** Lets the click run our handler, then keeps jsdom from navigating. */
  const click = (win: Window, id: string) => {
    win.addEventListener('click', (event) => event.preventDefault(), { once: true });
    win.document.getElementById(id)?.dispatchEvent(new (win as unknown as typeof globalThis).MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
  };

  it('adds a bar in the brand colour on an in-site link click, and none for another site', () => {
    const { window, document } = testWindow(page);
    wireProgressBar(window, '#2FABF0', '');
    click(window, 'away');
    expect(document.getElementById('nav-progress')).toBeNull();
    click(window, 'next');
    const bar = document.getElementById('nav-progress');
    expect(bar?.style.backgroundColor).toBe('rgb(47, 171, 240)');
    expect(bar?.style.transform).toBe('translateX(-92%)');
    expect(bar?.getAttribute('aria-hidden')).toBe('true');
  });

  it('trickles every TRICKLE_MS, but not for visitors who prefer reduced motion', () => {
    jest.useFakeTimers();
    const moving = testWindow(page);
    const still = testWindow(page, { matching: ['(prefers-reduced-motion: reduce)'] });
    wireProgressBar(moving.window, '#000000', '');
    wireProgressBar(still.window, '#000000', '');
    click(moving.window, 'next');
    click(still.window, 'next');
    jest.advanceTimersByTime(TRICKLE_MS - 1);
    expect(moving.document.getElementById('nav-progress')?.style.transform).toBe('translateX(-92%)');
    jest.advanceTimersByTime(1);
    expect(moving.document.getElementById('nav-progress')?.style.transform).not.toBe('translateX(-92%)');
    jest.advanceTimersByTime(TRICKLE_MS * 10);
    expect(still.document.getElementById('nav-progress')?.style.transform).toBe('translateX(-92%)');
  });

  it('clears the bar when the page comes back from the back/forward cache', () => {
    const { window, document } = testWindow(page);
    wireProgressBar(window, '#000000', '');
    click(window, 'next');
    expect(document.getElementById('nav-progress')).not.toBeNull();
    window.dispatchEvent(new (window as unknown as typeof globalThis).PageTransitionEvent('pageshow', { persisted: true }));
    expect(document.getElementById('nav-progress')).toBeNull();
  });
});
