/**
 * docs/support.md's recipes, run as written over the log of an outage (issue 28.2): the content
 * API answers 502 while sites are warm in the data cache, a cold host and a cold search arrive,
 * the circuit opens, bad hosts come in, then the API recovers and the circuit closes. The log is
 * the app's own (its logger, serializers and write hook); the clocks are the test's, so the
 * outage happens at 10:42 UTC as the recipes' examples say.
 */
import request from 'supertest';
import type { ContentApi } from '../../src/server/content/content-api';
import { testDataset } from '../fixtures/dataset';
import { dataCacheOnTestClock, TEST_FAILURE_BACKOFF_MS, TEST_TTL_MS } from '../support/data-cache';
import { failWith } from '../support/fake-upstream';
import { recipeTitled, runRecipe, supportRecipes } from '../support/support-recipes';
import { startTestApp, type TestApp } from '../support/test-app';
import { trackCalls, type TrackedCalls } from '../support/tracked-calls';

/** The request id of the recipe "Everything about one request", sent by a trusted balancer. */
const REQUEST_ID = '3f0c9a4e-1b7d-4c55-9d8e-0a6b2f1c7e21';
const OPEN_MS = 60_000;
const WARM_AT = Date.parse('2026-11-24T10:37:00.000Z');
const OUTAGE_AT = Date.parse('2026-11-24T10:42:00.000Z');
const RECOVERY_AT = Date.parse('2026-11-24T10:43:30.000Z');
const SEARCH_SEEN = 'VISSEARCH999';
const SEARCH_NEW = 'NEWSECRET123';

/** The recipes this file checks; the build recipe needs a real process (start.test.ts). */
const CHECKED_HERE = [
  'Everything about one request',
  'Why did this host show',
  'Which hosts fell through',
  'Which sites were degraded',
  'When did the outage start',
  '5xx answers by site and path',
  'Bugs only',
];
const CHECKED_IN_START_TEST = ['Which build runs'];
/** The metrics port's GET /site, asked by curl: site-query.test.ts. */
const CHECKED_IN_SITE_QUERY_TEST = ['This site shows the wrong'];

let t: TestApp;
let calls: TrackedCalls<ContentApi>;
let logText = '';
/** Calls the content API answered 502. */
let failedCallsSeen = 0;

beforeAll(async () => {
  // Only Date is fake: the log's times and the breaker read it; sockets and timers are real.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'] });
  jest.setSystemTime(WARM_AT);
  const dataset = structuredClone(testDataset);
  const cooking = { _id: 'sub-cooking', type: 'subdomains' as const, active: true, url: 'cooking.example.com', domain: 'dom-example', name: 'Cooking', config: { igp_settings: { title: 'Cooking' } } };
  const cached = dataCacheOnTestClock();
  let tracked: TrackedCalls<ContentApi> | undefined;
  t = await startTestApp({
    dataset: { ...dataset, subdomains: [...dataset.subdomains, cooking] },
    env: { TRUST_PROXY: 'loopback', LOG_LEVEL: 'info', UPSTREAM_BREAKER_FAILURES: '3', UPSTREAM_BREAKER_OPEN_MS: String(OPEN_MS) },
    dataCache: cached.dataCache,
    wrapApi: (api) => {
      tracked = trackCalls(api);
      return tracked.api;
    },
  });
  if (!tracked) throw new Error('startTestApp did not wrap the content API');
  calls = tracked;
  const get = async (host: string, path: string, headers: Record<string, string> = {}) => {
    const res = await request(t.app).get(path).set('Host', host).set(headers);
    // Background refreshes end before the next step, so the counts below are exact.
    await calls.settled();
    return res;
  };

  // 10:37, healthy: sub.example.com's pages and a search are cached.
  for (const path of ['/', '/article-2', `/?s=${SEARCH_SEEN}`]) expect((await get('sub.example.com', path)).status).toBe(200);

  // 10:42, the content API answers 502; every cached entry is past its freshness.
  jest.setSystemTime(OUTAGE_AT);
  cached.advance(TEST_TTL_MS + 200);
  t.upstream.override('/api/*', failWith.status(502));
  const callsBefore = t.upstream.calls.length;
  const cold = await get('cooking.example.com', '/', { 'X-Request-Id': REQUEST_ID });
  expect(cold.status).toBe(200);
  for (let i = 0; i < 5; i++) expect((await get('sub.example.com', '/')).status).toBe(200);
  expect((await get('sub.example.com', `/?s=${SEARCH_SEEN}`)).status).toBe(200);
  expect((await get('sub.example.com', `/?s=${SEARCH_NEW}`)).status).toBe(200);
  expect((await get('sub.example.com', '/not-cached-article')).status).toBe(503);
  expect((await get('user:s3cret@localhost', '/')).status).toBe(400);
  expect((await get('sub.example.com', '/', { 'X-Forwarded-Host': 'bad host!' })).status).toBe(400);
  expect((await get('sub.example.com', `/${'x'.repeat(8000)}`)).status).toBe(404);
  failedCallsSeen = t.upstream.calls.length - callsBefore;

  // 10:43:30, the API is back and the circuit may probe: the first refresh closes it.
  t.upstream.clearOverrides();
  jest.setSystemTime(RECOVERY_AT);
  cached.advance(TEST_FAILURE_BACKOFF_MS + 1);
  expect((await get('sub.example.com', '/')).status).toBe(200);
  expect((await get('sub.example.com', '/')).status).toBe(200);
  t.flushOutageSummary();
  logText = `${t.logs.raw.join('\n')}\n`;
});

afterAll(async () => {
  jest.useRealTimers();
  await t.close();
});

const linesOf = (output: string) => output.split('\n').filter((line) => line.trim() !== '');

describe('the outage log', () => {
  it('has one failure line per call the content API saw fail, and a summary instead of a line per lookup', () => {
    expect(failedCallsSeen).toBeGreaterThan(0);
    const perCall = t.logs.lines.filter((line) => line.url !== undefined && line.kind !== undefined);
    expect(perCall).toHaveLength(failedCallsSeen);
    const summaries = t.logs.events('upstream.outage_summary');
    expect(summaries.reduce((sum, line) => sum + Number(line.failedCalls), 0)).toBe(failedCallsSeen);
    expect(summaries.reduce((sum, line) => sum + Number(line.staleServed), 0)).toBeGreaterThan(5);
    expect(summaries.reduce((sum, line) => sum + Number(line.failedWithoutCall), 0)).toBeGreaterThan(0);
  });

  it('holds no visitor input: no search text, no userinfo of a Host, no long path', () => {
    for (const secret of [SEARCH_SEEN, SEARCH_NEW, 's3cret']) expect(logText).not.toContain(secret);
    expect(t.logs.lines).toContainEqual(expect.objectContaining({ msg: 'request completed', status: 404, path: `/${'x'.repeat(511)}…` }));
    expect(t.logs.events('request.bad_host')).toEqual([
      expect.objectContaining({ hostHeader: 'host', rawHost: '[userinfo]@localhost' }),
      expect.objectContaining({ hostHeader: 'x-forwarded-host', rawHost: 'bad host!' }),
    ]);
  });

  it('has every line within 2 KB', () => {
    for (const line of t.logs.raw) expect(Buffer.byteLength(line) + 1).toBeLessThanOrEqual(2048);
  });
});

describe("docs/support.md's recipes over that log", () => {
  it('are all checked, here, in start.test.ts or in site-query.test.ts', () => {
    const titles = supportRecipes().map((recipe) => recipe.title);
    const checked = [...CHECKED_HERE, ...CHECKED_IN_START_TEST, ...CHECKED_IN_SITE_QUERY_TEST];
    expect(titles.length).toBe(checked.length);
    for (const title of titles) expect(checked.some((start) => title.startsWith(start))).toBe(true);
  });

  it('Everything about one request: that request only, its failed lookups and its request line', async () => {
    const lines = linesOf(await runRecipe(recipeTitled('Everything about one request'), logText)).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.every((line) => line.reqId === REQUEST_ID)).toBe(true);
    expect(lines.some((line) => line.event === 'site.lookup_failed' && line.status === 502)).toBe(true);
    expect(lines.at(-1)).toMatchObject({ msg: 'request completed', host: 'cooking.example.com', status: 200, settingSource: 'global', fellBack: expect.arrayContaining(['settings']) });
  });

  it("Why did this host show the network's default site at 10:42: the global setting answered after its own lookup failed", async () => {
    const lines = linesOf(await runRecipe(recipeTitled('Why did this host show'), logText)).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((line) => String(line.t).startsWith('2026-11-24T10:42'))).toBe(true);
    expect(lines).toContainEqual(expect.objectContaining({ event: 'site.lookup_failed', kind: 'status', status: 502 }));
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'request completed', settingSource: 'global', fellBack: expect.arrayContaining(['settings']) }));
  });

  it('Which hosts fell through: the cold host, once', async () => {
    expect(linesOf(await runRecipe(recipeTitled('Which hosts fell through'), logText))).toEqual([expect.stringMatching(/^\s*1 cooking\.example\.com$/)]);
  });

  it('Which sites were degraded, and how much the cache covered', async () => {
    const [degraded = '', covered = ''] = (await runRecipe(recipeTitled('Which sites were degraded'), logText)).split(/\n(?=\S)/);
    expect(linesOf(degraded)).toContainEqual(expect.stringMatching(/^\s*\d+ 10:42\texample\t.*settings/));
    expect(linesOf(degraded)).toContainEqual(expect.stringMatching(/^\s*\d+ 10:42\texample\t.*list/));
    const summaries = linesOf(covered).map((line) => line.split('\t'));
    expect(summaries.length).toBeGreaterThan(0);
    for (const [, origin] of summaries) expect(origin).toBe(new URL(t.upstream.contentApiUrl).origin);
    expect(summaries.reduce((sum, [, , stale]) => sum + Number(stale), 0)).toBeGreaterThan(5);
  });

  it('When did the outage start and end, and what failed: the breaker at 10:42 and 10:43, one count per failed call', async () => {
    const output = await runRecipe(recipeTitled('When did the outage start'), logText);
    const breaker = linesOf(output).filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(breaker).toEqual([
      expect.objectContaining({ event: 'upstream.circuit_open', t: expect.stringMatching(/^2026-11-24T10:42/) }),
      expect.objectContaining({ event: 'upstream.circuit_closed', t: expect.stringMatching(/^2026-11-24T10:43/) }),
    ]);
    const counts = linesOf(output).filter((line) => !line.startsWith('{'));
    expect(counts.every((line) => /^\s*\d+ 10:42\tstatus\t502$/.test(line))).toBe(true);
    expect(counts.reduce((sum, line) => sum + Number(line.trim().split(' ')[0]), 0)).toBe(failedCallsSeen);
  });

  it('5xx answers by site and path: the article that was not cached', async () => {
    expect(linesOf(await runRecipe(recipeTitled('5xx answers by site and path'), logText))).toEqual([expect.stringMatching(/^\s*1 example\t\/not-cached-article\t503$/)]);
  });

  it('Bugs only: nothing, since every failure of an outage is expected', async () => {
    expect(await runRecipe(recipeTitled('Bugs only'), logText)).toBe('');
  });
});
