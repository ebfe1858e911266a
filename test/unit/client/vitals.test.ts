import { vitalsEventOf, vitalsSegmentOf } from '../../../src/client/vitals';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const MAC_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESKTOP_EDGE = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86';
const SEGMENT = { browser_family: 'other', device_class: 'desktop' } as const;

describe('vitalsEventOf', () => {
  it("is a GA4 event named after the metric: the delta as value, the metric's id, value, delta and rating, and the visit's segment", () => {
    expect(vitalsEventOf({ name: 'LCP', value: 1830.5, delta: 1830.5, id: 'v5-1-1', rating: 'good' }, SEGMENT)).toEqual([
      'LCP',
      { value: 1830.5, metric_id: 'v5-1-1', metric_value: 1830.5, metric_delta: 1830.5, metric_rating: 'good', browser_family: 'other', device_class: 'desktop' },
    ]);
  });

  it('a later report of the same metric sends its delta as the value, so the values sum to the last one', () => {
    const [, params] = vitalsEventOf({ name: 'CLS', value: 0.15, delta: 0.05, id: 'v5-1-2', rating: 'needs-improvement' }, SEGMENT);
    expect(params).toMatchObject({ value: 0.05, metric_value: 0.15, metric_rating: 'needs-improvement' });
  });
});

describe('vitalsSegmentOf: the browser family by the Safari rule, the device class by the mobile pattern', () => {
  it.each([
    [IPHONE_SAFARI, { browser_family: 'safari', device_class: 'mobile' }],
    [MAC_SAFARI, { browser_family: 'safari', device_class: 'desktop' }],
    [ANDROID_CHROME, { browser_family: 'other', device_class: 'mobile' }],
    [DESKTOP_EDGE, { browser_family: 'other', device_class: 'desktop' }],
    ['', { browser_family: 'other', device_class: 'desktop' }],
  ])('%p -> %p', (userAgent, expected) => {
    expect(vitalsSegmentOf(userAgent)).toEqual(expected);
  });
});
