import { cacheKeyOf } from '../../../../src/server/upstream/request-content-api';

describe('cacheKeyOf', () => {
  const keyOf = (args: readonly unknown[]) => cacheKeyOf('articleBySlug', args);

  it('is the call name and its arguments as JSON, whatever the arguments', () => {
    expect(keyOf([])).toBe('articleBySlug:[]');
    expect(keyOf(['a-slug'])).toBe('articleBySlug:["a-slug"]');
    expect(keyOf(['a-slug', { type: 'domains', id: 'd1' }])).toBe('articleBySlug:["a-slug",{"type":"domains","id":"d1"}]');
    expect(keyOf([2])).toBe('articleBySlug:[2]');
  });

  it('keeps calls apart that differ in name, argument or argument type', () => {
    const keys = [keyOf(['1']), keyOf([1]), keyOf(['1', undefined]), keyOf(['x"]']), keyOf(['x', ']']), cacheKeyOf('domainsById', ['1'])];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
