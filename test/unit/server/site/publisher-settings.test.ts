import { httpsUrlOf, publisherSettingsOf } from '../../../../src/server/site/publisher-settings';
import { DEFAULT_CONSENT_REGIONS } from '../../../../src/shared/consent';

describe('publisherSettingsOf', () => {
  it('a record without the fields: the default regions, no platform, no canonical host, nothing invalid', () => {
    expect(publisherSettingsOf({})).toEqual({ consent: { regions: DEFAULT_CONSENT_REGIONS, cmpSrc: null }, canonicalHost: null, invalid: [] });
    expect(publisherSettingsOf({ consent_regions: null, cmp_src: null, canonical_host: null }).invalid).toEqual([]);
  });

  it('consent regions: ISO 3166 codes and subdivisions, upper-cased, each once; bad entries dropped and listed', () => {
    const settings = publisherSettingsOf({ consent_regions: ['de', ' FR ', 'US-CA', 'DE', 'Europe', 7, 'D'] });
    expect(settings.consent.regions).toEqual(['DE', 'FR', 'US-CA']);
    expect(settings.invalid).toEqual([
      { field: 'consent_regions', value: '"Europe"' },
      { field: 'consent_regions', value: '7' },
      { field: 'consent_regions', value: '"D"' },
    ]);
  });

  it('consent regions that would deny nowhere (empty, none valid, not a list) keep the default', () => {
    for (const value of [[], ['nowhere'], 'EU', { DE: true }]) expect(publisherSettingsOf({ consent_regions: value }).consent.regions).toEqual(DEFAULT_CONSENT_REGIONS);
  });

  it('a consent platform is an https URL without credentials', () => {
    expect(publisherSettingsOf({ cmp_src: 'https://cmp.example/loader.js?id=1' }).consent.cmpSrc).toBe('https://cmp.example/loader.js?id=1');
    for (const bad of ['http://cmp.example/x.js', 'javascript:alert(1)', '//cmp.example/x.js', 'https://user:pw@cmp.example/x.js', 42, `https://cmp.example/${'x'.repeat(2100)}`]) {
      const settings = publisherSettingsOf({ cmp_src: bad });
      expect(settings.consent.cmpSrc).toBeNull();
      expect(settings.invalid.map((entry) => entry.field)).toEqual(['cmp_src']);
    }
    expect(httpsUrlOf('https://CMP.example/a b')).toBe('https://cmp.example/a%20b');
  });

  it('a canonical host is a DNS name of two labels or more, lower-cased, without a trailing dot', () => {
    expect(publisherSettingsOf({ canonical_host: 'WWW.Example.com.' }).canonicalHost).toBe('www.example.com');
    for (const bad of ['localhost', 'example.com:8080', 'https://example.com', 'exa mple.com', '127.0.0.1', 5]) {
      const settings = publisherSettingsOf({ canonical_host: bad });
      expect(settings.canonicalHost).toBeNull();
      expect(settings.invalid.map((entry) => entry.field)).toEqual(['canonical_host']);
    }
  });
});
