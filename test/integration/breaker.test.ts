/**
 * The content API's circuit breaker over HTTP (issue 56, decision 0375): answers the app cannot
 * use (invalid JSON, a body over the size cap) open it like a 5xx does, and the log holds a few
 * lines rather than one per page; after a hang, a probe sent while the API hung and cut off
 * after its return neither opens the circuit again nor pushes the next probe back.
 */
import request from 'supertest';
import type { DemoDataset } from '../../src/demo/content-api';
import type { Article } from '../../src/shared/records';
import { createPrometheusMetrics, type PrometheusMetrics } from '../../src/server/observability/metrics';
import { testDataset } from '../fixtures/dataset';
import { dataCacheOnTestClock } from '../support/data-cache';
import { failWith, type Override } from '../support/fake-upstream';
import { parseHtml } from '../support/html';
import { startTestApp, type TestApp } from '../support/test-app';

const BREAK_AFTER = 5;
const OPEN_MS = 5000;
/** Clients asking for new pages at once, as in the run. */
const CLIENTS = 32;

/** The test data with 60 more answers on sub.example.com: new pages to ask for. */
function datasetWithManyAnswers(): DemoDataset {
  const template = testDataset.articles.find((article) => article._id === 'a2');
  if (!template) throw new Error('fixture a2 missing');
  const answers = Array.from({ length: 60 }, (_, i): Article => ({ ...structuredClone(template), _id: `a${100 + i}`, slug: `answer-${100 + i}`, title: `Answer ${100 + i}?` }));
  return { ...structuredClone(testDataset), articles: [...structuredClone(testDataset.articles), ...answers] };
}

async function startBreakerApp(metrics: PrometheusMetrics, timeoutMs?: number): Promise<TestApp> {
  const cached = dataCacheOnTestClock();
  return startTestApp({
    dataset: datasetWithManyAnswers(),
    metrics,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    dataCache: cached.dataCache,
    // 32 pages at once test the breaker, not admission (admission.test.ts).
    env: { UPSTREAM_BREAKER_FAILURES: String(BREAK_AFTER), UPSTREAM_BREAKER_OPEN_MS: String(OPEN_MS), MAX_IN_FLIGHT_REQUESTS: '1000', MAX_QUEUE_WAIT_MS: '60000' },
  });
}

const page = (t: TestApp, path: string) => request(t.app).get(path).set('Host', 'sub.example.com');

/** The site's settings, menu and lists in the data cache: what follows asks only for new answers. */
async function warm(t: TestApp): Promise<void> {
  const res = await page(t, '/article-2');
  expect(res.status).toBe(200);
  expect(parseHtml(res.text).querySelectorAll('#new-articles a').length).toBe(9);
}

const circuitGauge = async (metrics: PrometheusMetrics) => (await metrics.registry.getSingleMetricAsString('upstream_circuit_open')).split('\n').find((line) => line.startsWith('upstream_circuit_open{'));

const THREE_MB: Override = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(`{"data":"${'x'.repeat(3 * 1024 * 1024)}"}`);
};

describe.each([
  ['invalid JSON', failWith.invalidJson()],
  ['a body over the size cap', THREE_MB],
])('a content API answering %s to every call, 32 clients asking for new pages', (_name, fault) => {
  it(`opens the circuit after ${BREAK_AFTER} failed calls: ${BREAK_AFTER} failure lines, then none, and the metric says so`, async () => {
    const metrics = createPrometheusMetrics({ version: 'test', commit: 'test' });
    const t = await startBreakerApp(metrics);
    try {
      await warm(t);
      t.upstream.override('/api/*', fault);
      t.logs.clear();
      const callsBefore = t.upstream.calls.length;
      let asked = 0;
      const statuses: number[] = [];
      let callsAfterFirstRound = 0;
      for (let round = 0; round < 4; round++) {
        const answers = await Promise.all(Array.from({ length: CLIENTS }, () => page(t, `/never-seen-${asked++}`)));
        statuses.push(...answers.map((res) => res.status));
        if (round === 0) callsAfterFirstRound = t.upstream.calls.length;
      }
      // Every page is the intended 503 (its answer could not be had), never a 500.
      expect(new Set(statuses)).toEqual(new Set([503]));
      // Once open, no call reaches the API: the first round's calls were all it got.
      expect(t.upstream.calls.length).toBe(callsAfterFirstRound);
      expect(callsAfterFirstRound - callsBefore).toBeLessThanOrEqual(CLIENTS);
      // One line per counted failure; the calls in flight when it opened are summed up.
      expect(t.logs.events('upstream.fetch_failed').length).toBeLessThanOrEqual(BREAK_AFTER);
      expect(t.logs.events('upstream.fetch_failed').length).toBeGreaterThan(0);
      expect(t.logs.events('upstream.circuit_open')).toHaveLength(1);
      expect(await circuitGauge(metrics)).toMatch(/ 1$/);
      t.flushOutageSummary();
      const [summary] = t.logs.events('upstream.outage_summary');
      expect(summary).toMatchObject({ circuit: 'open', failedCalls: callsAfterFirstRound - callsBefore });
      expect((summary?.failedWithoutCallReasons as Record<string, number>).circuit_open).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  }, 30_000);
});

describe('after a hang, with a probe sent while the API hung', () => {
  beforeEach(() => {
    // Only the clock is fake: the breaker reads Date.now(); sockets and timers run as usual.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'] });
  });
  afterEach(() => jest.useRealTimers());

  it('every new page answers 200 one open interval after that probe was sent, and the circuit opened once', async () => {
    const metrics = createPrometheusMetrics({ version: 'test', commit: 'test' });
    // A timeout that ends the hangs soon, yet leaves a loaded machine time for good calls.
    const t = await startBreakerApp(metrics, 1000);
    try {
      await warm(t);
      // The API hangs: the first calls time out and open the circuit.
      let arrived: () => void = () => undefined;
      const hang: Override = () => arrived();
      t.upstream.override('/api/*', hang);
      const hung = await Promise.all(Array.from({ length: BREAK_AFTER }, (_, i) => page(t, `/answer-${100 + i}`)));
      expect(new Set(hung.map((res) => res.status))).toEqual(new Set([503]));
      expect(t.logs.events('upstream.circuit_open')).toHaveLength(1);

      // One open interval later a new page's call is the probe; the API still hangs.
      const probeSentAt = Date.now() + OPEN_MS + 1;
      jest.setSystemTime(probeSentAt);
      const probeArrived = new Promise<void>((resolve) => (arrived = resolve));
      const probePage = page(t, '/answer-110').then((res) => res);
      await probeArrived;
      // The API comes back 2 s into the probe (on the breaker's clock); the probe's own call
      // still hangs, and times out after the API's return.
      jest.setSystemTime(probeSentAt + 2000);
      t.upstream.clearOverrides();
      expect((await probePage).status).toBe(503);
      expect(t.logs.events('upstream.circuit_closed')).toHaveLength(0);

      // One open interval after the probe was sent (3 s after the API's return), the next
      // probe goes through and closes the circuit: every new page is back.
      jest.setSystemTime(probeSentAt + OPEN_MS + 1);
      const first = await page(t, '/answer-120');
      expect(first.status).toBe(200);
      const rest = await Promise.all(Array.from({ length: 20 }, (_, i) => page(t, `/answer-${121 + i}`)));
      expect(rest.map((res) => res.status)).toEqual(rest.map(() => 200));
      expect(parseHtml(rest[0]?.text ?? '').title).toBe('Answer 121? | Sub A');
      // No second opening: the failed probe kept the circuit open, and said nothing new.
      expect(t.logs.events('upstream.circuit_open')).toHaveLength(1);
      expect(t.logs.events('upstream.circuit_closed')).toHaveLength(1);
      expect(await circuitGauge(metrics)).toMatch(/ 0$/);
      expect(await metrics.registry.getSingleMetricAsString('upstream_circuit_openings_total')).toMatch(/upstream_circuit_openings_total\{origin="http:\/\/127\.0\.0\.1:\d+"\} 1/);
    } finally {
      await t.close();
    }
  }, 30_000);
});
