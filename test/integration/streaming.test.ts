/**
 * Streaming (decision 0180): people get the shell before the secondary data (the new-articles
 * list) is loaded, and the list in the same response; crawlers get the whole page in one body.
 * The fake findnew call is held until the test releases it: no timing luck.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBrotliDecompress } from 'node:zlib';
import { createContentApiHandler } from '../../src/demo/content-api';
import { testDataset } from '../fixtures/dataset';
import { dataCacheOnTestClock } from '../support/data-cache';
import { failWith } from '../support/fake-upstream';
import { parseHtml } from '../support/html';
import { createPageCache, type PageCache } from '../../src/server/page-cache/page-cache';
import { startTestApp, type TestApp } from '../support/test-app';
import { CRAWLER, PERSON } from '../support/user-agents';

const answerNormally = createContentApiHandler(testDataset);
/** The end of the shell: the app-state and the loader of the client script. */
const SHELL_END = 'document.head.appendChild(s);</script>';

let t: TestApp;
let server: http.Server;
let port: number;
/** findnew calls waiting for the test to let them answer. */
let held: { req: IncomingMessage; res: ServerResponse }[] = [];
let heldArrived: (() => void) | undefined;

const releaseFindNew = () => {
  for (const { req, res } of held) answerNormally(req, res);
  held = [];
};

beforeAll(async () => {
  t = await startTestApp({ renderTimeoutMs: 2000, timeoutMs: 5000 });
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});
beforeEach(() => {
  t.upstream.clearOverrides();
  t.logs.clear();
  t.upstream.override('/api/article/findnew', (req, res) => {
    held.push({ req, res });
    heldArrived?.();
  });
});
afterEach(releaseFindNew);

/** A GET whose body is read part by part; `next()` resolves with the next decoded part. */
function open(path: string, headers: Record<string, string>, toPort = port) {
  return new Promise<{ res: IncomingMessage; next: () => Promise<string | null> }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: toPort, path, headers: { host: 'sub.example.com', ...headers } }, (res) => {
        const body = res.headers['content-encoding'] === 'br' ? res.pipe(createBrotliDecompress()) : res;
        const parts: string[] = [];
        let waiting: ((part: string | null) => void) | undefined;
        let ended = false;
        body.on('data', (chunk: Buffer) => {
          if (waiting) {
            waiting(chunk.toString());
            waiting = undefined;
          } else parts.push(chunk.toString());
        });
        body.on('end', () => {
          ended = true;
          waiting?.(null);
        });
        const next = () => new Promise<string | null>((resolveNext) => {
          const part = parts.shift();
          if (part !== undefined || ended) resolveNext(part ?? null);
          else waiting = resolveNext;
        });
        resolve({ res, next });
      })
      .on('error', reject);
  });
}

/** Parts until the text holds `marker` (the shell may come in several writes). */
async function readUntil(next: () => Promise<string | null>, marker: string): Promise<string> {
  let text = '';
  while (!text.includes(marker)) {
    const part = await next();
    if (part === null) throw new Error(`the body ended before ${marker}`);
    text += part;
  }
  return text;
}

async function rest(next: () => Promise<string | null>): Promise<string> {
  let text = '';
  for (let part = await next(); part !== null; part = await next()) text += part;
  return text;
}

describe('a person', () => {
  it.each(['identity', 'br'])('gets the shell before findnew answers, then the list in the same response (%s)', async (encoding) => {
    const findNewAsked = new Promise<void>((resolve) => (heldArrived = resolve));
    const { res, next } = await open('/article-2', { 'user-agent': PERSON, 'accept-encoding': encoding });
    await findNewAsked;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBeUndefined();
    // The shell, up to the end of the app-state and the loader, while findnew is still held.
    const shell = await readUntil(next, SHELL_END);
    expect(shell).toContain('<h1>Question number 2?</h1>');
    expect(shell).toContain('new-articles-pending');
    expect(shell).not.toContain('id="new-articles"');
    expect(held).toHaveLength(1);

    releaseFindNew();
    const whole = shell + (await rest(next));
    expect(whole.endsWith('</body></html>')).toBe(true);
    const links = [...parseHtml(whole).querySelectorAll('#new-articles a')].map((a) => a.getAttribute('href'));
    expect(links).toHaveLength(9);
    expect(new Set(links).size).toBe(9);
    expect(links).not.toContain('/article-2');
  });

  it('gets a page with nothing left to load without a nonce: no script is needed to reveal anything', async () => {
    const { res, next } = await open('/', { 'user-agent': PERSON, 'accept-encoding': 'identity' });
    const body = await rest(next);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).not.toContain('nonce-');
    expect(body).not.toContain('$RC');
    expect(parseHtml(body).querySelector('#home-articles')).not.toBeNull();
  });

  it('who leaves while the list is loading stops the render with no error logged: a client going away is expected', async () => {
    const findNewAsked = new Promise<void>((resolve) => (heldArrived = resolve));
    const { res, next } = await open('/article-2', { 'user-agent': PERSON, 'accept-encoding': 'identity' });
    await findNewAsked;
    await readUntil(next, SHELL_END);
    const recorded = new Promise<void>((resolve) => {
      const poll = () => (t.logs.lines.some((line) => line.msg === 'request completed') ? resolve() : setImmediate(poll));
      poll();
    });
    res.destroy();
    await recorded;
    // React's abort reports every unfinished part within the close event that recorded the request.
    await new Promise((resolve) => setImmediate(resolve));
    expect(t.logs.lines.filter((line) => line.msg === 'request completed')).toEqual([expect.objectContaining({ path: '/article-2', aborted: true })]);
    expect(t.logs.lines.filter((line) => line.level >= 50 || line.event?.startsWith('render.'))).toEqual([]);
    expect(t.logs.raw.join('\n')).not.toContain('"stack"');
  });

  it('keeps the placeholder when the list does not come in time: the render is aborted, the page ends, support gets a line', async () => {
    const quick = await startTestApp({ renderTimeoutMs: 50, timeoutMs: 5000 });
    quick.upstream.override('/api/article/findnew', failWith.hang());
    const quickServer = http.createServer(quick.app);
    await new Promise<void>((resolve) => quickServer.listen(0, '127.0.0.1', resolve));
    try {
      const { port: quickPort } = quickServer.address() as AddressInfo;
      const text = await new Promise<string>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port: quickPort, path: '/article-2', headers: { host: 'sub.example.com', 'user-agent': PERSON } }, (res) => {
          expect(res.statusCode).toBe(200);
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve(body));
        }).on('error', reject);
      });
      expect(text).toContain('<h1>Question number 2?</h1>');
      expect(text).toContain('new-articles-pending');
      expect(text).not.toContain('id="new-articles"');
      expect(quick.logs.events('render.aborted')).toEqual([expect.objectContaining({ level: 50, timeoutMs: 50, shellSent: true })]);
      // Reported once: React's report of the aborted part is not a second error.
      expect(quick.logs.events('render.error')).toEqual([]);
    } finally {
      quickServer.closeAllConnections();
      await new Promise((resolve) => quickServer.close(resolve));
      await quick.close();
    }
  });
});

describe('a person whose page the data cache answers (the page cache off)', () => {
  let warm: TestApp;
  let warmServer: http.Server;
  let warmPort: number;

  beforeAll(async () => {
    warm = await startTestApp({ renderTimeoutMs: 2000, timeoutMs: 5000, dataCache: dataCacheOnTestClock().dataCache });
    warmServer = http.createServer(warm.app);
    await new Promise<void>((resolve) => warmServer.listen(0, '127.0.0.1', resolve));
    warmPort = (warmServer.address() as AddressInfo).port;
  });
  afterAll(async () => {
    warmServer.closeAllConnections();
    await new Promise((resolve) => warmServer.close(resolve));
    await warm.close();
  });

  it('is streamed with a nonce while findnew is slow, and without one (nothing left to reveal) once every lookup is in memory', async () => {
    warm.upstream.override('/api/article/findnew', (req, res) => {
      held.push({ req, res });
      heldArrived?.();
    });
    const findNewAsked = new Promise<void>((resolve) => (heldArrived = resolve));
    const streamed = await open('/article-6', { 'user-agent': PERSON, 'accept-encoding': 'identity' }, warmPort);
    await findNewAsked;
    expect(streamed.res.headers['content-length']).toBeUndefined();
    expect(streamed.res.headers['content-security-policy']).toContain('nonce-');
    releaseFindNew();
    expect(await rest(streamed.next)).toContain('$RC');

    const callsBefore = warm.upstream.calls.length;
    const { res, next } = await open('/article-6', { 'user-agent': PERSON, 'accept-encoding': 'identity' }, warmPort);
    const body = await rest(next);
    expect(warm.upstream.calls).toHaveLength(callsBefore);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).not.toContain('nonce-');
    expect(body).not.toContain('$RC');
    expect(body).not.toContain('new-articles-pending');
    expect(parseHtml(body).querySelectorAll('#new-articles a')).toHaveLength(9);
  });

  it('gets a complete page compressed in one pass with its length (a streaming encoder of its own costs far more), uncompressed streamed', async () => {
    warm.upstream.clearOverrides();
    await rest((await open('/article-7', { 'user-agent': PERSON, 'accept-encoding': 'identity' }, warmPort)).next);
    const callsBefore = warm.upstream.calls.length;

    const compressed = await open('/article-7', { 'user-agent': PERSON, 'accept-encoding': 'gzip, deflate, br' }, warmPort);
    const body = await rest(compressed.next);
    expect(compressed.res.headers['content-encoding']).toBe('br');
    expect(Number(compressed.res.headers['content-length'])).toBeGreaterThan(0);
    expect(compressed.res.headers['transfer-encoding']).toBeUndefined();
    expect(body).not.toContain('$RC');
    expect(parseHtml(body).querySelectorAll('#new-articles a')).toHaveLength(9);

    const plain = await open('/article-7', { 'user-agent': PERSON, 'accept-encoding': 'identity' }, warmPort);
    expect(await rest(plain.next)).toBe(body);
    expect(plain.res.headers['content-length']).toBeUndefined();
    expect(warm.upstream.calls).toHaveLength(callsBefore);
  });
});

describe('a person on a page-cache miss (the page cache on, as by default)', () => {
  let cached: TestApp;
  let cachedServer: http.Server;
  let cachedPort: number;
  /** Resolves at the page cache's next store. */
  let nextStore: Promise<void>;
  let storeDone: () => void;
  const armStore = () => (nextStore = new Promise<void>((resolve) => (storeDone = resolve)));

  beforeAll(async () => {
    const pageCache = createPageCache({ freshMs: 10_000, staleMs: 60_000, maxBytes: 10 * 1024 * 1024 });
    const observed: PageCache = {
      ...pageCache,
      store(...args) {
        const page = pageCache.store(...args);
        storeDone();
        return page;
      },
    };
    cached = await startTestApp({ renderTimeoutMs: 2000, timeoutMs: 5000, pageCache: observed });
    cachedServer = http.createServer(cached.app);
    await new Promise<void>((resolve) => cachedServer.listen(0, '127.0.0.1', resolve));
    cachedPort = (cachedServer.address() as AddressInfo).port;
  });
  afterAll(async () => {
    cachedServer.closeAllConnections();
    await new Promise((resolve) => cachedServer.close(resolve));
    await cached.close();
  });
  beforeEach(() => {
    cached.upstream.clearOverrides();
    armStore();
    cached.upstream.override('/api/article/findnew', (req, res) => {
      held.push({ req, res });
      heldArrived?.();
    });
  });

  const readAll = async (path: string, headers: Record<string, string>) => {
    const { res, next } = await open(path, headers, cachedPort);
    return { res, body: await rest(next) };
  };
  /** A person's first view of a page, streamed and only remembered by the page cache (it keeps a page on its second request). */
  const viewOnce = async (path: string) => {
    const findNewAsked = new Promise<void>((resolve) => (heldArrived = resolve));
    const { res, next } = await open(path, { 'user-agent': PERSON, 'accept-encoding': 'identity' }, cachedPort);
    await findNewAsked;
    releaseFindNew();
    expect(res.headers['x-page-cache']).toBe('miss');
    expect(await rest(next)).toContain('$RC');
  };

  it('gets the shell before findnew answers; the second miss keeps the complete page, which the next visitor gets as a hit without an upstream call', async () => {
    await viewOnce('/article-4');
    const findNewAsked = new Promise<void>((resolve) => (heldArrived = resolve));
    const { res, next } = await open('/article-4', { 'user-agent': PERSON, 'accept-encoding': 'br' }, cachedPort);
    await findNewAsked;
    expect(res.headers['x-page-cache']).toBe('miss');
    expect(res.headers['cache-control']).toContain('s-maxage=');
    const shell = await readUntil(next, SHELL_END);
    expect(shell).toContain('<h1>Question number 4?</h1>');
    expect(shell).not.toContain('id="new-articles"');

    releaseFindNew();
    const streamed = shell + (await rest(next));
    expect(streamed).toContain('$RC');
    await nextStore;

    const callsBefore = cached.upstream.calls.length;
    const hit = await readAll('/article-4', { 'user-agent': PERSON, 'accept-encoding': 'identity' });
    expect(hit.res.headers['x-page-cache']).toBe('hit');
    expect(hit.res.headers['cache-control']).toContain('s-maxage=');
    expect(cached.upstream.calls).toHaveLength(callsBefore);
    expect(cached.upstream.callsTo('/api/article/findnew')).toHaveLength(2);
    // The kept copy is the complete document: the list in place, no reveal scripts, no nonce.
    expect(hit.body).not.toContain('$RC');
    expect(hit.body).not.toContain('<template');
    expect(hit.body).not.toContain('new-articles-pending');
    expect(hit.res.headers['content-security-policy']).not.toContain('nonce-');
    const links = [...parseHtml(hit.body).querySelectorAll('#new-articles a')].map((a) => a.getAttribute('href'));
    expect(links).toHaveLength(9);
    expect(links).not.toContain('/article-4');
  });

  it('keeps nothing when the list fails after the shell is out: the next visitor gets a fresh render', async () => {
    await viewOnce('/article-5');
    const findNewAsked = new Promise<void>((resolve) => (heldArrived = resolve));
    const { res, next } = await open('/article-5', { 'user-agent': PERSON, 'accept-encoding': 'identity' }, cachedPort);
    await findNewAsked;
    await readUntil(next, SHELL_END);
    for (const { req, res: held503 } of held.splice(0)) failWith.status(503)(req, held503);
    await rest(next);
    expect(res.statusCode).toBe(200);

    cached.upstream.clearOverrides();
    const again = await readAll('/article-5', { 'user-agent': PERSON, 'accept-encoding': 'identity' });
    expect(again.res.headers['x-page-cache']).toBe('miss');
  });
});

describe('a crawler', () => {
  it('gets nothing until everything is ready, then the whole page in one body with its Content-Length', async () => {
    const findNewAsked = new Promise<void>((resolve) => (heldArrived = resolve));
    let answered = false;
    const opened = open('/article-2', { 'user-agent': CRAWLER, 'accept-encoding': 'identity' }).then((value) => {
      answered = true;
      return value;
    });
    await findNewAsked;
    // The request has reached findnew, which is held: the crawler's answer has not started.
    expect(answered).toBe(false);
    releaseFindNew();
    const { res, next } = await opened;
    const first = (await next()) ?? '';
    const body = first + (await rest(next));
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(body));
    expect(first).toContain('id="new-articles"');
    expect(body).not.toContain('new-articles-pending');
    expect(body).not.toContain('$RC');
    expect(parseHtml(body).querySelectorAll('#new-articles a')).toHaveLength(9);
  });

  it('gets the new articles in place after a long article too (no boundary left for scripts to reveal)', async () => {
    // React outlines a boundary that follows more than its progressive chunk (12,800 bytes) of
    // markup: a complete document must not, its hidden copy would wait for a script.
    const longBody = `<p>${'A long answer paragraph. '.repeat(40)}</p>`.repeat(30);
    const longArticles = createContentApiHandler({ ...testDataset, articles: testDataset.articles.map((article) => (article.slug === 'article-3' ? { ...article, body: longBody } : article)) });
    t.upstream.override('/api/article/get', longArticles);
    const findNewAsked = new Promise<void>((resolve) => (heldArrived = resolve));
    const answered = open('/article-3', { 'user-agent': CRAWLER, 'accept-encoding': 'identity' });
    await findNewAsked;
    releaseFindNew();
    const { next } = await answered;
    const body = (await next()) + (await rest(next));
    expect(body.length).toBeGreaterThan(30_000);
    expect(body).not.toContain('<template');
    expect(body).not.toContain('$RC');
    expect(body).not.toContain('hidden id="S:');
    expect(parseHtml(body).querySelectorAll('#main #new-articles a')).toHaveLength(9);
  });

  it('gets the 500 page when the page is not ready in time', async () => {
    const quick = await startTestApp({ renderTimeoutMs: 50, timeoutMs: 5000 });
    quick.upstream.override('/api/article/findnew', failWith.hang());
    try {
      const { default: request } = await import('supertest');
      const res = await request(quick.app).get('/article-2').set('Host', 'sub.example.com').set('User-Agent', CRAWLER);
      expect(res.status).toBe(500);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.text).toContain('Something went wrong');
      expect(quick.logs.events('render.aborted')).toEqual([expect.objectContaining({ level: 50, timeoutMs: 50 })]);
    } finally {
      await quick.close();
    }
  });
});
