/** The outage summary (outage-log.ts): one line per origin per interval while anything failed there. */
import pino from 'pino';
import { createOutageLog, summaryOf } from '../../../../src/server/content/outage-log';
import { UpstreamError } from '../../../../src/server/content/upstream-error';
import { captureLogs } from '../../../support/logs';

const CONTENT = 'http://user:pw@content.internal:4000';
const CAMPAIGN = 'http://campaigns.internal:4001';

function setup() {
  const logs = captureLogs();
  return { logs, outage: createOutageLog({ log: pino({}, logs), intervalMs: 10_000 }) };
}

describe('summaryOf', () => {
  it('is undefined when nothing was counted', () => {
    expect(summaryOf('http://a', { failedCalls: {}, failedWithoutCall: {}, staleServed: 0 }, 'closed', 10_000)).toBeUndefined();
  });

  it('sums the kinds and reasons and names the circuit', () => {
    expect(summaryOf('http://a', { failedCalls: { timeout: 2, status: 1 }, failedWithoutCall: { circuit_open: 5 }, staleServed: 9 }, 'open', 10_000)).toEqual({
      event: 'upstream.outage_summary',
      origin: 'http://a',
      intervalSeconds: 10,
      failedCalls: 3,
      failedCallKinds: { timeout: 2, status: 1 },
      failedWithoutCall: 5,
      failedWithoutCallReasons: { circuit_open: 5 },
      staleServed: 9,
      circuit: 'open',
    });
  });
});

describe('the outage log', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes one warn line per origin at the end of the interval, then nothing while all is well', () => {
    const { logs, outage } = setup();
    outage.callFailed(new UpstreamError('timeout', `${CONTENT}/api/setting/get`));
    for (let i = 0; i < 100; i++) outage.staleServed(`${CONTENT}/api/article/search?q=visitor-words`);
    outage.failedWithoutCall(`${CAMPAIGN}/campaigns/api/v1/checkCampaign?campaign_id=c1`, 'circuit_open');
    outage.circuitChanged(CAMPAIGN, 'open');
    expect(logs.lines).toEqual([]);
    jest.advanceTimersByTime(10_000);
    expect(logs.events('upstream.outage_summary')).toEqual([
      expect.objectContaining({ level: 40, origin: 'http://content.internal:4000', failedCalls: 1, staleServed: 100, circuit: 'closed' }),
      expect.objectContaining({ level: 40, origin: CAMPAIGN, failedWithoutCall: 1, circuit: 'open' }),
    ]);
    // Origins only: no credentials, paths or query values.
    expect(logs.raw.join('\n')).not.toMatch(/user:pw|visitor-words|api\//);
    jest.advanceTimersByTime(60_000);
    expect(logs.lines).toHaveLength(2);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('flush writes what was counted at once (at shutdown) and stops the timer', () => {
    const { logs, outage } = setup();
    outage.staleServed(`${CONTENT}/api/setting/get`);
    outage.flush();
    expect(logs.events('upstream.outage_summary')).toEqual([expect.objectContaining({ staleServed: 1 })]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('tells while any origin fails its calls at once: its circuit open or half-open', () => {
    const { outage } = setup();
    expect(outage.anyCircuitOpen).toBe(false);
    outage.circuitChanged(CAMPAIGN, 'open');
    outage.circuitChanged(CONTENT, 'closed');
    expect(outage.anyCircuitOpen).toBe(true);
    outage.circuitChanged(CAMPAIGN, 'half_open');
    expect(outage.anyCircuitOpen).toBe(true);
    outage.circuitChanged(CAMPAIGN, 'closed');
    expect(outage.anyCircuitOpen).toBe(false);
  });
});
