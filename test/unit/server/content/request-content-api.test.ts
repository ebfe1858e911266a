import pino from 'pino';
import type { Article } from '../../../../src/shared/records';
import type { ContentApi } from '../../../../src/server/content/content-api';
import { createDataCache, DEFAULT_CACHE_POLICIES } from '../../../../src/server/content/data-cache';
import type { FallbackPart } from '../../../../src/server/content/failures';
import { createOutageLog } from '../../../../src/server/content/outage-log';
import type { RequestBudget } from '../../../../src/server/content/request-budget';
import { cacheKeyOf, requestContentApiFor } from '../../../../src/server/content/request-content-api';
import { UpstreamError } from '../../../../src/server/content/upstream-error';

describe('cacheKeyOf', () => {
  const keyOf = (args: readonly unknown[]) => cacheKeyOf('articleBySlug', args);

  it('is the call name and its arguments as JSON, whatever the arguments', () => {
    expect(keyOf([])).toBe('articleBySlug:[]');
    expect(keyOf(['a-slug'])).toBe('articleBySlug:["a-slug"]');
    expect(keyOf(['a-slug', { type: 'domains', id: 'd1' }])).toBe('articleBySlug:["a-slug",{"type":"domains","id":"d1"}]');
    expect(keyOf([2])).toBe('articleBySlug:[2]');
  });

  it('keeps calls apart that differ in name, argument or argument type', () => {
    const keys = [keyOf(['1']), keyOf([1]), keyOf(['1', undefined]), keyOf(['x"]']), keyOf(['x', ']']), cacheKeyOf('domainsById', ['1'])];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('a request’s view of the content API', () => {
  const article = (id: string) => ({ _id: id, slug: `s-${id}` }) as unknown as Article;
  const scope = () => ({ log: pino({ level: 'silent' }), fellBack: new Set<FallbackPart>() });
  const lasting: RequestBudget = { deadline: Number.POSITIVE_INFINITY, now: () => 0 };
  /** A client whose calls answer these values (every other call fails the test). */
  function clientOf(answers: Partial<Record<keyof ContentApi, unknown>>): ContentApi {
    return new Proxy({} as ContentApi, { get: (_target, name: string) => async () => (name in answers ? answers[name as keyof ContentApi] : Promise.reject(new Error(`unexpected ${name}`))) });
  }
  const cacheOf = () => createDataCache({ policies: DEFAULT_CACHE_POLICIES, maxStaleMs: 1000, failureBackoffMs: 100, log: pino({ level: 'silent' }), outage: createOutageLog({ log: pino({ level: 'silent' }), intervalMs: 60_000 }) });

  /** Every call of the content API: the compiler asks for a new one here. */
  const CALL_NAMES = Object.keys({
    subdomainsByHost: true,
    domainsByHost: true,
    domainsById: true,
    globalSetting: true,
    categoriesByIds: true,
    categoriesBySlug: true,
    findNewArticles: true,
    homeArticles: true,
    articleBySlug: true,
    categoryArticles: true,
    searchArticles: true,
  } satisfies Record<keyof ContentApi, true>) as (keyof ContentApi)[];

  // A garbage-collection rule (docs/architecture.md): closures made per request were pretenured
  // into the old generation; a view that carries only data is one small object.
  it('is data alone: no function of its own but the observer it was handed, the same call functions for every view', () => {
    const observer = () => undefined;
    const viewOf = requestContentApiFor({ inner: clientOf({}), cache: cacheOf() });
    const views = [viewOf(scope(), lasting, observer).api, viewOf(scope(), lasting).api, requestContentApiFor({ inner: clientOf({}), cache: null })(scope(), lasting, observer).api];
    for (const view of views) {
      const ownFunctions = Reflect.ownKeys(view).filter((key) => {
        const own = Object.getOwnPropertyDescriptor(view, key);
        return (typeof own?.value === 'function' && own.value !== observer) || own?.get !== undefined || own?.set !== undefined;
      });
      expect(ownFunctions).toEqual([]);
    }
    for (const name of CALL_NAMES) {
      expect(typeof views[0]?.[name]).toBe('function');
      for (const view of views) expect(view[name]).toBe(views[0]?.[name]);
    }
  });

  it.each([['with a data cache', true], ['without one', false]])('tells its observer the articles each answer carries, %s, search left out', async (_name, cached) => {
    const inner = clientOf({
      articleBySlug: article('a1'),
      findNewArticles: [article('a2')],
      homeArticles: [article('a3')],
      categoryArticles: { articles: [article('a4')], total: 1 },
      searchArticles: { articles: [article('a5')], total: 1 },
      globalSetting: { _id: 'g' },
    });
    const noted: string[] = [];
    const view = requestContentApiFor({ inner, cache: cached ? cacheOf() : null })(scope(), lasting, (articles) => noted.push(...articles.map((a) => a._id)));
    const scopeArg = { type: 'global', id: 'g' } as const;
    await view.api.articleBySlug('s', scopeArg);
    await view.api.findNewArticles({ slug: 's', _id: 'a1', domains: [] }, 9);
    await view.api.homeArticles(['a3'], scopeArg);
    await view.api.categoryArticles('c', scopeArg, 1, 10);
    await view.api.searchArticles('q', scopeArg, 1, 10);
    await view.api.globalSetting();
    expect(noted).toEqual(['a1', 'a2', 'a3', 'a4']);
  });

  it('hands an answer that holds no list on unchanged, noting nothing (a client bug is the page’s to meet)', async () => {
    const noted: string[] = [];
    const view = requestContentApiFor({ inner: clientOf({ homeArticles: {}, articleBySlug: null }), cache: null })(scope(), lasting, (articles) => noted.push(...articles.map((a) => a._id)));
    await expect(view.api.homeArticles(['x'], { type: 'global', id: 'g' })).resolves.toEqual({});
    await expect(view.api.articleBySlug('gone', { type: 'global', id: 'g' })).resolves.toBeNull();
    expect(noted).toEqual([]);
  });

  it('answers a fresh cached answer without calling the client again, and fails a miss once the budget is spent', async () => {
    const globalSetting = jest.fn(async () => ({ _id: 'g' }));
    const inner = { ...clientOf({}), globalSetting } as unknown as ContentApi;
    const cache = cacheOf();
    const viewOf = requestContentApiFor({ inner, cache });
    await viewOf(scope(), lasting).api.globalSetting();
    await viewOf(scope(), lasting).api.globalSetting();
    expect(globalSetting).toHaveBeenCalledTimes(1);
    const spent: RequestBudget = { deadline: 0, now: () => 1 };
    const failure = await viewOf(scope(), spent).api.domainsById('d').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect((failure as UpstreamError).kind).toBe('timeout');
  });
});
