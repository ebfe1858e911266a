import { ConfigError, loadConfig } from '../../../src/server/config/config';

describe('loadConfig: upstream bounds', () => {
  it('has the documented defaults and reads every variable', () => {
    expect(loadConfig({}).upstreamLimits).toEqual({ connections: 32, queue: 64, breakAfter: 5, halfOpenAfterMs: 5000 });
    const config = loadConfig({ UPSTREAM_CONNECTIONS: '8', UPSTREAM_QUEUE: '0', UPSTREAM_BREAKER_FAILURES: '3', UPSTREAM_BREAKER_OPEN_MS: '250' });
    expect(config.upstreamLimits).toEqual({ connections: 8, queue: 0, breakAfter: 3, halfOpenAfterMs: 250 });
  });

  it.each([
    ['UPSTREAM_CONNECTIONS', '0'],
    ['UPSTREAM_CONNECTIONS', 'many'],
    ['UPSTREAM_QUEUE', '-1'],
    ['UPSTREAM_BREAKER_FAILURES', '0'],
    ['UPSTREAM_BREAKER_OPEN_MS', '10'],
  ])('%s=%p stops start-up naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });
});

describe('loadConfig: last-good store and request budget', () => {
  it('has the documented defaults and reads the variables', () => {
    expect(loadConfig({})).toMatchObject({ lastGoodMaxBytes: 16 * 1024 * 1024, requestUpstreamBudgetMs: 3000 });
    expect(loadConfig({ LAST_GOOD_MAX_BYTES: '1048576', REQUEST_UPSTREAM_BUDGET_MS: '500' })).toMatchObject({ lastGoodMaxBytes: 1048576, requestUpstreamBudgetMs: 500 });
  });

  it.each([
    ['LAST_GOOD_MAX_BYTES', '100'],
    ['LAST_GOOD_MAX_BYTES', '1e9'],
    ['REQUEST_UPSTREAM_BUDGET_MS', '0'],
  ])('%s=%p stops start-up naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });
});
