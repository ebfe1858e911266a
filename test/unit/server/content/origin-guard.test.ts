import pino from 'pino';
import { createOriginGuard, isOriginFailure, type OriginLimits } from '../../../../src/server/content/origin-guard';
import { createOutageLog } from '../../../../src/server/content/outage-log';
import { UpstreamError } from '../../../../src/server/content/upstream-error';
import { captureLogs } from '../../../support/logs';

const URL_A = 'http://api.test/api/x';

function setup(limits: Partial<OriginLimits> = {}) {
  const logs = captureLogs();
  const log = pino({}, logs);
  const outage = createOutageLog({ log, intervalMs: 60_000 });
  const guard = createOriginGuard('http://api.test', { connections: 2, queue: 1, breakAfter: 2, halfOpenAfterMs: 1000, ...limits }, log, outage);
  return { guard, logs, outage };
}

/** A call that stays pending until the test settles it. */
function pendingCall() {
  let settle!: { resolve: (value: string) => void; reject: (error: unknown) => void };
  const promise = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  const call = jest.fn(() => promise);
  return { call, ...settle };
}

const never = () => new AbortController().signal;
const failure = (kind: 'network' | 'timeout') => () => Promise.reject(new UpstreamError(kind, URL_A));
const kindOf = (promise: Promise<unknown>) => promise.then(() => 'ok', (error: unknown) => (error instanceof UpstreamError ? error.kind : String(error)));

describe('origin guard: bulkhead', () => {
  it('runs `connections` calls at once, queues `queue` more, and refuses the rest at once as overloaded', async () => {
    const { guard } = setup();
    const calls = [pendingCall(), pendingCall(), pendingCall()];
    const running = calls.map(({ call }) => guard.run(URL_A, never(), call));
    const refused = jest.fn(async () => 'never asked');
    await expect(guard.run(URL_A, never(), refused)).rejects.toMatchObject({ kind: 'overloaded' });
    expect(refused).not.toHaveBeenCalled();
    expect(calls.map(({ call }) => call.mock.calls.length)).toEqual([1, 1, 0]);
    calls[0]?.resolve('first');
    await expect(running[0]).resolves.toBe('first');
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls[2]?.call).toHaveBeenCalledTimes(1);
    calls[1]?.resolve('second');
    calls[2]?.resolve('third');
    await expect(Promise.all(running)).resolves.toEqual(['first', 'second', 'third']);
  });

  it('a queued call whose budget ends stops waiting at once, as a timeout, and never runs', async () => {
    const { guard, logs, outage } = setup({ connections: 1 });
    const busy = pendingCall();
    const running = guard.run(URL_A, never(), busy.call);
    const budget = new AbortController();
    const queued = jest.fn(async () => 'late');
    const waiting = guard.run(URL_A, budget.signal, queued).catch((error: unknown) => error);
    budget.abort();
    // No call was made: the error says so, and the outage summary counts it.
    expect(await waiting).toMatchObject({ kind: 'timeout', madeCall: false });
    outage.flush();
    expect(logs.events('upstream.outage_summary')).toEqual([expect.objectContaining({ failedCalls: 0, failedWithoutCallReasons: { queue_timeout: 1 } })]);
    busy.resolve('done');
    await running;
    await new Promise((resolve) => setImmediate(resolve));
    expect(queued).not.toHaveBeenCalled();
  });

  it('a full queue does not count against the origin', async () => {
    const { guard } = setup({ connections: 1, queue: 0, breakAfter: 1 });
    const busy = pendingCall();
    const running = guard.run(URL_A, never(), busy.call);
    expect(await kindOf(guard.run(URL_A, never(), async () => 'x'))).toBe('overloaded');
    expect(await kindOf(guard.run(URL_A, never(), async () => 'x'))).toBe('overloaded');
    busy.resolve('done');
    await running;
    await expect(guard.run(URL_A, never(), async () => 'open?')).resolves.toBe('open?');
  });
});

describe('origin guard: circuit breaker', () => {
  beforeEach(() => {
    // Only the clock is fake: the breaker reads Date.now(); promises and I/O run as usual.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'] });
  });
  afterEach(() => jest.useRealTimers());

  it('opens after `breakAfter` consecutive origin failures and then fails fast without calling', async () => {
    const { guard, logs, outage } = setup();
    expect(await kindOf(guard.run(URL_A, never(), failure('network')))).toBe('network');
    expect(await kindOf(guard.run(URL_A, never(), failure('timeout')))).toBe('timeout');
    const call = jest.fn(async () => 'x');
    await expect(guard.run(URL_A, never(), call)).rejects.toMatchObject({ kind: 'circuit_open', madeCall: false });
    expect(call).not.toHaveBeenCalled();
    expect(logs.events('upstream.circuit_open')).toHaveLength(1);
    outage.flush();
    expect(logs.events('upstream.outage_summary')).toEqual([expect.objectContaining({ origin: 'http://api.test', failedWithoutCallReasons: { circuit_open: 1 }, circuit: 'open' })]);
  });

  it('counts failures of the origin and unusable answers; a 404 or a 400 in between keeps it closed', async () => {
    const { guard } = setup();
    await kindOf(guard.run(URL_A, never(), failure('network')));
    await kindOf(guard.run(URL_A, never(), () => Promise.reject(new UpstreamError('status', URL_A, { status: 404 }))));
    await kindOf(guard.run(URL_A, never(), () => Promise.reject(new UpstreamError('status', URL_A, { status: 400 }))));
    await kindOf(guard.run(URL_A, never(), async () => 'ok'));
    await kindOf(guard.run(URL_A, never(), failure('network')));
    await expect(guard.run(URL_A, never(), async () => 'still closed')).resolves.toBe('still closed');
    for (const kind of ['invalid_json', 'too_large', 'too_deep', 'shape', 'network', 'timeout'] as const) expect({ kind, counts: isOriginFailure(new UpstreamError(kind, URL_A)) }).toEqual({ kind, counts: true });
    for (const status of [500, 503, 401, 403, 429]) expect({ status, counts: isOriginFailure(new UpstreamError('status', URL_A, { status })) }).toEqual({ status, counts: true });
    for (const status of [400, 404, 410, 431]) expect({ status, counts: isOriginFailure(new UpstreamError('status', URL_A, { status })) }).toEqual({ status, counts: false });
    expect(isOriginFailure(new UpstreamError('circuit_open', URL_A))).toBe(false);
    expect(isOriginFailure(new Error('bug'))).toBe(false);
  });

  it('opens on answers it cannot use: two invalid JSON answers open a circuit of two', async () => {
    const { guard, logs } = setup();
    await kindOf(guard.run(URL_A, never(), () => Promise.reject(new UpstreamError('invalid_json', URL_A))));
    await kindOf(guard.run(URL_A, never(), () => Promise.reject(new UpstreamError('shape', URL_A))));
    expect(await kindOf(guard.run(URL_A, never(), async () => 'x'))).toBe('circuit_open');
    expect(logs.events('upstream.circuit_open')).toHaveLength(1);
  });

  it('the failures that opened it write their own lines; calls in flight that fail after it opened are summarized', async () => {
    const { guard } = setup({ connections: 5 });
    const inFlight = [pendingCall(), pendingCall(), pendingCall(), pendingCall()];
    const running = inFlight.map(({ call }) => guard.run(URL_A, never(), call).catch((error: unknown) => error));
    for (const call of inFlight) call.reject(new UpstreamError('invalid_json', URL_A));
    const failures = (await Promise.all(running)) as UpstreamError[];
    expect(failures.map((error) => error.summarized)).toEqual([false, false, true, true]);
    expect(failures.every((error) => error.madeCall)).toBe(true);
  });

  it('lets one probe through after halfOpenAfterMs; others fail fast meanwhile; its success closes the circuit', async () => {
    const { guard, logs } = setup();
    await kindOf(guard.run(URL_A, never(), failure('network')));
    await kindOf(guard.run(URL_A, never(), failure('network')));
    jest.setSystemTime(Date.now() + 999);
    expect(await kindOf(guard.run(URL_A, never(), async () => 'x'))).toBe('circuit_open');
    jest.setSystemTime(Date.now() + 2);
    const probe = pendingCall();
    const probing = guard.run(URL_A, never(), probe.call);
    const other = jest.fn(async () => 'x');
    expect(await kindOf(guard.run(URL_A, never(), other))).toBe('circuit_open');
    expect(other).not.toHaveBeenCalled();
    probe.resolve('healthy');
    await expect(probing).resolves.toBe('healthy');
    await expect(guard.run(URL_A, never(), async () => 'closed')).resolves.toBe('closed');
    expect(logs.events('upstream.circuit_closed')).toHaveLength(1);
  });

  it('a failed probe keeps it open without a new opening; the next probe is due halfOpenAfterMs after the failed one was sent', async () => {
    const { guard, logs } = setup();
    await kindOf(guard.run(URL_A, never(), failure('network')));
    await kindOf(guard.run(URL_A, never(), failure('network')));
    jest.setSystemTime(Date.now() + 1001);
    const probe = pendingCall();
    const probing = guard.run(URL_A, never(), probe.call).catch((error: unknown) => error);
    // The probe hangs for 800 ms of the clock, then fails: still open, and summarized.
    jest.setSystemTime(Date.now() + 800);
    probe.reject(new UpstreamError('timeout', URL_A));
    expect(await probing).toMatchObject({ kind: 'timeout', summarized: true });
    const call = jest.fn(async () => 'x');
    expect(await kindOf(guard.run(URL_A, never(), call))).toBe('circuit_open');
    expect(call).not.toHaveBeenCalled();
    // 1000 ms after the failed probe was sent (not after it failed), the next one goes through.
    jest.setSystemTime(Date.now() + 201);
    await expect(guard.run(URL_A, never(), async () => 'back')).resolves.toBe('back');
    expect(logs.events('upstream.circuit_open')).toHaveLength(1);
    expect(logs.events('upstream.circuit_closed')).toHaveLength(1);
  });

  it('a probe is handed a signal that ends after halfOpenAfterMs; other calls get their own', async () => {
    const { guard } = setup({ halfOpenAfterMs: 100 });
    const own = new AbortController().signal;
    const seen: AbortSignal[] = [];
    await guard.run(URL_A, own, async (signal) => void seen.push(signal));
    await kindOf(guard.run(URL_A, own, failure('network')));
    await kindOf(guard.run(URL_A, own, failure('network')));
    jest.setSystemTime(Date.now() + 101);
    const probe = guard.run(URL_A, own, (signal) => {
      seen.push(signal);
      return new Promise<string>((_resolve, reject) => signal.addEventListener('abort', () => reject(new UpstreamError('timeout', URL_A)), { once: true }));
    });
    expect(await kindOf(probe)).toBe('timeout');
    expect(seen[0]).toBe(own);
    expect(seen[1]).not.toBe(own);
    expect(seen[1]?.aborted).toBe(true);
    expect(own.aborted).toBe(false);
  });

  it('a call sent before it opened that fails while a probe runs neither counts nor ends the probe', async () => {
    const { guard, logs } = setup({ connections: 5 });
    const old = pendingCall();
    const oldCall = guard.run(URL_A, never(), old.call).catch((error: unknown) => error);
    await kindOf(guard.run(URL_A, never(), failure('network')));
    await kindOf(guard.run(URL_A, never(), failure('network')));
    jest.setSystemTime(Date.now() + 1001);
    const probe = pendingCall();
    const probing = guard.run(URL_A, never(), probe.call);
    old.reject(new UpstreamError('timeout', URL_A));
    expect(await oldCall).toMatchObject({ kind: 'timeout', summarized: true });
    probe.resolve('healthy');
    await expect(probing).resolves.toBe('healthy');
    expect(logs.events('upstream.circuit_open')).toHaveLength(1);
    expect(logs.events('upstream.circuit_closed')).toHaveLength(1);
  });

  it('calls sent before it opened that fail after a probe closed it do not open it again', async () => {
    const { guard, logs } = setup({ connections: 5 });
    const old = [pendingCall(), pendingCall()];
    const oldCalls = old.map(({ call }) => guard.run(URL_A, never(), call).catch((error: unknown) => error));
    await kindOf(guard.run(URL_A, never(), failure('network')));
    await kindOf(guard.run(URL_A, never(), failure('network')));
    jest.setSystemTime(Date.now() + 1001);
    await expect(guard.run(URL_A, never(), async () => 'probe')).resolves.toBe('probe');
    for (const call of old) call.reject(new UpstreamError('timeout', URL_A));
    await Promise.all(oldCalls);
    await expect(guard.run(URL_A, never(), async () => 'still closed')).resolves.toBe('still closed');
    expect(logs.events('upstream.circuit_open')).toHaveLength(1);
  });
});
