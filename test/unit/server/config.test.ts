import { ConfigError, loadConfig } from '../../../src/server/config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', backend: { kind: 'demo' }, defaultSiteKey: 'answers', analyticsCodes: new Map(), trustProxy: false, logLevel: 'info' });
    expect(config).toMatchObject({ metricsPort: undefined, drainDelayMs: 2000, keepAliveTimeoutMs: 65_000, maxConnections: 900 });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads the metrics port and the drain delay', () => {
    expect(loadConfig({ METRICS_PORT: '9464', DRAIN_DELAY_MS: '0' })).toMatchObject({ metricsPort: 9464, drainDelayMs: 0 });
    expect(loadConfig({ METRICS_PORT: '0' }).metricsPort).toBe(0);
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = loadConfig({ PORT: '8080', HOST: '127.0.0.1', CONTENT_API_URL: 'http://api.internal:4000/', CAMPAIGN_API_URL: 'https://campaigns.example.com', DEFAULT_SITE_KEY: 'Main', ANALYTICS_CODES: '{"Cooking":"G-1"}', TRUST_PROXY: 'loopback, 10.0.0.0/8', LOG_LEVEL: 'warn' });
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', backend: { kind: 'remote', contentApiUrl: 'http://api.internal:4000', campaignApiUrl: 'https://campaigns.example.com' }, defaultSiteKey: 'main', analyticsCodes: new Map([['cooking', 'G-1']]), trustProxy: ['loopback', '10.0.0.0/8'], logLevel: 'warn' });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/255.0.0.0, ::1/128' }).trustProxy).toEqual(['10.0.0.0/255.0.0.0', '::1/128']);
  });

  describe('the demo never stands in for a real backend', () => {
    const both = { CONTENT_API_URL: 'http://api.internal', CAMPAIGN_API_URL: 'http://campaigns.internal' };

    it('runs the demo only with neither URL set, outside production', () => {
      expect(loadConfig({ NODE_ENV: 'development' }).backend).toEqual({ kind: 'demo' });
      expect(loadConfig({ NODE_ENV: 'production', ...both }).backend).toEqual({ kind: 'remote', contentApiUrl: 'http://api.internal', campaignApiUrl: 'http://campaigns.internal' });
    });

    it.each([
      [{ NODE_ENV: 'production' }, 'CONTENT_API_URL'],
      [{ NODE_ENV: 'production', CAMPAIGN_API_URL: both.CAMPAIGN_API_URL }, 'CONTENT_API_URL'],
      [{ CAMPAIGN_API_URL: both.CAMPAIGN_API_URL }, 'CONTENT_API_URL'],
      [{ CONTENT_API_URL: both.CONTENT_API_URL }, 'CAMPAIGN_API_URL'],
      [{ NODE_ENV: 'production', CONTENT_API_URL: both.CONTENT_API_URL }, 'CAMPAIGN_API_URL'],
    ])('%p stops start-up naming %s', (env, missing) => {
      expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${missing} must be set`));
    });
  });

  it('never echoes a backend URL, which may carry credentials', () => {
    expect(() => loadConfig({ CONTENT_API_URL: 'http://user:s3cret@[bad' })).toThrow(ConfigError);
    expect(() => loadConfig({ CONTENT_API_URL: 'http://user:s3cret@[bad' })).not.toThrow(/s3cret/);
  });

  it('reads the base path: a prefix of safe segments, or none', () => {
    expect(loadConfig({}).basePath).toBe('');
    expect(loadConfig({ BASE_PATH: '' }).basePath).toBe('');
    expect(loadConfig({ BASE_PATH: '/answers' }).basePath).toBe('/answers');
    expect(loadConfig({ BASE_PATH: '/help/q-and-a_v2.1~x' }).basePath).toBe('/help/q-and-a_v2.1~x');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['CONTENT_API_URL', 'not a url'],
    ['CAMPAIGN_API_URL', 'ftp://x.example.com'],
    ['ANALYTICS_CODES', '{bad json'],
    ['ANALYTICS_CODES', '["G-1"]'],
    ['ANALYTICS_CODES', '{"a":1}'],
    ['TRUST_PROXY', 'sometimes'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '::1/129'],
    ['TRUST_PROXY', 'loopback, 10.0.0.0/0'],
    ['CONTENT_API_URL', 'http://api.internal/?token=x'],
    ['LOG_LEVEL', 'loud'],
    ['DEFAULT_SITE_KEY', 'two words'],
    ['UPSTREAM_TIMEOUT_MS', '0'],
    ['METRICS_PORT', 'nine'],
    ['METRICS_PORT', '3000'],
    ['DRAIN_DELAY_MS', '-1'],
    ['DRAIN_DELAY_MS', '60000'],
    ['MAX_CONNECTIONS', '0'],
    ['MAX_CONNECTIONS', 'many'],
    ['KEEP_ALIVE_TIMEOUT_MS', '500'],
    ['BASE_PATH', 'answers'],
    ['BASE_PATH', '/answers/'],
    ['BASE_PATH', '/'],
    ['BASE_PATH', '/a//b'],
    ['BASE_PATH', '/a/../b'],
    ['BASE_PATH', '/a b'],
    ['BASE_PATH', '/%61nswers'],
    ['BASE_PATH', '/answers?x=1'],
    ['BASE_PATH', '/answers#top'],
  ])('%s=%p stops start-up naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });
});
