import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino } from 'pino';
import { bypassesAdmission, createAdmission } from '../../../../src/server/edge/admission';
import { noMetrics } from '../../../../src/server/observability/metrics';

describe('bypassesAdmission', () => {
  it('lets the assets through, with or without a query', () => {
    expect(bypassesAdmission('/assets/client-X.js', '')).toBe(true);
    expect(bypassesAdmission('/assets/client-X.js?v=1', '')).toBe(true);
    expect(bypassesAdmission('/answers/assets/client-X.js', '/answers')).toBe(true);
  });

  it('counts pages, documents, look-alike paths and the probes (answered before admission, probes.ts)', () => {
    expect(bypassesAdmission('/', '')).toBe(false);
    expect(bypassesAdmission('/healthz', '')).toBe(false);
    expect(bypassesAdmission('/assets-guide', '')).toBe(false);
    expect(bypassesAdmission('/assets/client-X.js', '/answers')).toBe(false);
    expect(bypassesAdmission(undefined, '')).toBe(false);
  });
});

describe('createAdmission', () => {
  /** A response as admission sees it: close events, and a 503 written with writeHead and end. */
  function fakeExchange(url = '/') {
    const res = Object.assign(new EventEmitter(), { status: 0, writeHead: (status: number) => ((res.status = status), res), end: () => res.emit('close') });
    return { req: { url } as IncomingMessage, res: res as unknown as ServerResponse & { status: number } };
  }

  it('starts a waiting request in the async context it arrived in, not in that of the request whose slot it takes', async () => {
    // Run in the context of the request that freed the slot, a queued request kept that
    // request's context (and everything it refers to) alive: memory grew without bound.
    const admission = createAdmission({ maxInFlight: 1, maxQueued: 1, maxWaitMs: 60_000, basePath: '', staticHeaders: [], metrics: noMetrics, logger: pino({ enabled: false }) });
    const context = new AsyncLocalStorage<string>();
    const first = fakeExchange();
    context.run('first', () => admission.enter(first.req, first.res, () => undefined));
    const second = fakeExchange();
    const startedIn = new Promise<string | undefined>((resolve) => context.run('second', () => admission.enter(second.req, second.res, () => resolve(context.getStore()))));
    expect(admission.full).toBe(true);
    context.run('first, ending', () => first.res.emit('close'));
    await expect(startedIn).resolves.toBe('second');
  });

  const quietOptions = { maxWaitMs: 60_000, basePath: '', staticHeaders: [['x-content-type-options', 'nosniff']] as const, metrics: noMetrics, logger: pino({ enabled: false }) };

  it('answers 503 at once when the queue is full, and lets assets through', () => {
    const admission = createAdmission({ ...quietOptions, maxInFlight: 1, maxQueued: 0 });
    const started: string[] = [];
    for (const url of ['/a', '/b', '/assets/client-X.js']) {
      const { req, res } = fakeExchange(url);
      admission.enter(req, res, () => started.push(url));
      if (url === '/b') expect(res.status).toBe(503);
    }
    expect(started).toEqual(['/a', '/assets/client-X.js']);
  });

  it('lets another answer take the place of a 503 when it can (a kept page)', () => {
    const answered: string[] = [];
    const admission = createAdmission({ ...quietOptions, maxInFlight: 1, maxQueued: 0, answerInstead: (req) => req.url === '/kept' && answered.push('/kept') > 0 });
    const exchanges = ['/a', '/kept', '/other'].map((url) => ({ url, ...fakeExchange(url) }));
    for (const { url, req, res } of exchanges) admission.enter(req, res, () => answered.push(`started ${url}`));
    expect(answered).toEqual(['started /a', '/kept']);
    expect(exchanges.map(({ res }) => res.status)).toEqual([0, 0, 503]);
  });

  it('starts at most startsPerTurn requests in one event-loop turn, the rest in the next turns, none shed while slots are free', async () => {
    const admission = createAdmission({ ...quietOptions, maxInFlight: 10, maxQueued: 0, startsPerTurn: 2 });
    const started: string[] = [];
    const exchanges = ['/1', '/2', '/3', '/4', '/5'].map((url) => ({ url, ...fakeExchange(url) }));
    for (const { url, req, res } of exchanges) admission.enter(req, res, () => started.push(url));
    expect(started).toEqual(['/1', '/2']);
    await new Promise(setImmediate);
    expect(started).toEqual(['/1', '/2', '/3', '/4']);
    await new Promise(setImmediate);
    expect(started).toEqual(['/1', '/2', '/3', '/4', '/5']);
    expect(exchanges.map(({ res }) => res.status)).toEqual([0, 0, 0, 0, 0]);
  });

  it('a freed slot goes to the request that waited longest', async () => {
    const admission = createAdmission({ ...quietOptions, maxInFlight: 1, maxQueued: 5 });
    const started: string[] = [];
    const first = fakeExchange('/first');
    admission.enter(first.req, first.res, () => started.push('/first'));
    const waiting = ['/second', '/third'].map((url) => {
      const { req, res } = fakeExchange(url);
      admission.enter(req, res, () => started.push(url));
      return res;
    });
    await new Promise(setImmediate);
    expect(started).toEqual(['/first']);
    first.res.emit('close');
    expect(started).toEqual(['/first', '/second']);
    // The third leaves while waiting: its wait timer goes with it.
    for (const res of waiting) res.emit('close');
  });
});
