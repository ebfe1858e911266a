import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino } from 'pino';
import { bypassesAdmission, createAdmission } from '../../../../src/server/front-door/admission';
import { noMetrics } from '../../../../src/server/observability/metrics';
import { requestedOf, requestEnvelopeOf } from '../../../../src/server/front-door/envelope';
import { trustFunctionOf } from '../../../../src/server/front-door/peer-trust';

describe('bypassesAdmission', () => {
  /** What the envelope works out of a target (front-door/envelope.ts). */
  const requestedAt = (target: string, basePath = '') => requestedOf({ rawHost: 'example.com', protocol: 'https', target }, { defaultSiteKey: 'main', basePath });

  it('lets the assets through, with or without a query', () => {
    expect(bypassesAdmission(requestedAt('/assets/client-X.js'))).toBe(true);
    expect(bypassesAdmission(requestedAt('/assets/client-X.js?v=1'))).toBe(true);
    expect(bypassesAdmission(requestedAt('/answers/assets/client-X.js', '/answers'))).toBe(true);
  });

  it('counts pages, documents, look-alike paths and the probes (answered before admission, probes.ts)', () => {
    expect(bypassesAdmission(requestedAt('/'))).toBe(false);
    expect(bypassesAdmission(requestedAt('/healthz'))).toBe(false);
    expect(bypassesAdmission(requestedAt('/assets-guide'))).toBe(false);
    expect(bypassesAdmission(requestedAt('/assets/client-X.js', '/answers'))).toBe(false);
    expect(bypassesAdmission(requestedAt('?/assets/x'))).toBe(false);
  });
});

describe('createAdmission', () => {
  /** A response as admission sees it: close events, and a 503 written with writeHead and end. */
  function fakeExchange(url = '/') {
    const res = Object.assign(new EventEmitter(), { status: 0, writeHead: (status: number) => ((res.status = status), res), end: () => res.emit('close') });
    const envelope = requestEnvelopeOf({ url, headers: { host: 'example.com' }, rawHeaders: ['Host', 'example.com'], socket: {} } as IncomingMessage, { trust: trustFunctionOf(false), defaultSiteKey: 'main', basePath: '' });
    return { req: Object.assign({ url, method: 'GET' } as IncomingMessage, { envelope }), res: res as unknown as ServerResponse & { status: number } };
  }

  it('starts a waiting request in the async context it arrived in, not in that of the request whose slot it takes', async () => {
    // Run in the context of the request that freed the slot, a queued request kept that
    // request's context (and everything it refers to) alive: memory grew without bound.
    const admission = createAdmission({ maxInFlight: 1, maxQueued: 1, maxWaitMs: 60_000, staticHeaders: [], metrics: noMetrics, logger: pino({ enabled: false }), upstreamFailingFast: () => false });
    const context = new AsyncLocalStorage<string>();
    const first = fakeExchange();
    context.run('first', () => admission.enter(first.req, first.res, () => undefined));
    const second = fakeExchange();
    const startedIn = new Promise<string | undefined>((resolve) => context.run('second', () => admission.enter(second.req, second.res, () => resolve(context.getStore()))));
    expect(admission.full).toBe(true);
    context.run('first, ending', () => first.res.emit('close'));
    await expect(startedIn).resolves.toBe('second');
  });

  const quietOptions = { maxWaitMs: 60_000, staticHeaders: [['x-content-type-options', 'nosniff']] as const, metrics: noMetrics, logger: pino({ enabled: false }), upstreamFailingFast: () => false };

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

  it('while an upstream fails fast, starts at most startsPerTurn requests in one event-loop turn, the rest in the next turns, none shed while slots are free', async () => {
    const admission = createAdmission({ ...quietOptions, maxInFlight: 10, maxQueued: 0, startsPerTurn: 2, upstreamFailingFast: () => true });
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

  it('otherwise starts requests for startBudgetMs of a turn, however many, and the rest in the next turn, within its budget', async () => {
    let now = 0;
    const admission = createAdmission({ ...quietOptions, maxInFlight: 100, maxQueued: 0, startsPerTurn: 2, startBudgetMs: 10, clock: () => now });
    const started: string[] = [];
    // Each start takes 4 ms of the turn: three fit in 10 ms (the third starts at 8 ms).
    const enter = (url: string) => {
      const { req, res } = fakeExchange(url);
      admission.enter(req, res, () => {
        started.push(url);
        now += 4;
      });
    };
    for (const url of ['/1', '/2', '/3', '/4', '/5']) enter(url);
    expect(started).toEqual(['/1', '/2', '/3']);
    // This turn's check phase: its budget is spent, so one turn never renders two budgets' worth.
    await new Promise(setImmediate);
    expect(started).toEqual(['/1', '/2', '/3']);
    await new Promise(setImmediate);
    expect(started).toEqual(['/1', '/2', '/3', '/4', '/5']);
  });

  it('starts the longest waiting request first when a new one arrives and the turn has room', async () => {
    let now = 0;
    const admission = createAdmission({ ...quietOptions, maxInFlight: 100, maxQueued: 0, startBudgetMs: 10, clock: () => now });
    const started: string[] = [];
    const enter = (url: string, cost: number) => {
      const { req, res } = fakeExchange(url);
      admission.enter(req, res, () => {
        started.push(url);
        now += cost;
      });
    };
    enter('/long', 12);
    enter('/waits', 1);
    expect(started).toEqual(['/long']);
    // Two check phases: the spent turn's, then the next one's, which starts the waiting request.
    await new Promise(setImmediate);
    await new Promise(setImmediate);
    expect(started).toEqual(['/long', '/waits']);
    enter('/next-long', 12);
    enter('/queued', 1);
    // The turn that started /next-long is spent: /queued waits; a new turn (time reset by the
    // check phase) lets the next arrival in only behind it.
    await new Promise(setImmediate);
    enter('/arrival', 1);
    expect(started.slice(2)).toEqual(['/next-long', '/queued', '/arrival']);
  });

  it('does not keep the event loop turning while the waiting requests wait for a slot', async () => {
    const admission = createAdmission({ ...quietOptions, maxInFlight: 1, maxQueued: 5 });
    const scheduled = jest.spyOn(globalThis, 'setImmediate');
    const first = fakeExchange('/first');
    admission.enter(first.req, first.res, () => undefined);
    const second = fakeExchange('/second');
    let secondStarted = false;
    admission.enter(second.req, second.res, () => (secondStarted = true));
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    const turnEnds = () => scheduled.mock.calls.filter(([callback]) => callback.name === 'endTurn').length;
    // One end for the turn /first started in; none while /second only waits for the slot.
    expect(turnEnds()).toBe(1);
    first.res.emit('close');
    expect(secondStarted).toBe(true);
    scheduled.mockRestore();
    second.res.emit('close');
  });

  it('counts starts as soon as an upstream fails fast, and budgets them again once it answers', async () => {
    let failingFast = false;
    let now = 0;
    const admission = createAdmission({ ...quietOptions, maxInFlight: 100, maxQueued: 0, startsPerTurn: 2, startBudgetMs: 10, clock: () => now, upstreamFailingFast: () => failingFast });
    const started: string[] = [];
    const enterAll = (urls: string[]) => {
      for (const url of urls) {
        const { req, res } = fakeExchange(url);
        admission.enter(req, res, () => started.push(url));
      }
    };
    // Starts that take no time: the budget lets every one through.
    enterAll(['/a1', '/a2', '/a3', '/a4']);
    expect(started).toEqual(['/a1', '/a2', '/a3', '/a4']);
    await new Promise(setImmediate);
    failingFast = true;
    enterAll(['/b1', '/b2', '/b3']);
    expect(started.slice(4)).toEqual(['/b1', '/b2']);
    await new Promise(setImmediate);
    expect(started.slice(4)).toEqual(['/b1', '/b2', '/b3']);
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
