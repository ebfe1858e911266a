import type { IncomingMessage } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { forwardedOverHttp, requestEnvelopeOf, requestedOf, type FrontDoorSettings } from '../../../../src/server/front-door/envelope';
import { trustFunctionOf } from '../../../../src/server/front-door/peer-trust';
import { pageCacheKeyOf } from '../../../../src/server/page-cache/rules';
import { matchRoute, NOT_FOUND_ROUTE, ROUTE_TABLE } from '../../../../src/server/routing/routes';

/** A request as the listener receives it: target, parsed headers, the raw list, and its peer. */
function requestOf(headers: Record<string, string>, remoteAddress = '10.0.0.1', encrypted = false, url = '/'): IncomingMessage {
  return { url, headers, rawHeaders: Object.entries(headers).flat(), socket: { remoteAddress, encrypted } } as unknown as IncomingMessage;
}

const forwarded = { host: 'internal:8080', 'x-forwarded-host': 'sub.example.com, proxy.local', 'x-forwarded-proto': 'http, https', 'x-request-id': 'lb-request-0001' };
const settingsTrusting = (trust: Parameters<typeof trustFunctionOf>[0]): FrontDoorSettings => ({ trust: trustFunctionOf(trust), defaultSiteKey: 'answers', basePath: '' });
const atRoot = { defaultSiteKey: 'answers', basePath: '' };
const underAnswers = { defaultSiteKey: 'answers', basePath: '/answers' };

describe('requestEnvelopeOf', () => {
  it('reads the forwarded host, scheme and request id from a trusted proxy, and works out what they ask for', () => {
    const envelope = requestEnvelopeOf(requestOf(forwarded, '10.0.0.1', false, '/article-1?utm_source=x'), settingsTrusting(['10.0.0.1']));
    expect(envelope).toEqual({
      reqId: 'lb-request-0001',
      hostSource: { header: 'x-forwarded-host', value: 'sub.example.com', repeated: false },
      rawHost: 'sub.example.com',
      protocol: 'http',
      forwardedOverHttp: true,
      logPath: '/article-1',
      targetPath: '/article-1',
      sitePath: '/article-1',
      address: { host: 'sub.example.com', siteKey: 'example', origin: 'https://sub.example.com' },
      query: parseQuery('utm_source=x'),
      route: { kind: 'page', rule: ROUTE_TABLE.article, index: 'article-1' },
      pageCacheKey: 'https://sub.example.com|/article-1|',
    });
  });

  it('ignores every forwarded header from a peer it does not trust', () => {
    const envelope = requestEnvelopeOf(requestOf(forwarded, '203.0.113.9', true), settingsTrusting(['10.0.0.1']));
    expect(envelope.reqId).not.toBe('lb-request-0001');
    expect(envelope.hostSource).toEqual({ header: 'host', value: 'internal:8080', repeated: false });
    expect(envelope.protocol).toBe('https');
    expect(envelope.forwardedOverHttp).toBe(false);
    expect(envelope.address).toEqual({ host: 'internal', siteKey: 'answers', origin: 'https://internal' });
  });

  it('names no host, and so no site and no page-cache key, when Host is repeated', () => {
    const req = { ...requestOf({ host: 'a.example.com' }), rawHeaders: ['Host', 'a.example.com', 'host', 'b.example.com'] } as IncomingMessage;
    const envelope = requestEnvelopeOf(req, settingsTrusting(false));
    expect(envelope.hostSource).toEqual({ header: 'host', value: undefined, repeated: true });
    expect(envelope.rawHost).toBe('');
    expect(envelope.address).toBeNull();
    expect(envelope.pageCacheKey).toBeNull();
  });
});

describe('requestedOf: the site address, route and page-cache key, worked out once', () => {
  it('normalizes the host once: its site key, and the origin on the site itself', () => {
    expect(requestedOf({ rawHost: 'Cooking.Example.com.', protocol: 'http', target: '/' }, atRoot).address).toEqual({ host: 'cooking.example.com', siteKey: 'example', origin: 'https://cooking.example.com' });
  });

  it('keeps the scheme and a port other than the default on development hosts', () => {
    const originOf = (rawHost: string, protocol: string) => requestedOf({ rawHost, protocol, target: '/' }, atRoot).address?.origin;
    expect(originOf('localhost:3000', 'http')).toBe('http://localhost:3000');
    expect(originOf('localhost:80', 'http')).toBe('http://localhost');
    expect(originOf('cooking.localhost:443', 'https')).toBe('https://cooking.localhost');
    expect(originOf('[::1]:8080', 'http')).toBe('http://[::1]:8080');
    expect(requestedOf({ rawHost: '127.0.0.1:3000', protocol: 'http', target: '/' }, atRoot).address?.siteKey).toBe('answers');
  });

  it('has no address and no key for a missing or malformed host, but still a route', () => {
    for (const rawHost of [undefined, '', 'bad host', 'a/b', 'user@example.com']) {
      const requested = requestedOf({ rawHost, protocol: 'https', target: '/article-1' }, atRoot);
      expect({ rawHost, address: requested.address, key: requested.pageCacheKey }).toEqual({ rawHost, address: null, key: null });
      expect(requested.route).toEqual(matchRoute('/article-1', false));
    }
  });

  it('parses the query once, as Express reads it', () => {
    const { query } = requestedOf({ rawHost: 'example.com', protocol: 'https', target: '/category/x?page=2&a=1&a=2&empty' }, atRoot);
    expect(query).toEqual(parseQuery('page=2&a=1&a=2&empty'));
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(Object.getPrototypeOf(requestedOf({ rawHost: 'example.com', protocol: 'https', target: '/' }, atRoot).query)).toBeNull();
  });

  it('matches the route of the path, search by its `s` parameter', () => {
    const routeOf = (target: string) => requestedOf({ rawHost: 'example.com', protocol: 'https', target }, atRoot).route;
    expect(routeOf('/category/travel?page=2')).toEqual({ kind: 'page', rule: ROUTE_TABLE.category, index: 'travel' });
    expect(routeOf('/?s=bread')).toEqual({ kind: 'page', rule: ROUTE_TABLE.search });
    expect(routeOf('/?utm_source=x')).toEqual({ kind: 'page', rule: ROUTE_TABLE.home });
    expect(routeOf('/sitemap-2.xml')).toEqual(matchRoute('/sitemap-2.xml', false));
  });

  it('keys a shared page by origin, path and `page` only; a personal page has no key', () => {
    const keyOf = (target: string, rawHost = 'example.com') => requestedOf({ rawHost, protocol: 'https', target }, atRoot).pageCacheKey;
    expect(keyOf('/category/travel?page=2&utm_source=x')).toBe('https://example.com|/category/travel|2');
    expect(keyOf('/category/travel?page=2')).toBe(pageCacheKeyOf({ origin: 'https://example.com', path: '/category/travel', query: { page: '2' } }));
    expect(keyOf('/article-1', 'localhost:3000')).toBe('https://localhost:3000|/article-1|');
    for (const personal of ['/?s=x', '/article-1?utm_id=1', '/article-1?campaign_id=1', '/article-1?testDisplayAd=on', '/category/x?page=1&page=2']) {
      expect({ personal, key: keyOf(personal) }).toEqual({ personal, key: null });
    }
  });

  it('under a base path: the route and key of the site\'s own path; outside it not found and no key', () => {
    const inside = requestedOf({ rawHost: 'example.com', protocol: 'https', target: '/answers/article-1?page=3' }, underAnswers);
    expect(inside.route).toEqual({ kind: 'page', rule: ROUTE_TABLE.article, index: 'article-1' });
    expect(inside.pageCacheKey).toBe('https://example.com|/article-1|3');
    expect(inside.address?.origin).toBe('https://example.com');
    for (const target of ['/article-1', '/answers', '/answers?x=1', '/answersx/article-1', '/healthz']) {
      const outside = requestedOf({ rawHost: 'example.com', protocol: 'https', target }, underAnswers);
      expect({ target, route: outside.route, key: outside.pageCacheKey }).toEqual({ target, route: NOT_FOUND_ROUTE, key: null });
    }
    expect(requestedOf({ rawHost: 'example.com', protocol: 'https', target: '/answers/?s=x' }, underAnswers).route).toEqual({ kind: 'page', rule: ROUTE_TABLE.search });
  });
});

describe('forwardedOverHttp', () => {
  it('reads the first value only, in any case', () => {
    expect(forwardedOverHttp('HTTP')).toBe(true);
    expect(forwardedOverHttp('https, http')).toBe(false);
    expect(forwardedOverHttp(undefined)).toBe(false);
  });
});
