import { ConfigError, loadConfig } from '../../../src/server/config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', contentApiUrl: undefined, campaignApiUrl: undefined, defaultSiteKey: 'answers', analyticsCodes: {}, trustProxy: false, logLevel: 'info' });
    expect(config).toMatchObject({ metricsPort: undefined, drainDelayMs: 2000 });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads the metrics port and the drain delay', () => {
    expect(loadConfig({ METRICS_PORT: '9464', DRAIN_DELAY_MS: '0' })).toMatchObject({ metricsPort: 9464, drainDelayMs: 0 });
    expect(loadConfig({ METRICS_PORT: '0' }).metricsPort).toBe(0);
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = loadConfig({ PORT: '8080', HOST: '127.0.0.1', CONTENT_API_URL: 'http://api.internal:4000/', CAMPAIGN_API_URL: 'https://campaigns.example.com', DEFAULT_SITE_KEY: 'Main', ANALYTICS_CODES: '{"Cooking":"G-1"}', TRUST_PROXY: 'loopback, 10.0.0.0/8', LOG_LEVEL: 'warn' });
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', contentApiUrl: 'http://api.internal:4000', campaignApiUrl: 'https://campaigns.example.com', defaultSiteKey: 'main', analyticsCodes: { cooking: 'G-1' }, trustProxy: ['loopback', '10.0.0.0/8'], logLevel: 'warn' });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
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
    ['LOG_LEVEL', 'loud'],
    ['DEFAULT_SITE_KEY', 'two words'],
    ['UPSTREAM_TIMEOUT_MS', '0'],
    ['METRICS_PORT', 'nine'],
    ['METRICS_PORT', '3000'],
    ['DRAIN_DELAY_MS', '-1'],
    ['DRAIN_DELAY_MS', '60000'],
  ])('%s=%p stops start-up naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });
});
