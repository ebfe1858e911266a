import { appStateScript, serializeAppState, type AppState } from '../../../src/shared/app-state';

const state: AppState = {
  hostKey: 'k',
  brandColor: '#000000',
  gaCode: null,
  menu: { categories: [{ name: '</script><script>alert(1)</script>', slug: 'x' }], other: [{ label: 'a\u2028b\u2029c', url: '/<!--' }] },
  adSlots: [],
  adUnitPath: null,
  testAds: false,
  adSense: false,
  dark: 'light',
  campaign: { exists: true, headline: '&amp; <b>' },
  route: 'home',
  pixels: [],
  basePath: '/answers',
  consent: null,
};

describe('serializeAppState', () => {
  it('cannot close the script tag or open a comment', () => {
    const json = serializeAppState(state);
    expect(json).not.toMatch(/[<>]/);
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect(json).not.toContain('&');
  });
  it('parses back to the same value', () => {
    expect(JSON.parse(serializeAppState(state))).toEqual(state);
  });
});

describe('appStateScript', () => {
  it('holds the state and its JSON, serialized as serializeAppState does', () => {
    const script = appStateScript(state);
    expect(script.state).toBe(state);
    expect(script.json).toBe(serializeAppState(state));
  });
});
