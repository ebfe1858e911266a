import { isCrawler } from '../../../../src/server/render/crawler';
import { CRAWLER, PERSON } from '../../../support/user-agents';

describe('isCrawler', () => {
  it('tells a crawler from a person, the same on every ask of one string', () => {
    for (let ask = 0; ask < 3; ask++) {
      expect(isCrawler(CRAWLER)).toBe(true);
      expect(isCrawler(PERSON)).toBe(false);
    }
  });

  it('matches only the first 512 characters a visitor sends', () => {
    expect(isCrawler(`${PERSON}${' '.repeat(600)}Googlebot/2.1`)).toBe(false);
    expect(isCrawler(`Googlebot/2.1 ${'x'.repeat(10_000)}`)).toBe(true);
  });

  it('gives each of more strings than it keeps its own answer', () => {
    const strings = Array.from({ length: 1_500 }, (_, index) => (index % 2 === 0 ? `${PERSON} n/${index}` : `${CRAWLER} n/${index}`));
    const expected = strings.map((_, index) => index % 2 === 1);
    for (let pass = 0; pass < 2; pass++) expect(strings.map((ua) => isCrawler(ua))).toEqual(expected);
  });

  it('treats a request without a User-Agent as isbot does', () => {
    expect(isCrawler(undefined)).toBe(false);
  });
});
