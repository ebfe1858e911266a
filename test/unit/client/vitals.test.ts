import { vitalsEventOf } from '../../../src/client/vitals';

describe('vitalsEventOf', () => {
  it("is a GA4 event named after the metric: the delta as value, the metric's id, value, delta and rating", () => {
    expect(vitalsEventOf({ name: 'LCP', value: 1830.5, delta: 1830.5, id: 'v5-1-1', rating: 'good' })).toEqual([
      'LCP',
      { value: 1830.5, metric_id: 'v5-1-1', metric_value: 1830.5, metric_delta: 1830.5, metric_rating: 'good' },
    ]);
  });

  it('a later report of the same metric sends its delta as the value, so the values sum to the last one', () => {
    const [, params] = vitalsEventOf({ name: 'CLS', value: 0.15, delta: 0.05, id: 'v5-1-2', rating: 'needs-improvement' });
    expect(params).toMatchObject({ value: 0.05, metric_value: 0.15, metric_rating: 'needs-improvement' });
  });
});
