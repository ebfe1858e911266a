import { Writable } from 'node:stream';
import { pino } from 'pino';
import { createRefusalReport, REFUSAL_LOG_INTERVAL_MS } from '../../../../src/server/edge/refusal-report';
import { noMetrics } from '../../../../src/server/observability/metrics';
import type { RefusalReason } from '../../../../src/server/rules/connection-refusals';

const SETTINGS = { maxConnections: 900, perAddressShare: 112, firstRequestDeadlineMs: 3000, trustProxy: false };

function report() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ base: undefined }, new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(JSON.parse(String(chunk)) as Record<string, unknown>), done()) }));
  const counted: RefusalReason[] = [];
  let clock = 0;
  const onRefused = createRefusalReport({ logger, metrics: { ...noMetrics, countRefusedConnection: (reason) => counted.push(reason) }, settings: SETTINGS, now: () => clock });
  return { onRefused, lines, counted, advance: (ms: number) => (clock += ms) };
}

test('every refusal is counted; one line a minute per reason, with the peer, how many and the setting that decided', () => {
  const { onRefused, lines, counted, advance } = report();
  onRefused('per_address_share', '10.0.0.7');
  for (let n = 0; n < 5; n++) onRefused('per_address_share', '10.0.0.7');
  onRefused('cap', '10.0.0.9');
  advance(REFUSAL_LOG_INTERVAL_MS - 1);
  onRefused('per_address_share', '10.0.0.8');
  expect(lines.map((line) => [line.reason, line.refused])).toEqual([
    ['per_address_share', 1],
    ['cap', 1],
  ]);
  advance(1);
  onRefused('per_address_share', '10.0.0.8');
  expect(lines.at(-1)).toMatchObject({ level: 40, event: 'connection.refused', reason: 'per_address_share', peer: '10.0.0.8', refused: 7, setting: 'MAX_CONNECTIONS', perAddressShare: 112, maxConnections: 900, trustProxy: false });
  expect(lines.at(-1)?.msg).toMatch(/10\.0\.0\.8 already holds 112 sockets, .* set TRUST_PROXY/);
  expect(counted).toHaveLength(9);
});

test('a slow first request is an info line naming the deadline', () => {
  const { onRefused, lines } = report();
  onRefused('first_request_timeout', '192.0.2.1');
  expect(lines).toEqual([expect.objectContaining({ level: 30, reason: 'first_request_timeout', peer: '192.0.2.1', firstRequestDeadlineMs: 3000, msg: expect.stringContaining('within 3000 ms') })]);
});
