import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERRORS, jsonErrorAnswer, notFound, PageError, plainErrorAnswer, rawErrorAnswer } from '../../../../src/server/http/errors';

const serverRoot = path.resolve(__dirname, '../../../../src/server');
const CATALOGUE = path.join(serverRoot, 'http/errors.ts');
/** A 4xx or 5xx status written as a number where an answer is made: the catalogue's job. */
const HAND_BUILT_ERROR = /\b(?:writeHead|status|sendStatus)\(\s*[45]\d\d\b|\bstatusCode\s*=\s*[45]\d\d\b|\bstatus:\s*[45]\d\d\b|HTTP\/1\.[01] [45]\d\d|['"`][45]\d\d [A-Z]/;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(file) : /\.tsx?$/.test(entry.name) ? [file] : [];
  });

describe('the error catalogue', () => {
  it('gives a page error its status and, unless told otherwise, its message', () => {
    expect(notFound()).toMatchObject({ status: 404, code: 'NOT_FOUND', message: ERRORS.NOT_FOUND.message });
    expect(new PageError('UPSTREAM_UNAVAILABLE', 'No settings.')).toMatchObject({ status: 503, message: 'No settings.' });
  });

  it('writes a plain answer with its retry time or its methods, never kept by a cache', () => {
    const overloaded = plainErrorAnswer('OVERLOADED', ['x-frame-options', 'SAMEORIGIN']);
    expect(overloaded.status).toBe(503);
    expect(overloaded.headers.slice(0, 4)).toEqual(['x-frame-options', 'SAMEORIGIN', 'retry-after', '1']);
    expect(overloaded.headers).toEqual(expect.arrayContaining(['cache-control', 'private, no-store', 'content-length', String(overloaded.body.length)]));
    expect(plainErrorAnswer('METHOD_NOT_ALLOWED').headers.slice(0, 2)).toEqual(['allow', 'GET, HEAD']);
  });

  it('declares every answer with its status, and logs bugs, overload and purge refusals with a stable event, not the answers a page gives on purpose', () => {
    const declared = Object.entries(ERRORS).map(([code, answer]) => [code, answer.status, 'log' in answer ? `${answer.log.level} ${answer.log.event}` : 'not logged']);
    expect(declared).toEqual([
      ['BAD_REQUEST', 400, 'not logged'],
      ['NOT_FOUND', 404, 'not logged'],
      ['METHOD_NOT_ALLOWED', 405, 'not logged'],
      ['URI_TOO_LONG', 414, 'not logged'],
      ['UPSTREAM_UNAVAILABLE', 503, 'not logged'],
      ['OVERLOADED', 503, 'warn load.shed'],
      ['RENDER_ABORTED', 500, 'error render.aborted'],
      ['UNEXPECTED', 500, 'error request.failed'],
      ['ERROR_PAGE_FAILED', 500, 'error request.failed'],
      ['FAILED_MIDWAY', 500, 'error response.failed_midway'],
      ['METRICS_UNAVAILABLE', 500, 'not logged'],
      ['NOT_READY', 503, 'not logged'],
      ['PURGE_METHOD_NOT_ALLOWED', 405, 'not logged'],
      ['PURGE_UNAUTHORIZED', 401, 'warn purge.refused'],
      ['PURGE_BAD_REQUEST', 400, 'warn purge.refused'],
      ['PURGE_BODY_TIMEOUT', 408, 'warn purge.refused'],
      ['SITE_QUERY_METHOD_NOT_ALLOWED', 405, 'not logged'],
      ['SITE_QUERY_UNAUTHORIZED', 401, 'warn site_query.refused'],
      ['SITE_QUERY_BAD_REQUEST', 400, 'not logged'],
      ['HEADERS_TOO_LARGE', 431, 'not logged'],
      ['CHUNK_EXTENSIONS_TOO_LARGE', 413, 'not logged'],
      ['REQUEST_TIMEOUT', 408, 'not logged'],
      ['UNPARSABLE_REQUEST', 400, 'not logged'],
    ]);
  });

  it('writes a JSON answer with its methods or its challenge, never kept by a cache', () => {
    expect(jsonErrorAnswer('PURGE_UNAUTHORIZED')).toEqual({
      status: 401,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': '41', 'www-authenticate': 'Bearer' },
      body: '{"error":"missing or wrong bearer token"}',
    });
    expect(jsonErrorAnswer('PURGE_METHOD_NOT_ALLOWED').headers).toMatchObject({ allow: 'POST' });
    expect(jsonErrorAnswer('PURGE_BAD_REQUEST', 'slugs must be strings', { connection: 'close' })).toMatchObject({ status: 400, headers: { connection: 'close' }, body: '{"error":"slugs must be strings"}' });
  });

  it('writes a parser refusal as a bare status line that closes the connection', () => {
    expect(rawErrorAnswer('HEADERS_TOO_LARGE')).toBe('HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n');
  });

  it('is the only place in src/server that writes a 4xx or 5xx status as a number', () => {
    expect(HAND_BUILT_ERROR.test("res.writeHead(401, { 'www-authenticate': 'Bearer' })")).toBe(true);
    expect(HAND_BUILT_ERROR.test('socket.end(`HTTP/1.1 408 Request Timeout\\r\\n`)')).toBe(true);
    const handBuilt = sourceFiles(serverRoot)
      .filter((file) => file !== CATALOGUE)
      .flatMap((file) => readFileSync(file, 'utf8').split('\n').flatMap((line, index) => (HAND_BUILT_ERROR.test(line) ? [`${path.relative(serverRoot, file)}:${index + 1}: ${line.trim()}`] : [])));
    expect(handBuilt).toEqual([]);
  });
});
