import { needsTopUp, topUpNewArticles } from '../../../../src/server/pages/new-articles';

const a = (id: string) => ({ _id: id });
const ids = (list: { _id: string }[]) => list.map((x) => x._id);

describe('topUpNewArticles', () => {
  it('keeps 9 found articles as they are', () => {
    const found = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map(a);
    expect(ids(topUpNewArticles(found, [a('h1')], 'cur'))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(needsTopUp(9)).toBe(false);
  });
  it('tops 4 found up to 9 from home, skipping the current article and duplicates', () => {
    const found = ['1', '2', '3', '4'].map(a);
    const home = ['cur', '2', 'h1', 'h2', 'h1', 'h3', 'h4', 'h5', 'h6', 'h7'].map(a);
    expect(ids(topUpNewArticles(found, home, 'cur'))).toEqual(['1', '2', '3', '4', 'h1', 'h2', 'h3', 'h4', 'h5']);
    expect(needsTopUp(4)).toBe(true);
  });
  it('never shows the current article or a repeat even when findnew sends them', () => {
    expect(ids(topUpNewArticles(['cur', '1', '1'].map(a), [], 'cur'))).toEqual(['1']);
  });
  it('shows fewer than 9 when there is not enough', () => {
    expect(ids(topUpNewArticles([a('1')], [a('2')], 'cur'))).toEqual(['1', '2']);
  });
});
