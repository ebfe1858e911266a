import pino from 'pino';
import { PageError } from '../../../../src/server/http/errors';
import { ON_FAILURE, orFallback, type FallbackPart } from '../../../../src/server/content/failures';
import { UpstreamError } from '../../../../src/server/content/upstream-error';
import { captureLogs } from '../../../support/logs';

function scope() {
  const logs = captureLogs();
  return { logs, scope: { log: pino({ level: 'debug' }, logs), fellBack: new Set<FallbackPart>() } };
}
const failed = (kind: 'status' | 'invalid_json' | 'timeout' = 'timeout') => new UpstreamError(kind, 'http://api.test/x', { status: kind === 'status' ? 502 : undefined, body: '<html>' });

describe('orFallback, the one fallback of the content path', () => {
  it('hands the answer on untouched when the call succeeds', async () => {
    const { scope: lookup, logs } = scope();
    await expect(orFallback(lookup, ON_FAILURE.list, Promise.resolve(['a']), [])).resolves.toEqual(['a']);
    expect(lookup.fellBack.size).toBe(0);
    expect(logs.lines).toEqual([]);
  });

  it('answers the fallback after an upstream failure, notes the part and logs the rule’s event once', async () => {
    const { scope: lookup, logs } = scope();
    await expect(orFallback(lookup, ON_FAILURE.menu, Promise.reject(failed()), [])).resolves.toEqual([]);
    await expect(orFallback(lookup, ON_FAILURE.settings, Promise.reject(failed()), undefined)).resolves.toBeUndefined();
    await expect(orFallback(lookup, ON_FAILURE.newArticles, Promise.reject(failed('status')), [])).resolves.toEqual([]);
    await expect(orFallback(lookup, ON_FAILURE.newArticles, Promise.reject(failed('invalid_json')), [])).resolves.toEqual([]);
    expect([...lookup.fellBack]).toEqual(['menu', 'settings', 'new-articles']);
    expect(logs.lines.map((line) => [line.event, line.level])).toEqual([
      ['upstream.fetch_failed', 50],
      ['site.lookup_failed', 40],
      ['article.findnew.http_error', 50],
      ['article.findnew.invalid_json', 50],
    ]);
  });

  it('fails a required lookup as a 503, logged, with no part fallen back', async () => {
    const { scope: lookup, logs } = scope();
    const error = await orFallback(lookup, ON_FAILURE.required, Promise.reject(failed())).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PageError);
    expect((error as PageError).code).toBe('UPSTREAM_UNAVAILABLE');
    expect(lookup.fellBack.size).toBe(0);
    expect(logs.events('upstream.fetch_failed')).toHaveLength(1);
  });

  it('logs nothing for a failure the lookup got without a call of its own (the outage summary counts it)', async () => {
    const { scope: lookup, logs } = scope();
    await expect(orFallback(lookup, ON_FAILURE.list, Promise.reject(failed().withoutCall()), [])).resolves.toEqual([]);
    expect(lookup.fellBack.has('list')).toBe(true);
    expect(logs.lines).toEqual([]);
  });

  it('hands any other error on: a bug is no fallback', async () => {
    const { scope: lookup } = scope();
    const bug = new TypeError('a bug');
    await expect(orFallback(lookup, ON_FAILURE.list, Promise.reject(bug), [])).rejects.toBe(bug);
    expect(lookup.fellBack.size).toBe(0);
  });
});
