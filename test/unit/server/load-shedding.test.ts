import { admitsAnother } from '../../../src/server/middleware/load-shedding';

describe('admitsAnother', () => {
  it('admits below the bound and sheds at it', () => {
    expect(admitsAnother(63, 64, false)).toBe(true);
    expect(admitsAnother(64, 64, false)).toBe(false);
  });

  it('always admits the refresh of a stale cached page', () => {
    expect(admitsAnother(64, 64, true)).toBe(true);
  });
});
