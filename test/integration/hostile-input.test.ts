/**
 * Hostile input (issue 6): malformed and oversized host, path, query, headers; a fixed list of
 * known-nasty strings in every position, then property-based requests (fast-check). Every
 * answer is a page or a 4xx, never a 5xx (but the intended 503 when the content API is down),
 * never a crash, never an unescaped reflection, never a redirect off the host.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLimitedServer, REQUEST_TIMEOUTS } from '../../src/server/front-door/listeners';
import { normalizeHost } from '../../src/server/routing/host';
import { failWith } from '../support/fake-upstream';
import { appStateProblemOf, looselyEncode, NASTY_STRINGS, percentEncodeBytes, rawBytes, send, sendBytes, unescapedReflectionsOf, type Answer, type HostileRequest } from '../support/hostile-input';
import { startTestApp, TEST_ASSETS, type TestApp } from '../support/test-app';

/** Generated requests of the property run; the issue asks for at least 5,000. */
const GENERATED_REQUESTS = 5000;
/** Fixed seed: the same requests on every run; set FUZZ_SEED to explore others. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);

interface Target {
  readonly app: TestApp;
  readonly port: number;
  readonly server: Server;
  /** Whether TRUST_PROXY trusts the test client (loopback). */
  readonly proxied: boolean;
}

let plain: Target;
let proxied: Target;
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
const crashes: unknown[] = [];
const recordCrash = (error: unknown) => crashes.push(error);
/** Served at /assets, to fuzz the static files too (traversal, encodings). */
const assetsDir = mkdtempSync(path.join(tmpdir(), 'hostile-assets-'));
writeFileSync(path.join(assetsDir, 'client-TEST.js'), 'export {};\n');

async function startTarget(trustProxy: boolean): Promise<Target> {
  // warn: the failures looked for are logged as errors; 6,000 request lines would only cost time.
  const app = await startTestApp({ assets: { ...TEST_ASSETS, dir: assetsDir }, env: { LOG_LEVEL: 'warn', ...(trustProxy ? { TRUST_PROXY: 'loopback' } : {}) } });
  // The production server's limits and its answers to requests Node's parser refuses (400, 431).
  const server = createLimitedServer(app.app, { ...REQUEST_TIMEOUTS, keepAliveTimeoutMs: 65_000, maxConnections: 1_000 }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { app, server, port: (server.address() as AddressInfo).port, proxied: trustProxy };
}

beforeAll(async () => {
  process.on('uncaughtException', recordCrash);
  process.on('unhandledRejection', recordCrash);
  [plain, proxied] = await Promise.all([startTarget(false), startTarget(true)]);
});

afterAll(async () => {
  process.off('uncaughtException', recordCrash);
  process.off('unhandledRejection', recordCrash);
  agent.destroy();
  for (const target of [plain, proxied]) {
    target.server.closeAllConnections();
    await new Promise((resolve) => target.server.close(resolve));
    await target.app.close();
  }
  rmSync(assetsDir, { recursive: true, force: true });
});

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
/** The base a relative Location is read against: a path resolves to this origin, the request's own. */
const SAME_HOST = 'https://request-host.invalid';

/** Everything an answer must satisfy; returns what is wrong (empty when all is well). */
function problemsOf(answer: Answer, hostile: HostileRequest, target: Target, marker: string, allowUnavailable: boolean): string[] {
  const problems: string[] = [];
  const { status, headers, body } = answer;
  if (status >= 500 && !(allowUnavailable && status === 503)) problems.push(`status ${status}`);
  if (status === 503 && !headers['retry-after']) problems.push('503 without Retry-After');
  // Node's own parser answers malformed or oversized requests (400, 431) before the app runs.
  const fromNode = (status === 400 || status === 431) && body === '' && headers['x-request-id'] === undefined;
  if (!fromNode) {
    if (!REQUEST_ID.test(String(headers['x-request-id']))) problems.push(`x-request-id ${JSON.stringify(headers['x-request-id'])}`);
    if (!String(headers['content-security-policy']).includes("'strict-dynamic'")) problems.push('no CSP');
  }
  if (status >= 300 && status < 400) {
    // An absolute-form target names the request's host, over the Host header (RFC 9112, 3.2.2).
    const targetHost = URL.canParse(hostile.target) && /^https?:\/\//i.test(hostile.target) ? new URL(hostile.target).host : undefined;
    const expectedHost = normalizeHost((target.proxied ? hostile.headers['x-forwarded-host']?.split(',')[0]?.trim() : undefined) || targetHost || hostile.headers.host);
    let location: URL | null = null;
    try {
      location = new URL(String(headers.location), SAME_HOST);
    } catch {
      problems.push(`unparsable Location ${JSON.stringify(headers.location)}`);
    }
    // A path (a relative Location) stays on the request's own host and scheme.
    if (location && location.origin !== SAME_HOST && (location.protocol !== 'https:' || location.hostname.replace(/^\[|\]$/g, '') !== expectedHost)) problems.push(`redirect off the host: ${location.href}`);
  }
  problems.push(...unescapedReflectionsOf(body, marker).map((found) => `unescaped reflection ${found}`));
  const state = appStateProblemOf(body);
  if (state) problems.push(state);
  return problems;
}

let markers = 0;
const nextMarker = () => `zq${(markers += 1)}x`;
const withMarker = (hostile: HostileRequest, marker: string): HostileRequest => ({
  method: hostile.method,
  target: hostile.target.replaceAll('MARK', marker),
  headers: Object.fromEntries(Object.entries(hostile.headers).map(([name, value]) => [name, value?.replaceAll('MARK', marker)])),
});

async function check(target: Target, template: HostileRequest, allowUnavailable = false): Promise<void> {
  const marker = nextMarker();
  const hostile = withMarker(template, marker);
  const answer = await send(agent, target.port, hostile);
  const problems = problemsOf(answer, hostile, target, marker, allowUnavailable);
  if (problems.length > 0) throw new Error(`${problems.join('; ')}\nfor ${JSON.stringify(hostile).slice(0, 600)}`);
}

function assertNothingBroke(): void {
  expect(crashes).toEqual([]);
  for (const target of [plain, proxied]) {
    const failures = target.app.logs.lines.filter((line) => ['request.failed', 'render.failed', 'render.error', 'response.failed_midway'].includes(line.event ?? ''));
    expect(failures).toEqual([]);
    target.app.logs.clear();
  }
}

const get = (target: string, headers: Record<string, string | undefined> = {}): HostileRequest => ({ method: 'GET', target, headers: { host: 'sub.example.com', ...headers } });

describe('known-nasty strings in every position', () => {
  const positions: [string, (nasty: string) => HostileRequest, 'plain' | 'proxied'][] = [
    ['a path segment, percent-encoded', (s) => get(`/${percentEncodeBytes(s)}`), 'plain'],
    ['a path segment, loosely encoded', (s) => get(`/${looselyEncode(s)}`), 'plain'],
    ['a path segment, raw', (s) => get(`/${rawBytes(s, false)}`), 'plain'],
    ['a category slug', (s) => get(`/category/${looselyEncode(s)}`), 'plain'],
    ['an asset path', (s) => get(`/assets/${looselyEncode(s)}`), 'plain'],
    ['the search', (s) => get(`/?s=${looselyEncode(s)}&page=2`), 'plain'],
    ['a repeated search', (s) => get(`/?s=${percentEncodeBytes(s)}&s=${looselyEncode(s)}&s[]=x`), 'plain'],
    ['utm_id', (s) => get(`/?utm_id=${looselyEncode(s)}`, { host: 'inherit.example.com' }), 'plain'],
    ['campaign_id', (s) => get(`/article-1?campaign_id=${percentEncodeBytes(s)}`, { host: 'inherit.example.com' }), 'plain'],
    ['page', (s) => get(`/category/alpha?page=${looselyEncode(s)}`), 'plain'],
    ['testDisplayAd', (s) => get(`/article-2?testDisplayAd=${looselyEncode(s)}`), 'plain'],
    ['a query key', (s) => get(`/?${looselyEncode(s)}=1&${looselyEncode(s)}[${looselyEncode(s)}]=2`), 'plain'],
    ['Host', (s) => get('/', { host: rawBytes(s, true) }), 'plain'],
    ['Host with a port', (s) => get('/', { host: `sub.example.com:${rawBytes(s, true)}` }), 'plain'],
    ['X-Forwarded-Host (trusted)', (s) => get('/', { 'x-forwarded-host': rawBytes(s, true), 'x-forwarded-proto': 'https' }), 'proxied'],
    ['X-Forwarded-Proto (trusted)', (s) => get('/?a=1', { 'x-forwarded-proto': rawBytes(s, true) }), 'proxied'],
    ['User-Agent', (s) => get('/', { 'user-agent': rawBytes(s, true) }), 'plain'],
    ['Cookie', (s) => get('/', { cookie: `theme=${rawBytes(s, true)}; ${rawBytes(s, true)}` }), 'plain'],
    ['X-Request-Id', (s) => get('/', { 'x-request-id': rawBytes(s, true) }), 'plain'],
  ];

  it.each(positions)('in %s', async (_name, build, where) => {
    const target = where === 'proxied' ? proxied : plain;
    for (const nasty of NASTY_STRINGS) await check(target, build(nasty));
    for (const injection of INJECTIONS) await check(target, build(injection));
    assertNothingBroke();
  });

  it('control characters and broken framing are refused by the HTTP parser with a 400', async () => {
    const requests = [
      'GET /a\u0000b HTTP/1.1\r\nHost: sub.example.com\r\n\r\n',
      'GET /a b HTTP/1.1\r\nHost: sub.example.com\r\n\r\n',
      'GET /?s=a\u0007b HTTP/1.1\r\nHost: sub.example.com\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: sub.exa\u0001mple.com\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: sub.example.com\r\nUser-Agent: a\u0000b\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: sub.example.com\r\nX-Injected: a\rSet-Cookie: x=1\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: sub.example.com\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      'GET / HTTP/9.9\r\nHost: sub.example.com\r\n\r\n',
    ];
    for (const raw of requests) expect(await sendBytes(plain.port, Buffer.from(raw, 'latin1'))).toBe(400);
    assertNothingBroke();
  });

  it('requests without a Host, absolute-form and asterisk-form targets', async () => {
    expect(await sendBytes(plain.port, Buffer.from('GET / HTTP/1.0\r\n\r\n', 'latin1'))).toBe(400);
    await check(plain, get('http://evil.example/article-1'));
    await check(plain, get('*'));
    await check(proxied, get('http://evil.example//evil.example/x', { 'x-forwarded-proto': 'http' }));
    assertNothingBroke();
  });
});

/** Strings whose MARK is replaced by a marker unique to the request, to find it reflected. */
const INJECTIONS = ['<MARK>', '"><MARK x="', "'><MARK>", '</script><MARK>', '</title><MARK>', '<!--<MARK>', '"MARK', '\\"MARK', '\u2028</script><MARK>', 'javascript:MARK', '<MARK'.repeat(50)];

/** The value in about one case out of `oneIn`, else undefined (the header or part left out). */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

const UNIT = fc.constantFrom('%', 'z', '0', 'a', 'F', 'e', '/', '.', '\\', '<', '>', '"', "'", '&', '=', '?', '#', '[', ']', ';', ':', '@', '+', ' ', '\t', '\u0000', '\u001f', '\u007f', '\u00e9', '\u2028', '\ud83d\ude00', 'MARK');
const payload: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 3, arbitrary: fc.string({ unit: UNIT, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  // Oversized: up to 21 KB, past Node's 16 KB header limit (a 431 before the app runs).
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('A', 'é', '<MARK>', '%', 'a-'), fc.integer({ min: 500, max: 21_000 })).map(([unit, size]) => unit.repeat(Math.ceil(size / unit.length))) },
);
/** Mostly short: most requests then reach the pages instead of stopping at the size limit. */
const shortPayload = fc.oneof({ weight: 9, arbitrary: payload.filter((value) => value.length <= 300) }, { weight: 1, arbitrary: payload });
// Raw bytes mostly stop at Node's parser (a 400 before the app), so they come less often.
const encoder = fc.oneof({ weight: 2, arbitrary: fc.constant(percentEncodeBytes) }, { weight: 3, arbitrary: fc.constant(looselyEncode) }, { weight: 1, arbitrary: fc.constant((value: string) => rawBytes(value, false)) });
const encoded = fc.tuple(shortPayload, encoder).map(([value, encode]) => encode(value));

const QUERY_KEYS = ['s', 'page', 'utm_id', 'campaign_id', 'testDisplayAd', 's[]', 'page[x]', '__proto__', 'constructor', 'a.b', ''];
const queryPair = fc.tuple(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...QUERY_KEYS) }, { weight: 1, arbitrary: encoded }), fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 5, arbitrary: encoded })).map(([key, value]) => (value === undefined ? key : `${key}=${value}`));
const query = sometimes(fc.array(queryPair, { maxLength: 5 }).map((pairs) => pairs.join('&')), 2);

const KNOWN_PATHS = ['/', '/article-1', '/article-12', '/category/alpha', '/category/', '/category/alpha/x', '/fortified-portal', '/login', '/dashboard/', '/healthz', '/readyz', '/assets/client-TEST.js', '/metrics', '/robots.txt'];
const requestPath = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...KNOWN_PATHS) },
  { weight: 3, arbitrary: fc.array(encoded, { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.join('/')}`) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('/category/', '/assets/', '/assets/client-TEST.js/'), encoded).map(([prefix, rest]) => `${prefix}${rest}`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('http://evil.example', 'https://sub.example.com', '//evil.example', '/..', '/%2e%2e'), fc.constantFrom(...KNOWN_PATHS)).map(([prefix, rest]) => `${prefix}${rest}`) },
);
const target = fc.tuple(requestPath, query).map(([p, q]) => (q === undefined ? p : `${p}?${q}`)).map((value) => (value === '' ? '/' : value));

const KNOWN_HOSTS = ['sub.example.com', 'inherit.example.com', 'inactive.example.com', 'noads.example.com', 'example.com', 'dark.test', 'localhost:3000', '127.0.0.1', '[::1]:8080', 'unknown.example.org', 'SUB.EXAMPLE.COM.', 'xn--bcher-kva.example'];
const headerValue = shortPayload.map((value) => rawBytes(value, true));
const host = fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...KNOWN_HOSTS) }, { weight: 3, arbitrary: headerValue }, { weight: 1, arbitrary: fc.constant(undefined) });

const hostileRequest: fc.Arbitrary<{ proxied: boolean; request: HostileRequest }> = fc.record({
  proxied: fc.boolean(),
  request: fc.record({
    method: fc.oneof({ weight: 12, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: fc.constantFrom('HEAD', 'POST', 'OPTIONS', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'PROPFIND') }),
    target,
    headers: fc.record({
      host,
      'x-forwarded-host': sometimes(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...KNOWN_HOSTS) }, { weight: 1, arbitrary: headerValue }), 3),
      'x-forwarded-proto': sometimes(fc.oneof({ weight: 3, arbitrary: fc.constantFrom('http', 'https', 'HTTP', 'https, http', 'ftp') }, { weight: 1, arbitrary: headerValue }), 3),
      'user-agent': sometimes(headerValue, 3),
      cookie: sometimes(headerValue.map((value) => `theme=${value}`), 4),
      'x-request-id': sometimes(headerValue, 4),
      'accept-encoding': sometimes(fc.oneof(fc.constantFrom('gzip', 'br', 'gzip;q=0, br;q=1', '*;q=0', 'identity'), headerValue), 3),
    }),
  }),
});

describe('generated hostile requests', () => {
  it(`${GENERATED_REQUESTS} of them: never a 5xx, a crash or an unescaped reflection`, async () => {
    await fc.assert(
      fc.asyncProperty(hostileRequest, async ({ proxied: viaProxy, request }) => {
        await check(viaProxy ? proxied : plain, request);
      }),
      { numRuns: GENERATED_REQUESTS, seed: SEED },
    );
    assertNothingBroke();
    expect((await send(agent, plain.port, get('/healthz'))).status).toBe(200);
  }, 120_000);

  it('with the content API down, pages are the intended 503 with Retry-After, never a 500', async () => {
    for (const target of [plain, proxied]) target.app.upstream.override('/api/*', failWith.reset());
    try {
      await fc.assert(
        fc.asyncProperty(hostileRequest, async ({ proxied: viaProxy, request }) => {
          await check(viaProxy ? proxied : plain, request, true);
        }),
        { numRuns: 300, seed: SEED },
      );
    } finally {
      for (const target of [plain, proxied]) target.app.upstream.clearOverrides();
    }
    assertNothingBroke();
  }, 60_000);
});

describe('regressions found by the fuzz test', () => {
  it('a campaign id that names an Object.prototype member is no campaign, and crashes nothing', async () => {
    for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const answer = await send(agent, plain.port, get(`/?utm_id=${id}`, { host: 'inherit.example.com' }));
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('"campaign":{"exists":false,"headline":null}');
      expect((await send(agent, plain.port, get(`/?campaign_id=${id}`, { host: 'inherit.example.com' }))).status).toBe(200);
    }
    assertNothingBroke();
  });

  it('the demo campaign service answers a malformed utm id instead of throwing', async () => {
    const base = new URL(plain.app.upstream.campaignApiUrl);
    const answer = await send(agent, Number(base.port), { method: 'GET', target: '/meta-ms/api/v1/meta-db/campaigns/checkCampaign/%E0%A4%A?count=10', headers: { host: base.host } });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ isCampaignExists: false, headlines: [] });
  });

  it('an all-numeric host is no DNS name: a 400, never a redirect to an unparsable URL', async () => {
    for (const host of ['99999999999999999999', '0x7f.0.0.1', '1.2.3']) {
      expect((await send(agent, plain.port, get('/', { host }))).status).toBe(400);
      expect((await send(agent, proxied.port, get('/', { 'x-forwarded-host': host, 'x-forwarded-proto': 'http' }))).status).toBe(400);
    }
  });

  it('a target that is no path (`GET *`) gets a page of the app', async () => {
    const answer = await send(agent, plain.port, get('*'));
    expect(answer.status).toBe(404);
    expect(appStateProblemOf(answer.body)).toBeNull();
    expect(answer.headers['content-security-policy']).toContain("'strict-dynamic'");
  });

  it('an address too long to redirect is a 400 page, not a Location a balancer would refuse', async () => {
    const answer = await send(agent, proxied.port, get(`/?s=${'a'.repeat(3000)}`, { 'x-forwarded-proto': 'http' }));
    expect(answer.status).toBe(400);
    expect(answer.headers.location).toBeUndefined();
    expect((await send(agent, proxied.port, get(`/?s=${'a'.repeat(1000)}`, { 'x-forwarded-proto': 'http' }))).status).toBe(308);
  });
});
