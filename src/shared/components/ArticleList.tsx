import { formatDate } from '../format';

export interface ArticleCard {
  readonly _id: string;
  readonly slug: string;
  readonly title: string;
  readonly excerpt: string;
  readonly publishedAt?: string | null | undefined;
  readonly category?: { readonly name: string; readonly slug: string } | undefined;
}

/** Article cards: title link, category, date, excerpt. */
export function ArticleList({ articles, headingLevel = 2 }: { articles: readonly ArticleCard[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="article-list">
      {articles.map((article) => {
        const date = formatDate(article.publishedAt);
        return (
          <li key={article._id} className="card">
            <Heading className="card-title">
              <a href={`/${article.slug}`}>{article.title}</a>
            </Heading>
            <p className="card-meta">
              {article.category ? <a href={`/category/${article.category.slug}`}>{article.category.name}</a> : null}
              {article.category && date ? ' · ' : null}
              {date && article.publishedAt ? <time dateTime={article.publishedAt}>{date}</time> : null}
            </p>
            {article.excerpt ? <p className="card-excerpt">{article.excerpt}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The "new articles" list under an article: exactly one link per article. */
export function NewArticles({ articles }: { articles: readonly ArticleCard[] }) {
  if (articles.length === 0) return null;
  return (
    <section id="new-articles" className="new-articles" aria-labelledby="new-articles-title">
      <h2 id="new-articles-title">New answers</h2>
      <ul>
        {articles.map((article) => (
          <li key={article._id}>
            <a href={`/${article.slug}`}>{article.title}</a>
            {article.excerpt ? <p>{article.excerpt}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
