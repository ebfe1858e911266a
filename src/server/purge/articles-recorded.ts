/**
 * A view of the content API (same interface) that notes the id of every article an answer
 * carries: the articles a page is built from, whose change may change the page (its purge keys).
 * Search is left out: its pages are personal, never kept by a shared cache.
 *
 * A class: one is made per request, and as one small object it stays out of the old generation
 * where a literal of closures went (upstream/cached-content-api.ts).
 */
import type { Article } from '../../shared/records';
import type { ContentApi } from '../upstream/content-api';

class ArticlesRecordingApi implements ContentApi {
  constructor(
    private readonly api: ContentApi,
    private readonly articleIds: Set<string>,
  ) {}

  // Only notes: whatever an answer holds (a client bug may hand over no list), the page gets it unchanged.
  private note(articles: readonly Article[]): void {
    if (Array.isArray(articles)) for (const article of articles) this.articleIds.add(article._id);
  }

  async findNewArticles(...args: Parameters<ContentApi['findNewArticles']>) {
    const found = await this.api.findNewArticles(...args);
    this.note(found);
    return found;
  }
  async homeArticles(...args: Parameters<ContentApi['homeArticles']>) {
    const found = await this.api.homeArticles(...args);
    this.note(found);
    return found;
  }
  async articleBySlug(...args: Parameters<ContentApi['articleBySlug']>) {
    const found = await this.api.articleBySlug(...args);
    if (found) this.note([found]);
    return found;
  }
  async categoryArticles(...args: Parameters<ContentApi['categoryArticles']>) {
    const found = await this.api.categoryArticles(...args);
    this.note(found.articles);
    return found;
  }

  subdomainsByHost(...args: Parameters<ContentApi['subdomainsByHost']>) {
    return this.api.subdomainsByHost(...args);
  }
  domainsByHost(...args: Parameters<ContentApi['domainsByHost']>) {
    return this.api.domainsByHost(...args);
  }
  domainsById(...args: Parameters<ContentApi['domainsById']>) {
    return this.api.domainsById(...args);
  }
  globalSetting(...args: Parameters<ContentApi['globalSetting']>) {
    return this.api.globalSetting(...args);
  }
  categoriesByIds(...args: Parameters<ContentApi['categoriesByIds']>) {
    return this.api.categoriesByIds(...args);
  }
  categoriesBySlug(...args: Parameters<ContentApi['categoriesBySlug']>) {
    return this.api.categoriesBySlug(...args);
  }
  searchArticles(...args: Parameters<ContentApi['searchArticles']>) {
    return this.api.searchArticles(...args);
  }
}

export function articlesRecordedBy(api: ContentApi, articleIds: Set<string>): ContentApi {
  return new ArticlesRecordingApi(api, articleIds);
}
