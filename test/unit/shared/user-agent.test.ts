import { UA_MAX_LENGTH, isMobile, isSafari } from '../../../src/shared/user-agent';

const UA = {
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  chromeDesktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Mobile Safari/537.36',
  chromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/120.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};

describe('isSafari: mentions Safari but neither Chrome nor Chromium', () => {
  it.each([
    [UA.safariMac, true],
    [UA.safariIphone, true],
    [UA.ipad, true],
    [UA.chromeDesktop, false],
    [UA.chromeAndroid, false],
    [UA.chromium, false],
    [UA.firefox, false],
    ['', false],
    [undefined, false],
    [null, false],
  ])('%s -> %p', (ua, expected) => {
    expect(isSafari(ua)).toBe(expected);
  });
});

describe('isMobile: a user-agent pattern', () => {
  it.each([
    [UA.safariIphone, true],
    [UA.chromeAndroid, true],
    [UA.ipad, true],
    ['Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0 Safari/537.36', true],
    [UA.safariMac, false],
    [UA.chromeDesktop, false],
    [UA.firefox, false],
    [undefined, false],
  ])('%s -> %p', (ua, expected) => {
    expect(isMobile(ua)).toBe(expected);
  });
});

describe('untrusted input', () => {
  it('reads only the first UA_MAX_LENGTH characters', () => {
    const padding = 'x'.repeat(UA_MAX_LENGTH);
    expect(isMobile(`${padding}iPhone`)).toBe(false);
    expect(isSafari(`Safari ${padding} Chrome`)).toBe(true);
  });
});
