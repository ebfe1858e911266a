import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino } from 'pino';
import { bypassesAdmission, createAdmission } from '../../../src/server/admission';
import { noMetrics } from '../../../src/server/metrics';

describe('bypassesAdmission', () => {
  it('lets the probes and the assets through, with or without a query', () => {
    expect(bypassesAdmission('/healthz', '')).toBe(true);
    expect(bypassesAdmission('/readyz?full=1', '')).toBe(true);
    expect(bypassesAdmission('/assets/client-X.js', '')).toBe(true);
    expect(bypassesAdmission('/answers/assets/client-X.js', '/answers')).toBe(true);
  });

  it('counts pages, documents and look-alike paths', () => {
    expect(bypassesAdmission('/', '')).toBe(false);
    expect(bypassesAdmission('/healthz/x', '')).toBe(false);
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

  it('answers 503 at once when the queue is full, and lets probes through', () => {
    const admission = createAdmission({ maxInFlight: 1, maxQueued: 0, maxWaitMs: 60_000, basePath: '', staticHeaders: [['x-content-type-options', 'nosniff']], metrics: noMetrics, logger: pino({ enabled: false }) });
    const started: string[] = [];
    for (const url of ['/a', '/b', '/healthz']) {
      const { req, res } = fakeExchange(url);
      admission.enter(req, res, () => started.push(url));
      if (url === '/b') expect(res.status).toBe(503);
    }
    expect(started).toEqual(['/a', '/healthz']);
  });
});
