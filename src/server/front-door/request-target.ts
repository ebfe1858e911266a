/**
 * The request target, before anything reads it (RFC 9112, section 3.2):
 * - an absolute-form target (`GET http://k2.example/ HTTP/1.1`) names the host, and the server
 *   must use it and ignore the Host header (section 3.2.2): it becomes the Host, and the target
 *   its path and query, so every later step reads one host and an origin-form path;
 * - a target longer than MAX_TARGET_LENGTH is answered 414 (URI Too Long).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { plainErrorAnswer, sendPlainError } from '../http/errors';
import { SITE_LABEL } from '../observability/metrics';
import { finishRequest, type EnvelopedRequest, type RequestRecorder } from './envelope';

/** RFC 9112 asks for at least 8,000 octets; nothing this app links to comes near. */
export const MAX_TARGET_LENGTH = 8192;

const ABSOLUTE_FORM = /^https?:\/\//i;

/** Makes an absolute-form http(s) target origin-form, its authority the Host. Other targets are left as they are. */
export function adoptAbsoluteTarget(req: IncomingMessage): void {
  const target = req.url ?? '';
  if (!ABSOLUTE_FORM.test(target) || target.length > MAX_TARGET_LENGTH) return;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    // Not a URL after all: the Host header stands, and the path matches no route (404).
    return;
  }
  req.headers.host = url.host;
  req.url = `${url.pathname}${url.search}`;
}

/** Answers a target over MAX_TARGET_LENGTH with 414 and says whether it did. */
export function createTargetLengthCheck(deps: RequestRecorder & { readonly staticHeaders: readonly (readonly [string, string])[] }): (req: EnvelopedRequest, res: ServerResponse) => boolean {
  const headers = deps.staticHeaders.flat();
  return function refuseLongTarget(req, res) {
    if ((req.url?.length ?? 0) <= MAX_TARGET_LENGTH) return false;
    const started = performance.now();
    const answer = plainErrorAnswer('URI_TOO_LONG', [...headers, 'x-request-id', req.envelope.reqId]);
    sendPlainError(res, answer, req.method);
    finishRequest(deps, req, started, { labels: { route: 'unrouted', site: SITE_LABEL.none }, status: answer.status });
    return true;
  };
}
