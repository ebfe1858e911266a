/**
 * Kept pages in the shared tier, two instances on a real store: a page A kept is a hit on B
 * with A's bytes and headers; views count across instances for admission; a purge sent to A
 * removes the page from B; the store killed, hung or full never fails a page nor holds it past
 * the command timeout; a value of an unknown format is a miss.
 */
import { KEY_PREFIX, startSharedApp, type SharedApp } from '../../support/shared-app';
import { until } from '../../support/shared-instance';
import { describeWithStore, startStoreServer, type StoreServer } from '../../support/store-server';
import { CRAWLER } from '../../support/user-agents';
import { STORE_FORMAT } from '../../../src/server/shared-cache/store';

/** Short, so that the fault tests end quickly; a loopback command takes well under it. */
const COMMAND_TIMEOUT_MS = 100;
/** What a render of a test page may take on a loaded machine, beyond the store's wait. */
const RENDER_ALLOWANCE_MS = 1500;

describeWithStore('kept pages in the shared tier', () => {
  let server: StoreServer;
  const made: SharedApp[] = [];

  async function instance(): Promise<SharedApp> {
    const one = await startSharedApp(server.url(), { commandTimeoutMs: COMMAND_TIMEOUT_MS });
    made.push(one);
    return one;
  }

  const pageKeys = () => server.admin.keys(`${KEY_PREFIX}:v${STORE_FORMAT}:g*:page:*`);

  /** A renders `path` twice (the second is admitted and kept) and writes it to the store. */
  async function keptByA(a: SharedApp, path: string) {
    expect((await a.get(path).set('User-Agent', CRAWLER)).headers['x-page-cache']).toBe('miss');
    expect((await a.get(path).set('User-Agent', CRAWLER)).headers['x-page-cache']).toBe('miss');
    await until(async () => (await pageKeys()).some((key) => key.endsWith(`|${path}|`)));
    const hit = await a.get(path);
    expect(hit.headers['x-page-cache']).toBe('hit');
    return hit;
  }

  beforeAll(async () => {
    server = await startStoreServer();
  });
  afterEach(async () => {
    for (const each of made.splice(0)) await each.close();
    server.resume();
    await server.restart();
    await server.admin.flushall();
  });
  afterAll(() => server.close());

  it('a page A kept is a hit on B: the same bytes, ETag, CSP and purge keys, and no upstream call', async () => {
    const [a, b] = [await instance(), await instance()];
    const fromA = await keptByA(a, '/article-13');
    const fromB = await b.get('/article-13');
    expect(fromB.status).toBe(200);
    expect(fromB.headers['x-page-cache']).toBe('hit');
    expect(fromB.text).toBe(fromA.text);
    for (const header of ['etag', 'content-security-policy', 'surrogate-key', 'cache-control']) expect({ header, value: fromB.headers[header] }).toEqual({ header, value: fromA.headers[header] });
    expect(b.upstream.calls).toEqual([]);
    expect(b.lookups).toContain('page:hit');
    // Kept in B's first tier now: the next hit reads no store.
    expect((await b.get('/article-13')).headers['x-page-cache']).toBe('hit');
  });

  it("a page A viewed once is rendered by B from the content API's answers A stored as they came: no upstream call", async () => {
    const [a, b] = [await instance(), await instance()];
    const fromA = await a.get('/article-12');
    expect(fromA.status).toBe(200);
    // A's writes went out before this command on the same connection: its reply comes after them.
    await a.tier.store.get('data:none');
    const [articleKey] = await server.admin.keys(`${KEY_PREFIX}:v${STORE_FORMAT}:g${a.tier.store.generation()}:data:articles:*`);
    const stored = JSON.parse((await server.admin.get(articleKey ?? '')) ?? 'null') as { f: number; u?: { data?: { slug?: string } } };
    expect({ f: stored.f, slug: stored.u?.data?.slug }).toEqual({ f: STORE_FORMAT, slug: 'article-12' });
    const fromB = await b.get('/article-12');
    expect(fromB.status).toBe(200);
    expect(fromB.headers['x-page-cache']).toBe('miss');
    const headingOf = (html: string) => html.match(/<h1[^>]*>[^<]+/)?.[0];
    expect(headingOf(fromA.text)).toBeDefined();
    expect(headingOf(fromB.text)).toBe(headingOf(fromA.text));
    expect(b.upstream.calls).toEqual([]);
    expect(b.lookups).toContain('articles:hit');
    expect(b.lookups.filter((lookup) => lookup.endsWith(':error'))).toEqual([]);
  });

  it('a compressed form A made goes to the store with the page: B answers it with the same ETag', async () => {
    const [a, b] = [await instance(), await instance()];
    await keptByA(a, '/article-14');
    const brFromA = await a.get('/article-14').set('Accept-Encoding', 'br');
    expect(brFromA.headers['content-encoding']).toBe('br');
    await until(async () => {
      const [key] = await pageKeys();
      const bytes = key === undefined ? null : await server.admin.getBuffer(key);
      return bytes !== null && bytes.includes('"sizes":[') && !/"sizes":\[\d+,0,0\]/.test(bytes.toString('latin1'));
    });
    const brFromB = await b.get('/article-14').set('Accept-Encoding', 'br');
    expect(brFromB.headers['x-page-cache']).toBe('hit');
    expect(brFromB.headers['content-encoding']).toBe('br');
    expect(brFromB.headers.etag).toBe(brFromA.headers.etag);
    expect(brFromB.text).toBe(brFromA.text);
  });

  it('views count across instances: a page asked for once on A and once on B is kept by B, then a hit on A', async () => {
    const [a, b] = [await instance(), await instance()];
    expect((await a.get('/article-15').set('User-Agent', CRAWLER)).headers['x-page-cache']).toBe('miss');
    expect((await b.get('/article-15').set('User-Agent', CRAWLER)).headers['x-page-cache']).toBe('miss');
    await until(async () => (await pageKeys()).length === 1);
    expect((await a.get('/article-15')).headers['x-page-cache']).toBe('hit');
  });

  it('a purge sent to A removes the page from the store and from B within a second', async () => {
    const [a, b] = [await instance(), await instance()];
    await keptByA(a, '/article-16');
    expect((await b.get('/article-16')).headers['x-page-cache']).toBe('hit');
    const sentAt = performance.now();
    const purged = await a.purge({ site: 'example.com' });
    expect(purged.body).toMatchObject({ sharedTier: 'purged' });
    await until(() => b.logs.events('cache.purge_received').length === 1);
    expect(performance.now() - sentAt).toBeLessThan(1000);
    expect(await pageKeys()).toEqual([]);
    expect((await b.get('/article-16')).headers['x-page-cache']).toBe('miss');
    // B's render after the purge (its views counted before it) is the deployment's page from now on.
    await until(async () => (await pageKeys()).length === 1);
    expect((await a.get('/article-16')).headers['x-page-cache']).toBe('hit');
  });

  it('a purge of everything on A: B reads no page of the old generation', async () => {
    const [a, b] = [await instance(), await instance()];
    await keptByA(a, '/article-17');
    await a.purge({ all: true });
    await until(() => b.logs.events('cache.purge_received').length === 1);
    expect((await b.get('/article-17')).headers['x-page-cache']).toBe('miss');
  });

  it('a stored page of an unknown format is a miss, counted as an error', async () => {
    const [a, b] = [await instance(), await instance()];
    await keptByA(a, '/article-18');
    const [key] = await pageKeys();
    const stored = await server.admin.getBuffer(key ?? '');
    expect(stored).not.toBeNull();
    // The same page as a later release would write it.
    const header = JSON.stringify({ f: 99 });
    const length = Buffer.alloc(4);
    length.writeUInt32BE(header.length);
    await server.admin.set(key ?? '', Buffer.concat([length, Buffer.from(header), Buffer.from('<html>')]));
    const fromB = await b.get('/article-18');
    expect(fromB.status).toBe(200);
    expect(fromB.headers['x-page-cache']).toBe('miss');
    expect(b.lookups).toContain('page:error');
  });

  /** Pages on B while the store is in trouble: every one answered 200 within the command timeout and a render. */
  async function servedThrough(b: SharedApp, paths: readonly string[]): Promise<void> {
    for (const path of paths) {
      const startedAt = performance.now();
      const res = await b.get(path).set('User-Agent', CRAWLER);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(performance.now() - startedAt).toBeLessThan(COMMAND_TIMEOUT_MS + RENDER_ALLOWANCE_MS);
    }
  }

  it('the store killed while pages are served: every page answers, the first tier alone', async () => {
    const [a, b] = [await instance(), await instance()];
    await keptByA(a, '/article-1');
    await server.kill();
    await servedThrough(b, ['/article-1', '/article-2', '/article-2', '/article-3']);
    // B's own count admitted /article-20 on its second view.
    expect((await b.get('/article-2')).headers['x-page-cache']).toBe('hit');
    expect((await a.get('/article-1')).headers['x-page-cache']).toBe('hit');
    await until(() => b.tierLogs.events('shared_cache.state').some((line) => line.state === 'down'));
  });

  it('the store hung (SIGSTOP): no page waits beyond the command timeout, and the tier is used again once it resumes', async () => {
    const [a, b] = [await instance(), await instance()];
    await keptByA(a, '/article-4');
    server.hang();
    await servedThrough(b, ['/article-4', '/article-5', '/article-6', '/article-7', '/article-8']);
    await until(() => b.tierLogs.events('shared_cache.state').some((line) => line.state === 'slow' || line.state === 'down'));
    server.resume();
    await until(() => b.tier.store.state() === 'up');
    expect((await b.get('/article-4')).headers['x-page-cache']).toBe('hit');
  });

  it('the store full (noeviction): pages answer, and are kept in the first tier', async () => {
    await server.close();
    server = await startStoreServer({ maxmemory: '2mb' });
    const [a, b] = [await instance(), await instance()];
    // Fill it until it refuses writes.
    const filler = 'x'.repeat(64 * 1024);
    for (let n = 0; ; n++) {
      const refused = await server.admin.set(`filler:${n}`, filler).then(
        () => false,
        () => true,
      );
      if (refused) break;
    }
    await servedThrough(a, ['/article-9', '/article-9', '/article-10']);
    expect((await a.get('/article-9')).headers['x-page-cache']).toBe('hit');
    expect(a.tierLogs.events('shared_cache.state').map((line) => line.state)).toContain('full');
    await servedThrough(b, ['/article-9', '/article-10']);
  });
});
