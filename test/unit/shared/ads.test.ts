import { AD_SIZES, anchorSizesFor } from '../../../src/shared/ads';

describe('anchorSizesFor', () => {
  it('keeps every anchor size on desktop', () => {
    expect(anchorSizesFor(false)).toEqual([[728, 90], [320, 100], [320, 50], [300, 50]]);
  });
  it('omits 728x90 on mobile and keeps the rest in order', () => {
    expect(anchorSizesFor(true)).toEqual([[320, 100], [320, 50], [300, 50]]);
    expect(AD_SIZES.anchor).toHaveLength(4);
  });
});
