import { createPrometheusMetrics, MAX_SITE_LABELS, SITE_LABEL, statusClassOf } from '../../../../src/server/observability/metrics';
import { routeLabelOf, siteLabelOf } from '../../../../src/server/front-door/request-logging';
import { requestedOf } from '../../../../src/server/front-door/envelope';
import type { Site } from '../../../../src/server/site/site';

const TEST_BUILD = { version: '1.2.3', commit: '0123456789abcdef0123456789abcdef01234567' };

describe('labels', () => {
  it('status classes', () => {
    expect([200, 304, 404, 503, 'aborted' as const].map(statusClassOf)).toEqual(['2xx', '3xx', '4xx', '5xx', 'aborted']);
  });

  it('routes: the route table name, else a fixed early name', () => {
    const requestedAt = (target: string, basePath = '') => requestedOf({ rawHost: 'example.com', protocol: 'https', target }, { defaultSiteKey: 'main', basePath });
    expect(routeLabelOf(requestedAt('/anything'), 'article')).toBe('article');
    expect(routeLabelOf(requestedAt('/healthz'), undefined)).toBe('healthz');
    expect(routeLabelOf(requestedAt('/readyz?x=1'), undefined)).toBe('readyz');
    expect(routeLabelOf(requestedAt('/assets/client-1.js'), undefined)).toBe('assets');
    expect(routeLabelOf(requestedAt('/random/visitor/path'), undefined)).toBe('unrouted');
    // Under BASE_PATH: the assets by the site's own path, the health checks at the root.
    expect(routeLabelOf(requestedAt('/answers/assets/client-1.js', '/answers'), undefined)).toBe('assets');
    expect(routeLabelOf(requestedAt('/healthz', '/answers'), undefined)).toBe('healthz');
  });

  it('sites: the key of a configured record; never a key made up from the host', () => {
    const site = (source: Site['source']) => ({ key: 'example', source }) as Site;
    expect(siteLabelOf(site('subdomain'))).toBe('example');
    expect(siteLabelOf(site('domain'))).toBe('example');
    expect(siteLabelOf(site('global'))).toBe(SITE_LABEL.global);
    expect(siteLabelOf(undefined)).toBe(SITE_LABEL.none);
  });
});

describe('createPrometheusMetrics', () => {
  it('keeps each instance in its own registry', async () => {
    const a = createPrometheusMetrics(TEST_BUILD);
    const b = createPrometheusMetrics(TEST_BUILD);
    a.countCache('site', 'hit');
    expect(await a.registry.metrics()).toContain('cache_lookups_total{cache="site",outcome="hit"} 1');
    expect(await b.registry.metrics()).not.toContain('cache_lookups_total{cache="site",outcome="hit"}');
  });

  it('counts upstream failures by endpoint and kind, and times every call', async () => {
    const metrics = createPrometheusMetrics(TEST_BUILD);
    metrics.observeUpstream('/api/setting/get', 0.01, 'ok');
    metrics.observeUpstream('/api/setting/get', 2, 'timeout');
    const text = await metrics.registry.metrics();
    expect(text).toContain('upstream_failures_total{endpoint="/api/setting/get",kind="timeout"} 1');
    expect(text).toContain('upstream_request_duration_seconds_count{endpoint="/api/setting/get",outcome="ok"} 1');
    expect(text).toContain('upstream_request_duration_seconds_count{endpoint="/api/setting/get",outcome="timeout"} 1');
    expect(text).not.toContain('kind="ok"');
  });

  it('caps the number of site label values', async () => {
    const metrics = createPrometheusMetrics(TEST_BUILD);
    for (let n = 0; n < MAX_SITE_LABELS + 50; n++) metrics.observeRequest({ route: 'home', site: `site${n}`, status: 200, seconds: 0.01 });
    const sites = new Set([...(await metrics.registry.metrics()).matchAll(/site="([^"]+)"/g)].map((m) => m[1]));
    expect(sites.size).toBe(MAX_SITE_LABELS + 1);
    expect(sites.has(SITE_LABEL.other)).toBe(true);
  });

  it('never loses the reserved labels to the cap: _global keeps its series after any number of sites', async () => {
    const metrics = createPrometheusMetrics(TEST_BUILD);
    for (let n = 0; n < MAX_SITE_LABELS + 50; n++) metrics.observeRequest({ route: 'home', site: `site${n}`, status: 200, seconds: 0.01 });
    for (const site of [SITE_LABEL.global, SITE_LABEL.none]) metrics.observeRequest({ route: 'home', site, status: 200, seconds: 0.01 });
    const text = await metrics.registry.metrics();
    expect(text).toContain(`http_request_duration_seconds_count{route="home",status_class="2xx",site="${SITE_LABEL.global}"} 1`);
    expect(text).toContain(`http_request_duration_seconds_count{route="home",status_class="2xx",site="${SITE_LABEL.none}"} 1`);
    expect(text).toContain(`http_request_duration_seconds_count{route="home",status_class="2xx",site="${SITE_LABEL.other}"} 50`);
  });

  it('names the running build in app_build_info', async () => {
    expect(await createPrometheusMetrics(TEST_BUILD).registry.metrics()).toMatch(/^app_build_info\{version="1\.2\.3",commit="0123456789abcdef0123456789abcdef01234567"\} 1$/m);
  });

  it('has the default process metrics', async () => {
    expect(await createPrometheusMetrics(TEST_BUILD).registry.metrics()).toMatch(/^process_cpu_user_seconds_total /m);
  });
});
