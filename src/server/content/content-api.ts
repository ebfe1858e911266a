/**
 * The content API (docs/interface.md, The content API and campaign service): one function per call. Each validates the shape it
 * gets back and throws UpstreamError on any failure; what a failure means for the page (the
 * spec's error catalogue) is decided by the caller, so a cache can wrap this interface unchanged.
 */
import type { Logger } from 'pino';
import { z } from 'zod';
import { articleSchema, categorySchema, siteSettingSchema, type Article, type Category, type SettingType, type SiteSetting } from '../../shared/records';
import { reportOnce } from '../memory/report-once';
import { boundedSiteLists } from './site-lists';
import { splitCredentials } from './credentials';
import { createHttpClient, type UpstreamObserver } from './http';
import type { OutageLog } from './outage-log';
import { UpstreamError } from './upstream-error';
import { nullListPaths } from './null-lists';
import { withJsonLength } from './answer-bytes';
import type { OriginLimits } from './origin-guard';
import { LOG_EVENTS } from '../http/log-events';

/** Which setting a content query is made for: `type` and, except for global, `<type>=<_id>`. */
export interface SettingScope {
  readonly type: SettingType;
  readonly id: string;
}

export interface ArticleRef {
  readonly slug: string;
  readonly _id: string;
  readonly domains: readonly string[];
}

export interface ArticlePage {
  readonly articles: readonly Article[];
  readonly total: number;
}

export interface ContentApi {
  subdomainsByHost(host: string): Promise<readonly SiteSetting[]>;
  domainsByHost(host: string): Promise<readonly SiteSetting[]>;
  domainsById(id: string): Promise<readonly SiteSetting[]>;
  globalSetting(): Promise<SiteSetting>;
  categoriesByIds(ids: readonly string[]): Promise<readonly Category[]>;
  categoriesBySlug(slug: string): Promise<readonly Category[]>;
  findNewArticles(article: ArticleRef, limit: number): Promise<readonly Article[]>;
  homeArticles(ids: readonly string[], scope: SettingScope): Promise<readonly Article[]>;
  /** null when the content API answers 404 (unknown slug). */
  articleBySlug(slug: string, scope: SettingScope): Promise<Article | null>;
  categoryArticles(categoryId: string, scope: SettingScope, page: number, limit: number): Promise<ArticlePage>;
  searchArticles(query: string, scope: SettingScope, page: number, limit: number): Promise<ArticlePage>;
}

export interface ContentApiOptions {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  /** Cap on one answer's size; a larger answer is a failure, not data. */
  readonly maxBytes?: number;
  /** Told about every call, by endpoint path (metrics). */
  readonly observe?: UpstreamObserver;
  /** For what is worth knowing about an answer that was still used (a `null` list), and the circuit's state. */
  readonly log: Logger;
  readonly limits: OriginLimits;
  /** Counts failed calls for the origin's outage summary (outage-log.ts). */
  readonly outage: OutageLog;
}

const settingList = z.object({ data: z.array(siteSettingSchema) });
const settingOne = z.object({ data: siteSettingSchema });
const categoryList = z.object({ data: z.array(categorySchema) });
const articleList = z.object({ data: z.array(articleSchema) });
const articleOne = z.object({ data: articleSchema });
const articlePage = z.object({ data: z.array(articleSchema), total: z.number().int().nonnegative() });

type Query = Readonly<Record<string, string | number | undefined>>;

export function scopeQuery(scope: SettingScope): Query {
  return scope.type === 'global' ? { type: scope.type } : { type: scope.type, [scope.type]: scope.id };
}

export function createContentApi(options: ContentApiOptions): ContentApi {
  const { baseUrl, headers } = splitCredentials(options.baseUrl);
  const http = createHttpClient({ timeoutMs: options.timeoutMs, maxBytes: options.maxBytes ?? 2 * 1024 * 1024, headers, limits: options.limits, log: options.log, observe: options.observe, outage: options.outage });

  function urlFor(path: string, query: Query = {}): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    const search = params.toString();
    return `${baseUrl}${path}${search ? `?${search}` : ''}`;
  }

  const isFirstReport = reportOnce();
  /**
   * A site record as the app reads it: `null` lists as empty, each list cut to what a page shows
   * of it (content/site-lists.ts); each logged once per record and field.
   */
  function readSetting(raw: unknown, parsed: SiteSetting): SiteSetting {
    for (const field of nullListPaths(raw, parsed)) {
      if (isFirstReport(`${parsed._id}|${field}`)) options.log.warn({ event: LOG_EVENTS.SETTINGS_NULL_LIST.event, settingId: parsed._id, field }, 'a list field is null; read as empty');
    }
    const { setting, cut } = boundedSiteLists(parsed);
    for (const { field, count, kept } of cut) {
      if (isFirstReport(`${parsed._id}|${field}|cut`)) options.log.warn({ event: LOG_EVENTS.SETTINGS_LIST_TRUNCATED.event, settingId: parsed._id, field, count, kept }, 'a site record list is longer than a page shows; the rest is ignored');
    }
    return setting;
  }

  /**
   * One call: the answer validated by `schema`, then `pick`ed (its JSON length noted for the
   * data cache); a 404 is `notFound`'s answer when given, else a failure.
   */
  function get<S, T>(schema: z.ZodType<S>, path: string, query: Query, pick: (parsed: S, raw: unknown) => T, notFound?: T): Promise<T> {
    const url = urlFor(path, query);
    return http.call(path, url, ({ status, json, length }) => {
      if (status === 404) {
        if (notFound !== undefined) return notFound;
        throw new UpstreamError('status', url, { status, body: JSON.stringify(json).slice(0, 200) });
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        throw new UpstreamError('shape', url, { message: `upstream answer has the wrong shape (${z.prettifyError(parsed.error).split('\n')[0] ?? ''}): ${url}`, body: JSON.stringify(json).slice(0, 200) });
      }
      return withJsonLength(pick(parsed.data, json), length);
    });
  }

  const settings = ({ data }: { data: readonly SiteSetting[] }, raw: unknown): readonly SiteSetting[] => {
    const records = (raw as { data: readonly unknown[] }).data;
    return data.map((setting, index) => readSetting(records[index], setting));
  };
  const listed = <T>({ data }: { data: readonly T[] }): readonly T[] => data;
  const paged = ({ data, total }: { data: readonly Article[]; total: number }): ArticlePage => ({ articles: data, total });

  return {
    subdomainsByHost(host) {
      return get(settingList, '/api/subdomains/get', { url: host }, settings);
    },
    domainsByHost(host) {
      return get(settingList, '/api/domain/get', { url: host }, settings);
    },
    domainsById(id) {
      return get(settingList, '/api/domain/get', { _id: id }, settings);
    },
    globalSetting() {
      return get(settingOne, '/api/setting/get', {}, ({ data }, raw) => readSetting((raw as { data: unknown }).data, data));
    },
    async categoriesByIds(ids) {
      if (ids.length === 0) return [];
      return get(categoryList, '/api/category/get', { ids: ids.join(',') }, listed);
    },
    categoriesBySlug(slug) {
      return get(categoryList, '/api/category/get', { slug }, listed);
    },
    findNewArticles(article, limit) {
      const ref = JSON.stringify({ slug: article.slug, _id: article._id, domains: article.domains });
      return get(articleList, '/api/article/findnew', { article: ref, limit }, listed);
    },
    async homeArticles(ids, scope) {
      if (ids.length === 0) return [];
      return get(articleList, '/api/article/home', { ids: ids.join(','), ...scopeQuery(scope) }, listed);
    },
    articleBySlug(slug, scope) {
      return get(articleOne, '/api/article/get', { slug, ...scopeQuery(scope) }, ({ data }): Article | null => data, null);
    },
    categoryArticles(categoryId, scope, page, limit) {
      return get(articlePage, '/api/article/list', { category: categoryId, ...scopeQuery(scope), page, limit }, paged);
    },
    searchArticles(query, scope, page, limit) {
      return get(articlePage, '/api/article/search', { q: query, ...scopeQuery(scope), page, limit }, paged);
    },
  };
}
