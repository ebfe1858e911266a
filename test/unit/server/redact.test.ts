import { errorForLog, redactUrl, redactUrlsIn } from '../../../src/server/redact';
import { UpstreamError } from '../../../src/server/upstream/upstream-error';

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
});
