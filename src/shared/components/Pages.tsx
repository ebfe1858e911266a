import { Fragment, type ReactNode } from 'react';
import type { DateText } from '../format';
import type { Pending } from '../pending';
import { ArticleList, StreamedNewArticles, type ArticleCard, type NewArticlesList } from './ArticleList';
import { placed, type PagePart } from './page-part';
import { SiteLink, useSiteHref } from './SiteLink';

/** What an article's header shows: its category, title, author and dates. */
export interface ArticleHeading {
  readonly title: string;
  readonly category?: { readonly name: string; readonly slug: string } | undefined;
  readonly author?: string | undefined;
  readonly published: DateText | null;
  /** Only when it differs from the publication date. */
  readonly updated: DateText | null;
}

export interface ArticleView {
  /** ArticleHeadingContent, or its markup (the server keeps it with the article record). */
  readonly heading: PagePart;
  /** Already sanitized HTML. */
  readonly bodyHtml: string;
  readonly image?: { readonly url: string; readonly alt: string; readonly width?: number | undefined; readonly height?: number | undefined } | null | undefined;
}

/** With a tagline, the name (the h1) is set as a kicker and the tagline large: the header already shows the name. */
export function HomePage({ siteName, tagline, articles }: { siteName: string; tagline?: string | undefined; articles: readonly ArticleCard[] }) {
  return (
    <>
      <div className={tagline ? 'page-intro home-intro' : 'page-intro'}>
        <h1 className="page-title">{siteName}</h1>
        {tagline ? <p className="lede">{tagline}</p> : null}
      </div>
      <section id="home-articles" aria-labelledby="home-articles-title">
        <h2 id="home-articles-title" className="section-title">Latest answers</h2>
        {articles.length > 0 ? <ArticleList articles={articles} headingLevel={3} lead /> : <p className="empty">No answers have been published here yet.</p>}
      </section>
    </>
  );
}

/** "Published 3 June 2026" with a machine-readable `<time>`. */
function dateLine(label: string, date: DateText) {
  return (
    <span className="article-date">
      {`${label} `}
      <time dateTime={date.iso}>{date.text}</time>
    </span>
  );
}

/** The inside of an article's header: the category's link, the title and a line of author and dates. */
export function ArticleHeadingContent({ heading }: { heading: ArticleHeading }) {
  return (
    <>
      {heading.category ? (
        <p className="eyebrow">
          <SiteLink className="article-category" href={`/category/${heading.category.slug}`}>
            {heading.category.name}
          </SiteLink>
        </p>
      ) : null}
      <h1>{heading.title}</h1>
      <p className="article-meta">
        {[
          heading.author ? <span className="article-author">{`By ${heading.author}`}</span> : null,
          heading.published ? dateLine('Published', heading.published) : null,
          heading.updated ? dateLine('Updated', heading.updated) : null,
        ]
          .filter((part) => part !== null)
          .map((part, position) => (
            <Fragment key={position}>
              {position > 0 ? ' · ' : null}
              {part}
            </Fragment>
          ))}
      </p>
    </>
  );
}

export function ArticlePage({ article, newArticles }: { article: ArticleView; newArticles: Pending<NewArticlesList> }) {
  return (
    <>
      <article className="article">
        <header className="article-header" {...placed(article.heading)} />
        {article.image ? (
          <img className="article-image" src={article.image.url} alt={article.image.alt} width={article.image.width} height={article.image.height} decoding="async" fetchPriority="high" />
        ) : null}
        <div className="article-body" dangerouslySetInnerHTML={{ __html: article.bodyHtml }} />
      </article>
      <StreamedNewArticles list={newArticles} />
    </>
  );
}

export interface Pagination {
  readonly page: number;
  readonly pages: number;
  /** Builds the link for a page number. */
  readonly hrefFor: (page: number) => string;
}

export function Pager({ pagination }: { pagination: Pagination }) {
  const { page, pages, hrefFor } = pagination;
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {page > 1 ? <SiteLink rel="prev" href={hrefFor(page - 1)}><span aria-hidden="true">← </span>Newer answers</SiteLink> : <span />}
      <span className="pager-status">Page {page} of {pages}</span>
      {page < pages ? <SiteLink rel="next" href={hrefFor(page + 1)}>Older answers<span aria-hidden="true"> →</span></SiteLink> : <span />}
    </nav>
  );
}

export function CategoryPage({ name, description, articles, pagination }: { name: string; description?: string | undefined; articles: readonly ArticleCard[]; pagination: Pagination }) {
  return (
    <>
      <div className="page-intro">
        <p className="eyebrow">Category</p>
        <h1 className="page-title">{name}</h1>
        {description ? <p className="lede">{description}</p> : null}
      </div>
      <section id="category-articles" aria-label={`Answers in ${name}`}>
        {articles.length > 0 ? <ArticleList articles={articles} showCategory={false} /> : <p className="empty">No answers in this category yet.</p>}
      </section>
      <Pager pagination={pagination} />
    </>
  );
}

export function SearchPage({ siteName, query, total, articles, pagination }: { siteName: string; query: string; total: number; articles: readonly ArticleCard[]; pagination: Pagination }) {
  const siteHrefOf = useSiteHref();
  return (
    <>
      <p className="back-home"><SiteLink href="/">← {siteName}</SiteLink></p>
      <h1 className="page-title">{query ? <>Search results for “{query}”</> : 'Search'}</h1>
      <form role="search" method="get" action={siteHrefOf('/')} className="search-form">
        <label htmlFor="search-input">Search</label>
        <input id="search-input" type="search" name="s" defaultValue={query} maxLength={200} />
        <button type="submit">Search</button>
      </form>
      <section id="search-results" aria-label="Results">
        {articles.length > 0 ? (
          <>
            <p className="result-count">{total === 1 ? '1 answer found' : `${total} answers found`}</p>
            <ArticleList articles={articles} />
          </>
        ) : (
          <p className="empty">{query ? 'No answers match your search. Try fewer or different words.' : 'Type a question or a few words to search the answers.'}</p>
        )}
      </section>
      <Pager pagination={pagination} />
    </>
  );
}

/** 400, 404, 503, 500 and the minimal no-shell pages. */
export function MessagePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="message">
      <h1 className="page-title">{title}</h1>
      {children}
    </section>
  );
}

