import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerAuth } from '../../../../src/server/http/bearer-auth';
import { createLogger } from '../../../../src/server/observability/logger';
import { captureLogs } from '../../../support/logs';

const TOKEN = 'a-token-of-at-least-32-characters-0123';

function exchange(authorization: string | undefined): { req: IncomingMessage; res: ServerResponse; answered: { status?: number; headers?: Record<string, string>; body?: string } } {
  const answered: { status?: number; headers?: Record<string, string>; body?: string } = {};
  const res = {
    writeHead(status: number, headers: Record<string, string>) {
      answered.status = status;
      answered.headers = headers;
      return res;
    },
    end(body?: string) {
      answered.body = body;
    },
  };
  const req = { method: 'GET', headers: authorization === undefined ? {} : { authorization }, socket: { remoteAddress: '10.0.0.7' } };
  return { req: req as unknown as IncomingMessage, res: res as unknown as ServerResponse, answered };
}

describe('bearerAuth', () => {
  const logs = captureLogs();
  let clock = 0;
  const authenticate = bearerAuth({ token: TOKEN, refusal: 'SITE_QUERY_UNAUTHORIZED', route: 'site query', logger: createLogger('info', logs), now: () => clock });
  beforeEach(() => logs.clear());

  it('lets the token through, any case of the scheme, and answers nothing', () => {
    for (const header of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`, `Bearer  ${TOKEN} `]) {
      const { req, res, answered } = exchange(header);
      expect(authenticate(req, res)).toBe(true);
      expect(answered).toEqual({});
    }
  });

  it.each([undefined, '', TOKEN, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`, `Bearer ${TOKEN} extra`])('refuses %p with the route\'s 401', (header) => {
    const { req, res, answered } = exchange(header);
    expect(authenticate(req, res)).toBe(false);
    expect(answered).toMatchObject({ status: 401, headers: { 'www-authenticate': 'Bearer' }, body: '{"error":"missing or wrong bearer token"}' });
  });

  it('logs refusals at most once a minute, with how many there were and the latest address, never the token sent', () => {
    // The refusals above were logged in one line at clock 0; counting starts again after it.
    clock += 60_000;
    for (let i = 0; i < 4; i++) authenticate(exchange('Bearer guess-1234').req, exchange('').res);
    clock += 59_999;
    authenticate(exchange('Bearer guess-1234').req, exchange('').res);
    expect(logs.events('site_query.refused')).toEqual([expect.objectContaining({ level: 40, status: 401, client: '10.0.0.7', count: 7, msg: 'site query refused: missing or wrong bearer token' })]);
    clock += 1;
    authenticate(exchange(undefined).req, exchange('').res);
    expect(logs.events('site_query.refused').map((line) => line.count)).toEqual([7, 5]);
    expect(logs.raw.join('\n')).not.toContain('guess-1234');
  });
});
