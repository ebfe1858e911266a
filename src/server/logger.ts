/** pino on stdout, and the per-request logging of pino-http (contract/app.md, Logs). */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type DestinationStream, type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';

/**
 * stdout, written asynchronously: while one write is under way, new lines gather and go out
 * together, so a busy process does not make one write per line, and a quiet one still shows
 * each line at once. `flushSync` writes what is left before the process exits.
 */
export function stdoutDestination(): DestinationStream & { flushSync(): void } {
  return pino.destination({ dest: 1, sync: false });
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      // Support must never find a visitor's cookies or credentials in the logs.
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'headers.cookie', 'headers.authorization'], censor: '[redacted]' },
    },
    destination,
  );
}

/** A load balancer's x-request-id is reused when it is well-formed; otherwise a fresh UUID. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

type Res = ServerResponse<IncomingMessage> & { locals?: { host?: string; siteKey?: string }; err?: unknown };

export function requestLogging(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'reqId' },
    genReqId(req, res) {
      const id = requestIdOf(req.headers['x-request-id']);
      res.setHeader('x-request-id', id);
      return id;
    },
    serializers: {
      req(req: { method: string; url: string; headers: Record<string, string | undefined> }) {
        return { method: req.method, url: req.url.slice(0, 2048), userAgent: req.headers['user-agent']?.slice(0, 256) };
      },
      res(res: { statusCode: number }) {
        return { statusCode: res.statusCode };
      },
    },
    customProps(req: IncomingMessage, res: Res) {
      const path = (req.url ?? '').split('?')[0]?.slice(0, 2048);
      return { host: res.locals?.host, siteKey: res.locals?.siteKey, method: req.method, path, status: res.statusCode };
    },
    customLogLevel(_req, res, error) {
      if (error || res.statusCode >= 500) return 'error';
      return 'info';
    },
    // One message for every request line, whatever its status: support greps for it.
    customErrorMessage: () => 'request completed',
    customErrorObject(_req, res: Res, _error, fields: Record<string, unknown>) {
      // Without res.err, pino-http made an error up ("failed with status code 503"), stack and
      // all; the real cause is on the request's event lines (same reqId).
      if (res.err) return fields;
      const { err: _madeUp, ...rest } = fields;
      return rest;
    },
  });
}
