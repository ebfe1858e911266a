/** The new-articles list (docs/interface.md, HTML markers). Pure. */
export const NEW_ARTICLES_LIMIT = 9;

/**
 * findnew's answers first, then the top-up from the home call, taking at most
 * `limit - found` of them; never the current article, never twice the same one.
 */
export function topUpNewArticles<T extends { _id: string }>(found: readonly T[], homeArticles: readonly T[], currentId: string, limit = NEW_ARTICLES_LIMIT): T[] {
  const seen = new Set<string>([currentId]);
  const result: T[] = [];
  const take = (article: T) => {
    if (seen.has(article._id)) return;
    seen.add(article._id);
    result.push(article);
  };
  for (const article of found) if (result.length < limit) take(article);
  const room = limit - result.length;
  let added = 0;
  for (const article of homeArticles) {
    if (added >= room) break;
    const before = result.length;
    take(article);
    added += result.length - before;
  }
  return result;
}

export function needsTopUp(foundCount: number, limit = NEW_ARTICLES_LIMIT): boolean {
  return foundCount < limit;
}
