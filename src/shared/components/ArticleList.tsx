import { Suspense, use } from 'react';
import type { DateText } from '../format';
import type { Pending } from '../pending';
import { placed, type PagePart } from './page-part';
import { SiteLink } from './SiteLink';

export interface ArticleCard {
  readonly _id: string;
  readonly slug: string;
  readonly title: string;
  readonly excerpt: string;
  readonly published: DateText | null;
  readonly category?: { readonly name: string; readonly slug: string } | undefined;
}

/**
 * Article cards: title link, excerpt, then category and date. The title link covers the whole
 * card (styles.css), so the card is one large target; the category link sits above it.
 * `lead` sets the first card larger, as a publication's top story; a category's own page leaves
 * out the category, which every card there shares.
 */
export function ArticleList({ articles, headingLevel = 2, lead = false, showCategory = true }: { articles: readonly ArticleCard[]; headingLevel?: 2 | 3; lead?: boolean; showCategory?: boolean }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={lead ? 'article-list has-lead' : 'article-list'}>
      {articles.map((article) => {
        const date = article.published;
        const category = showCategory ? article.category : undefined;
        return (
          <li key={article._id} className="card">
            <Heading className="card-title">
              <SiteLink href={`/${article.slug}`}>{article.title}</SiteLink>
            </Heading>
            {article.excerpt ? <p className="card-excerpt">{article.excerpt}</p> : null}
            <p className="card-meta">
              {category ? <SiteLink href={`/category/${category.slug}`}>{category.name}</SiteLink> : null}
              {category && date ? <span aria-hidden="true"> · </span> : null}
              {date ? <time dateTime={date.iso}>{date.text}</time> : null}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** One entry of the "new articles" list: its title link and excerpt. */
export function NewArticleItem({ article }: { article: ArticleCard }) {
  return (
    <li>
      <h3>
        <SiteLink href={`/${article.slug}`}>{article.title}</SiteLink>
      </h3>
      {article.excerpt ? <p>{article.excerpt}</p> : null}
    </li>
  );
}

/** The new-articles list: its entries (NewArticleItem each, or their markup: server/pages/new-article-markup.tsx), and how many there are. */
export interface NewArticlesList {
  readonly count: number;
  readonly entries: PagePart;
}

/** The "new articles" list under an article: exactly one link per article (contract: `#new-articles`). */
export function NewArticles({ list }: { list: NewArticlesList }) {
  if (list.count === 0) return null;
  return (
    <section id="new-articles" className="new-articles" aria-labelledby="new-articles-title">
      <h2 id="new-articles-title" className="section-title">New answers</h2>
      <ul className="new-list" {...placed(list.entries)} />
    </section>
  );
}

function NewArticlesWhenLoaded({ list }: { list: Pending<NewArticlesList> }) {
  return <NewArticles list={list.arrived ? list.arrived.value : use(list.promise)} />;
}

/**
 * The new-articles list, streamed: the page is sent without waiting for it, and React sends the
 * list in the same response once it is loaded. Meanwhile an empty box keeps its place, so the
 * content below does not move when it arrives. A list that has arrived renders in place.
 */
export function StreamedNewArticles({ list }: { list: Pending<NewArticlesList> }) {
  return (
    <Suspense fallback={<div className="new-articles new-articles-pending" aria-hidden="true" />}>
      <NewArticlesWhenLoaded list={list} />
    </Suspense>
  );
}
