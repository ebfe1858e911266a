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
import { withUpstreamText } from './answer-bytes';
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
  /** Each call's reader; made for this client alone unless given (to share its once-only reports with the shared tier's reads). */
  readonly readers?: AnswerReaders;
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

export type ContentCall = keyof ContentApi;
export type AnswerOf<K extends ContentCall> = Awaited<ReturnType<ContentApi[K]>>;

/** What a call makes of the JSON the content API answered: its answer, or what is wrong with the shape. */
export type AnswerReader<T> = (json: unknown) => { readonly answer: T } | { readonly problem: string };

/**
 * Each call's reader: its schema, then what the call answers of it. The one place an answer's
 * JSON becomes a value, both when the content API sends it and when the shared tier hands back
 * the text another instance got from it (shared-cache/data-tier.ts).
 */
export type AnswerReaders = { readonly [K in ContentCall]: AnswerReader<AnswerOf<K>> };

export function createAnswerReaders(log: Logger): AnswerReaders {
  const isFirstReport = reportOnce();
  /**
   * A site record as the app reads it: `null` lists as empty, each list cut to what a page shows
   * of it (content/site-lists.ts); each logged once per record and field.
   */
  function readSetting(raw: unknown, parsed: SiteSetting): SiteSetting {
    for (const field of nullListPaths(raw, parsed)) {
      if (isFirstReport(`${parsed._id}|${field}`)) log.warn({ event: LOG_EVENTS.SETTINGS_NULL_LIST.event, settingId: parsed._id, field }, 'a list field is null; read as empty');
    }
    const { setting, cut } = boundedSiteLists(parsed);
    for (const { field, count, kept } of cut) {
      if (isFirstReport(`${parsed._id}|${field}|cut`)) log.warn({ event: LOG_EVENTS.SETTINGS_LIST_TRUNCATED.event, settingId: parsed._id, field, count, kept }, 'a site record list is longer than a page shows; the rest is ignored');
    }
    return setting;
  }

  function reader<S, T>(schema: z.ZodType<S>, pick: (parsed: S, raw: unknown) => T): AnswerReader<T> {
    return (json) => {
      const parsed = schema.safeParse(json);
      return parsed.success ? { answer: pick(parsed.data, json) } : { problem: z.prettifyError(parsed.error).split('\n')[0] ?? '' };
    };
  }

  const settings = reader(settingList, ({ data }, raw): readonly SiteSetting[] => {
    const records = (raw as { data: readonly unknown[] }).data;
    return data.map((setting, index) => readSetting(records[index], setting));
  });
  const categories = reader(categoryList, ({ data }): readonly Category[] => data);
  const articles = reader(articleList, ({ data }): readonly Article[] => data);
  const page = reader(articlePage, ({ data, total }): ArticlePage => ({ articles: data, total }));
  return {
    subdomainsByHost: settings,
    domainsByHost: settings,
    domainsById: settings,
    globalSetting: reader(settingOne, ({ data }, raw) => readSetting((raw as { data: unknown }).data, data)),
    categoriesByIds: categories,
    categoriesBySlug: categories,
    findNewArticles: articles,
    homeArticles: articles,
    articleBySlug: reader(articleOne, ({ data }): Article | null => data),
    categoryArticles: page,
    searchArticles: page,
  };
}

export function createContentApi(options: ContentApiOptions): ContentApi {
  const { baseUrl, headers } = splitCredentials(options.baseUrl);
  const http = createHttpClient({ timeoutMs: options.timeoutMs, maxBytes: options.maxBytes ?? 2 * 1024 * 1024, headers, limits: options.limits, log: options.log, observe: options.observe, outage: options.outage });
  const read = options.readers ?? createAnswerReaders(options.log);

  function urlFor(path: string, query: Query = {}): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    const search = params.toString();
    return `${baseUrl}${path}${search ? `?${search}` : ''}`;
  }

  /**
   * One call: the answer made by `reader` (the upstream's text noted for the caches); a 404 is
   * `notFound`'s answer when given, else a failure.
   */
  function get<T>(reader: AnswerReader<T>, path: string, query: Query, notFound?: T): Promise<T> {
    const url = urlFor(path, query);
    return http.call(path, url, ({ status, json, text }) => {
      if (status === 404) {
        if (notFound !== undefined) return notFound;
        throw new UpstreamError('status', url, { status, body: JSON.stringify(json).slice(0, 200) });
      }
      const outcome = reader(json);
      if ('problem' in outcome) throw new UpstreamError('shape', url, { message: `upstream answer has the wrong shape (${outcome.problem}): ${url}`, body: JSON.stringify(json).slice(0, 200) });
      return withUpstreamText(outcome.answer, text);
    });
  }

  return {
    subdomainsByHost(host) {
      return get(read.subdomainsByHost, '/api/subdomains/get', { url: host });
    },
    domainsByHost(host) {
      return get(read.domainsByHost, '/api/domain/get', { url: host });
    },
    domainsById(id) {
      return get(read.domainsById, '/api/domain/get', { _id: id });
    },
    globalSetting() {
      return get(read.globalSetting, '/api/setting/get', {});
    },
    async categoriesByIds(ids) {
      if (ids.length === 0) return [];
      return get(read.categoriesByIds, '/api/category/get', { ids: ids.join(',') });
    },
    categoriesBySlug(slug) {
      return get(read.categoriesBySlug, '/api/category/get', { slug });
    },
    findNewArticles(article, limit) {
      const ref = JSON.stringify({ slug: article.slug, _id: article._id, domains: article.domains });
      return get(read.findNewArticles, '/api/article/findnew', { article: ref, limit });
    },
    async homeArticles(ids, scope) {
      if (ids.length === 0) return [];
      return get(read.homeArticles, '/api/article/home', { ids: ids.join(','), ...scopeQuery(scope) });
    },
    articleBySlug(slug, scope) {
      return get(read.articleBySlug, '/api/article/get', { slug, ...scopeQuery(scope) }, null);
    },
    categoryArticles(categoryId, scope, page, limit) {
      return get(read.categoryArticles, '/api/article/list', { category: categoryId, ...scopeQuery(scope), page, limit });
    },
    searchArticles(query, scope, page, limit) {
      return get(read.searchArticles, '/api/article/search', { q: query, ...scopeQuery(scope), page, limit });
    },
  };
}
