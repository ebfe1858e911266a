import { errorForLog, hostForLog, lineWithin, MAX_LOG_LINE_BYTES, redactUrl, redactUrlsIn } from '../../../../src/server/observability/redact';
import { UpstreamError } from '../../../../src/server/content/upstream-error';

describe('redactUrl', () => {
  it.each([
    ['http://user:pa55@api.internal:4000/api/setting/get', 'http://api.internal:4000/api/setting/get'],
    ['https://api.internal/api/article/search?q=private+words&type=domains&domains=d1', 'https://api.internal/api/article/search?q&type&domains'],
    ['https://api.internal/x?token=abc&token=def', 'https://api.internal/x?token'],
    ['http://api.internal/', 'http://api.internal/'],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('leaves text that is no URL as it is', () => {
    expect(redactUrl('/relative?x=1')).toBe('/relative?x=1');
  });

  it('redacts every URL inside a text', () => {
    expect(redactUrlsIn('GET http://u:p@a.example/x?k=v failed, then https://b.example/y?s=1.')).toBe('GET http://a.example/x?k failed, then https://b.example/y?s');
  });
});

describe('errorForLog', () => {
  it('an expected upstream failure: type, code and a short message without its URL, no stack', () => {
    const url = 'http://user:secret@api.internal/api/article/search?q=words';
    const refused = new UpstreamError('network', url, { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), message: `upstream unreachable (ECONNREFUSED): ${url}` });
    expect(errorForLog(refused)).toEqual({ type: 'UpstreamError', code: 'ECONNREFUSED', message: 'upstream unreachable (ECONNREFUSED)' });
    expect(errorForLog(new UpstreamError('timeout', url))).toEqual({ type: 'UpstreamError', code: 'UPSTREAM_TIMEOUT', message: 'upstream timeout' });
  });

  it('a bug keeps its stack, with URLs redacted', () => {
    const bug = new TypeError('cannot read http://user:secret@api.internal/x?token=t');
    const serialized = errorForLog(bug) as Record<string, unknown>;
    expect(serialized).toMatchObject({ type: 'TypeError', message: 'cannot read http://api.internal/x?token' });
    expect(String(serialized.stack)).toContain('TypeError: cannot read http://api.internal/x?token');
    expect(JSON.stringify(serialized)).not.toContain('secret');
  });

  it('a listener that could not bind is expected: type, code and message, no stack', () => {
    const inUse = Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:3000'), { code: 'EADDRINUSE', syscall: 'listen', errno: -98 });
    expect(errorForLog(inUse)).toEqual({ type: 'Error', code: 'EADDRINUSE', message: 'listen EADDRINUSE: address already in use 127.0.0.1:3000' });
  });

  it("a bug's stack is cut to its first frames", () => {
    const bug = new Error('deep');
    bug.stack = `Error: deep\n${'    at frame (file.js:1:1)\n'.repeat(500)}`;
    expect(String((errorForLog(bug) as Record<string, unknown>).stack).length).toBeLessThanOrEqual(1200);
  });
});

describe('hostForLog', () => {
  it.each([
    ['user:s3cret@localhost', '[userinfo]@localhost'],
    ['a@b@example.com:80', '[userinfo]@example.com:80'],
    ['bad host!', 'bad host!'],
  ])('%s -> %s', (raw, shown) => {
    expect(hostForLog(raw)).toBe(shown);
  });

  it('cuts a long value', () => {
    expect(hostForLog('h'.repeat(5000))).toBe(`${'h'.repeat(100)}…`);
  });
});

describe('lineWithin', () => {
  const line = (fields: Record<string, unknown>) => `${JSON.stringify({ level: 30, time: 1, reqId: 'r1', ...fields })}\n`;

  it('returns a line that fits as it is', () => {
    const short = line({ msg: 'request completed', path: '/a' });
    expect(lineWithin(short)).toBe(short);
  });

  it('shortens the long strings of a line over 2 KB and marks it', () => {
    const long = line({ msg: 'x', path: `/${'p'.repeat(9000)}`, note: 'é'.repeat(3000) });
    const shortened = lineWithin(long);
    expect(Buffer.byteLength(shortened)).toBeLessThanOrEqual(MAX_LOG_LINE_BYTES);
    expect(shortened.endsWith('\n')).toBe(true);
    expect(JSON.parse(shortened)).toMatchObject({ level: 30, reqId: 'r1', msg: 'x', truncated: true, path: `/${'p'.repeat(199)}…` });
  });

  it('keeps only the essential fields when shortening the strings is not enough', () => {
    const many = line(Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`field${i}`, 'v'.repeat(60)])));
    const kept = lineWithin(many);
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(MAX_LOG_LINE_BYTES);
    expect(JSON.parse(kept)).toEqual({ level: 30, time: 1, reqId: 'r1', truncated: true });
  });
});
