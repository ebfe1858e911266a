import { Writable } from 'node:stream';
import { pino } from 'pino';
import { createRefusalReport, REFUSAL_LOG_INTERVAL_MS } from '../../../../src/server/front-door/refusal-report';
import { noMetrics } from '../../../../src/server/observability/metrics';
import type { RefusalReason, RefusalSettings, RefusingPort } from '../../../../src/server/http/connection-refusals';

const SETTINGS: RefusalSettings = { port: 'public', maxConnections: 900, perAddressShare: 112, firstRequestDeadlineMs: 3000, headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, trustProxy: false };

function report(settings: RefusalSettings = SETTINGS) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ base: undefined }, new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(JSON.parse(String(chunk)) as Record<string, unknown>), done()) }));
  const counted: [RefusalReason, RefusingPort][] = [];
  let clock = 0;
  const onRefused = createRefusalReport({ logger, metrics: { ...noMetrics, countRefusedConnection: (reason, port) => counted.push([reason, port]) }, settings, now: () => clock });
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
  expect(lines.at(-1)).toMatchObject({ level: 40, event: 'connection.refused', port: 'public', reason: 'per_address_share', peer: '10.0.0.8', refused: 7, setting: 'MAX_CONNECTIONS', perAddressShare: 112, maxConnections: 900, trustProxy: false });
  expect(lines.at(-1)?.msg).toMatch(/10\.0\.0\.8 already holds 112 sockets, .* set TRUST_PROXY/);
  expect(counted).toHaveLength(9);
});

test('a slow first request is an info line naming the deadline', () => {
  const { onRefused, lines } = report();
  onRefused('first_request_timeout', '192.0.2.1');
  expect(lines).toEqual([expect.objectContaining({ level: 30, reason: 'first_request_timeout', peer: '192.0.2.1', firstRequestDeadlineMs: 3000, msg: expect.stringContaining('within 3000 ms') })]);
});

test('the metrics port: its refusals are counted and reported under its name, with its own cap and no advice about TRUST_PROXY', () => {
  const { onRefused, lines, counted } = report({ ...SETTINGS, port: 'metrics', maxConnections: 64, perAddressShare: 16 });
  onRefused('per_address_share', '10.0.0.7');
  onRefused('request_timeout', '10.0.0.7');
  onRefused('request_timeout', '10.0.0.8');
  expect(counted).toEqual([
    ['per_address_share', 'metrics'],
    ['request_timeout', 'metrics'],
    ['request_timeout', 'metrics'],
  ]);
  expect(lines).toEqual([
    expect.objectContaining({ level: 40, event: 'connection.refused', port: 'metrics', reason: 'per_address_share', peer: '10.0.0.7', perAddressShare: 16, maxConnections: 64 }),
    expect.objectContaining({ level: 30, event: 'connection.refused', port: 'metrics', reason: 'request_timeout', refused: 1, requestTimeoutMs: 30_000 }),
  ]);
  expect(lines[0]?.msg).toBe("connections refused: 10.0.0.7 already holds 16 sockets, its share of the metrics port's 64; one client holds sockets it does not use");
  expect(lines.some((line) => 'stack' in line || JSON.stringify(line).includes('TRUST_PROXY'))).toBe(false);
});
