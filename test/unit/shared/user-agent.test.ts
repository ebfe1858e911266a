import { isMobile, isSafari, MAX_USER_AGENT_LENGTH } from '../../../src/shared/user-agent';

const UA = {
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  desktopChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  chromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/120.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  iosChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  kindle: 'Mozilla/5.0 (Linux; U; Android 4.0.3; en-us; KFTT Build/IML74K) AppleWebKit/537.36 (KHTML, like Gecko) Silk/3.68 like Chrome/39.0.2171.93 Safari/537.36',
  operaMini: 'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54',
};

describe('isSafari: mentions Safari but neither Chrome nor Chromium', () => {
  it.each([
    ['macSafari', true],
    ['iphoneSafari', true],
    ['ipad', true],
    // CriOS has no "Chrome" token: the rule counts Chrome on iOS as Safari (it is WebKit).
    ['iosChrome', true],
    ['desktopChrome', false],
    ['androidChrome', false],
    ['chromium', false],
    ['edge', false],
    ['firefox', false],
    ['operaMini', false],
  ] as const)('%s: %p', (name, expected) => {
    expect(isSafari(UA[name])).toBe(expected);
  });

  it('ignores case and answers false for empty or missing input', () => {
    expect(isSafari('SAFARI')).toBe(true);
    expect(isSafari('Safari CHROMIUM')).toBe(false);
    expect(isSafari('')).toBe(false);
    expect(isSafari(undefined)).toBe(false);
    expect(isSafari(null)).toBe(false);
  });
});

describe('isMobile: the user-agent pattern', () => {
  it.each([
    ['iphoneSafari', true],
    ['iosChrome', true],
    ['androidChrome', true],
    ['ipad', true],
    ['androidTablet', true],
    ['operaMini', true],
    ['kindle', true],
    ['macSafari', false],
    ['desktopChrome', false],
    ['firefox', false],
  ] as const)('%s: %p', (name, expected) => {
    expect(isMobile(UA[name])).toBe(expected);
  });
});

describe('hostile input', () => {
  it('reads only the first MAX_USER_AGENT_LENGTH characters', () => {
    const padding = 'x'.repeat(MAX_USER_AGENT_LENGTH);
    expect(isMobile(`${padding}iPhone`)).toBe(false);
    expect(isSafari(`${padding}Safari`)).toBe(false);
    expect(isSafari(`Safari ${padding}Chrome`)).toBe(true);
  });

  it('answers for a 10 KB user agent made to trip a backtracking pattern', () => {
    const nasty = `${'Mozilla/5.0 ('.repeat(700)}${'a'.repeat(1000)}`;
    expect(nasty.length).toBeGreaterThan(10_000);
    expect(isMobile(nasty)).toBe(false);
    expect(isSafari(nasty)).toBe(false);
  });
});
