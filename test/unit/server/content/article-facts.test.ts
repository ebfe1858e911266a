import { factsOf } from '../../../../src/server/content/article-facts';

const record = (publishedAt: string | null, updatedAt: string | null, excerpt = '') => ({ publishedAt, updatedAt, excerpt });

describe('factsOf', () => {
  it('derives the dates as text and as ISO timestamps, and the excerpt as a description', () => {
    const facts = factsOf(record('2026-06-03T08:00:00Z', '2026-07-01T10:00:00Z', '  A short\n excerpt. '));
    expect(facts.published).toEqual({ iso: '2026-06-03T08:00:00Z', text: '3 June 2026' });
    expect(facts.updated).toEqual({ iso: '2026-07-01T10:00:00Z', text: '1 July 2026' });
    expect(facts.publishedIso).toBe('2026-06-03T08:00:00.000Z');
    expect(facts.modifiedIso).toBe('2026-07-01T10:00:00.000Z');
    expect(facts.summary).toBe('A short excerpt.');
  });

  it('shows no update that equals the publication, and nothing for values that are not dates', () => {
    expect(factsOf(record('2026-06-03T08:00:00Z', '2026-06-03T08:00:00Z')).updated).toBeNull();
    const undated = factsOf(record('soon', null));
    expect(undated.published).toBeNull();
    expect(undated.publishedIso).toBeUndefined();
    expect(undated.summary).toBeUndefined();
  });

  it('is computed once per record object, and afresh for a new record with other values', () => {
    const article = record('2026-06-03T08:00:00Z', null, 'First.');
    expect(factsOf(article)).toBe(factsOf(article));
    const edited = { ...article, publishedAt: '2026-06-04T08:00:00Z', excerpt: 'Second.' };
    expect(factsOf(edited).published?.text).toBe('4 June 2026');
    expect(factsOf(edited).summary).toBe('Second.');
    expect(factsOf(article).summary).toBe('First.');
  });
});
