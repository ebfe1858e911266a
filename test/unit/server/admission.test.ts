import { bypassesAdmission } from '../../../src/server/admission';

describe('bypassesAdmission', () => {
  it('lets the probes and the assets through, with or without a query', () => {
    expect(bypassesAdmission('/healthz', '')).toBe(true);
    expect(bypassesAdmission('/readyz?full=1', '')).toBe(true);
    expect(bypassesAdmission('/assets/client-X.js', '')).toBe(true);
    expect(bypassesAdmission('/answers/assets/client-X.js', '/answers')).toBe(true);
  });

  it('counts pages, documents and look-alike paths', () => {
    expect(bypassesAdmission('/', '')).toBe(false);
    expect(bypassesAdmission('/healthz/x', '')).toBe(false);
    expect(bypassesAdmission('/assets-guide', '')).toBe(false);
    expect(bypassesAdmission('/assets/client-X.js', '/answers')).toBe(false);
    expect(bypassesAdmission(undefined, '')).toBe(false);
  });
});
