import { ConfigError, loadConfig, sharedCacheTimesOf } from '../../../../src/server/config/config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    // The embedded demo listens on loopback; a real deployment on every address.
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', backend: { kind: 'demo' }, defaultSiteKey: 'answers', analyticsCodes: new Map(), trustProxy: false, logLevel: 'info' });
    expect(config).toMatchObject({ metricsPort: undefined, drainDelayMs: 2000, keepAliveTimeoutMs: 65_000, maxConnections: 900 });
    expect(Object.isFrozen(config)).toBe(true);
    expect(loadConfig({ CONTENT_API_URL: 'http://api.internal', CAMPAIGN_API_URL: 'http://campaigns.internal' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('reads the metrics port and the drain delay', () => {
    expect(loadConfig({ METRICS_PORT: '9464', DRAIN_DELAY_MS: '0' })).toMatchObject({ metricsPort: 9464, drainDelayMs: 0 });
    expect(loadConfig({ METRICS_PORT: '0' }).metricsPort).toBe(0);
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeUndefined();
  });

  describe('shared cache tier', () => {
    it('is off without CACHE_URL, and reads its settings with it', () => {
      expect(loadConfig({}).sharedCache).toBeUndefined();
      expect(loadConfig({ CACHE_URL: '' }).sharedCache).toBeUndefined();
      expect(loadConfig({ CACHE_URL: 'redis://valkey:6379' }).sharedCache).toEqual({ url: 'redis://valkey:6379', keyPrefix: 'qa-sites', commandTimeoutMs: 25, connectTimeoutMs: 50 });
      expect(loadConfig({ CACHE_URL: 'rediss://u:p@cache.example:6380/2', CACHE_KEY_PREFIX: 'prod-eu', CACHE_COMMAND_TIMEOUT_MS: '40', CACHE_CONNECT_TIMEOUT_MS: '200' }).sharedCache).toEqual({
        url: 'rediss://u:p@cache.example:6380/2',
        keyPrefix: 'prod-eu',
        commandTimeoutMs: 40,
        connectTimeoutMs: 200,
      });
      expect(() => loadConfig({ CACHE_URL: 'redis://v:6379', CACHE_KEY_PREFIX: 'a b' })).toThrow(/CACHE_KEY_PREFIX must be 1 to 64 letters/);
      expect(() => loadConfig({ CACHE_URL: 'redis://v:6379', CACHE_COMMAND_TIMEOUT_MS: '0' })).toThrow(/CACHE_COMMAND_TIMEOUT_MS must be a whole number from 1 to 1000/);
    });

    it('takes only redis:// and rediss:// URLs, and never echoes one', () => {
      for (const value of ['http://user:s3cret-pass@valkey:6379', 'redis://:s3cret-pass@', 'not a url s3cret-pass']) {
        try {
          loadConfig({ CACHE_URL: value });
          throw new Error('accepted');
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigError);
          expect(String(error)).toMatch(/CACHE_URL must be a redis:\/\/ or rediss:\/\/ URL/);
          expect(String(error)).not.toContain('s3cret');
        }
      }
    });
  });

  describe('purge', () => {
    const token = 'a'.repeat(31) + 'B';

    it('answers /purge only with a token of 32 characters or more, on the metrics port', () => {
      expect(loadConfig({}).purgeToken).toBeUndefined();
      expect(loadConfig({ PURGE_TOKEN: '', METRICS_PORT: '9464' }).purgeToken).toBeUndefined();
      expect(loadConfig({ PURGE_TOKEN: token, METRICS_PORT: '9464' }).purgeToken).toBe(token);
      expect(() => loadConfig({ PURGE_TOKEN: token.slice(1), METRICS_PORT: '9464' })).toThrow(/PURGE_TOKEN must be at least 32 characters/);
      expect(() => loadConfig({ PURGE_TOKEN: `${token} x`, METRICS_PORT: '9464' })).toThrow(/PURGE_TOKEN must be letters, digits/);
      expect(() => loadConfig({ PURGE_TOKEN: token })).toThrow(/PURGE_TOKEN needs METRICS_PORT/);
    });

    it('never echoes the token', () => {
      for (const value of ['short-secret', `${token}\n`]) {
        try {
          loadConfig({ PURGE_TOKEN: value, METRICS_PORT: '9464' });
          throw new Error('accepted');
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigError);
          expect(String(error)).not.toContain(value.slice(0, 10));
        }
      }
    });

    it('has short lifetimes by default, long ones only where edits are purged', () => {
      expect(loadConfig({})).toMatchObject({ cacheLifetimes: 'short', pageCacheTtlSeconds: 10, pageCacheStaleSeconds: 60 });
      expect(loadConfig({ CACHE_LIFETIMES: 'long', PURGE_TOKEN: token, METRICS_PORT: '9464' })).toMatchObject({ cacheLifetimes: 'long', pageCacheTtlSeconds: 300, pageCacheStaleSeconds: 600 });
      expect(loadConfig({ CACHE_LIFETIMES: 'long', PURGE_TOKEN: token, METRICS_PORT: '9464', PAGE_CACHE_TTL_SECONDS: '30' }).pageCacheTtlSeconds).toBe(30);
      expect(() => loadConfig({ CACHE_LIFETIMES: 'long' })).toThrow(/CACHE_LIFETIMES long needs PURGE_TOKEN/);
      expect(() => loadConfig({ CACHE_LIFETIMES: 'forever' })).toThrow(/CACHE_LIFETIMES must be short or long/);
    });

    it('tells shared caches in front, which /purge does not reach, the short times even with long lifetimes', () => {
      expect(sharedCacheTimesOf(loadConfig({}))).toEqual({ freshSeconds: 10, staleWhileRevalidateSeconds: 60 });
      expect(sharedCacheTimesOf(loadConfig({ PAGE_CACHE_TTL_SECONDS: '30', PAGE_CACHE_STALE_SECONDS: '90' }))).toEqual({ freshSeconds: 30, staleWhileRevalidateSeconds: 90 });
      expect(sharedCacheTimesOf(loadConfig({ CACHE_LIFETIMES: 'long', PURGE_TOKEN: token, METRICS_PORT: '9464' }))).toEqual({ freshSeconds: 10, staleWhileRevalidateSeconds: 60 });
    });
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
    ['NODE_ENV', 'Production'],
    ['NODE_ENV', 'prod'],
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
