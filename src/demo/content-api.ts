/**
 * The embedded demo content API: every endpoint of docs/interface.md (The content API and campaign service) over an in-memory
 * dataset, on plain node:http. The app talks to it over HTTP exactly as to the real one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Article, CategoryInput, SiteSettingInput } from '../shared/records';

export interface DemoDataset {
  readonly global: SiteSettingInput;
  readonly domains: readonly SiteSettingInput[];
  readonly subdomains: readonly SiteSettingInput[];
  readonly categories: readonly CategoryInput[];
  readonly articles: readonly Article[];
  readonly campaigns: Readonly<Record<string, { headlines: string[] }>>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const newestFirst = (a: Article, b: Article) => Date.parse(b.publishedAt ?? '') - Date.parse(a.publishedAt ?? '');

function inScope(article: Article, params: URLSearchParams): boolean {
  const type = params.get('type');
  if (!type || type === 'global') return true;
  const id = params.get(type);
  return id === null || article.domains.includes(id);
}

function positiveInt(value: string | null, fallback: number, max: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? Math.min(number, max) : fallback;
}

function page(articles: readonly Article[], params: URLSearchParams) {
  const limit = positiveInt(params.get('limit'), 10, 100);
  const pageNumber = positiveInt(params.get('page'), 1, 100_000);
  const start = (pageNumber - 1) * limit;
  return { data: articles.slice(start, start + limit), total: articles.length };
}

function textOf(article: Article): string {
  return `${article.title} ${article.excerpt} ${article.body.replace(/<[^>]+>/g, ' ')}`.toLowerCase();
}

export function createContentApiHandler(dataset: DemoDataset): Handler {
  const byNewest = [...dataset.articles].sort(newestFirst);
  const routes: Record<string, (params: URLSearchParams, res: ServerResponse) => void> = {
    '/api/subdomains/get': (params, res) => sendJson(res, 200, { data: dataset.subdomains.filter((s) => s.url === params.get('url')) }),
    '/api/domain/get': (params, res) => {
      const id = params.get('_id');
      const data = id !== null ? dataset.domains.filter((d) => d._id === id) : dataset.domains.filter((d) => d.url === params.get('url'));
      sendJson(res, 200, { data });
    },
    '/api/setting/get': (_params, res) => sendJson(res, 200, { data: dataset.global }),
    '/api/category/get': (params, res) => {
      const slug = params.get('slug');
      if (slug !== null) return sendJson(res, 200, { data: dataset.categories.filter((c) => c.slug === slug) });
      const ids = (params.get('ids') ?? '').split(',');
      sendJson(res, 200, { data: dataset.categories.filter((c) => ids.includes(c._id)) });
    },
    '/api/article/findnew': (params, res) => {
      let ref: { _id?: unknown; domains?: unknown };
      try {
        ref = JSON.parse(params.get('article') ?? '') as typeof ref;
      } catch {
        return sendJson(res, 400, { error: 'article must be JSON of slug, _id and domains' });
      }
      // "New" means new on the article's own first (home) domain.
      const home = Array.isArray(ref.domains) && typeof ref.domains[0] === 'string' ? ref.domains[0] : null;
      const limit = positiveInt(params.get('limit'), 9, 50);
      const data = byNewest.filter((a) => a._id !== ref._id && home !== null && a.domains.includes(home)).slice(0, limit);
      sendJson(res, 200, { data });
    },
    '/api/article/home': (params, res) => {
      const ids = (params.get('ids') ?? '').split(',');
      sendJson(res, 200, { data: ids.map((id) => dataset.articles.find((a) => a._id === id)).filter(Boolean) });
    },
    '/api/article/get': (params, res) => {
      // An article belongs to the sites in its `domains`: another site's slug is not found.
      const article = dataset.articles.find((a) => a.slug === params.get('slug') && inScope(a, params));
      if (!article) return sendJson(res, 404, { data: null });
      sendJson(res, 200, { data: article });
    },
    '/api/article/list': (params, res) => {
      const category = params.get('category');
      sendJson(res, 200, page(byNewest.filter((a) => a.category === category && inScope(a, params)), params));
    },
    '/api/article/search': (params, res) => {
      const terms = (params.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const found = terms.length === 0 ? [] : byNewest.filter((a) => inScope(a, params) && terms.every((term) => textOf(a).includes(term)));
      sendJson(res, 200, page(found, params));
    },
  };

  return guarded(function contentApi(req, res) {
    const url = new URL(req.url ?? '/', 'http://demo.invalid');
    const route = req.method === 'GET' && Object.hasOwn(routes, url.pathname) ? routes[url.pathname] : undefined;
    if (!route) return sendJson(res, 404, { error: 'not found', path: url.pathname });
    route(url.searchParams, res);
  });
}

/**
 * The demo runs inside the app's process (npm start): a bug in a demo handler must answer 500,
 * as a real backend would, not throw and take the app down with it.
 */
function guarded(handler: Handler): Handler {
  return function guardedHandler(req, res) {
    try {
      handler(req, res);
    } catch {
      if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
      else res.destroy();
    }
  };
}

function decodedOrNull(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The demo campaign service: both paths of the contract. */
export function createCampaignHandler(dataset: DemoDataset): Handler {
  return guarded(function campaignService(req, res) {
    const url = new URL(req.url ?? '/', 'http://demo.invalid');
    const count = positiveInt(url.searchParams.get('count'), 10, 100);
    const utmMatch = /^\/meta-ms\/api\/v1\/meta-db\/campaigns\/checkCampaign\/([^/]+)$/.exec(url.pathname);
    let id: string | null = null;
    if (utmMatch?.[1]) id = decodedOrNull(utmMatch[1]);
    else if (url.pathname === '/campaigns/api/v1/checkCampaign') id = url.searchParams.get('campaign_id');
    else return sendJson(res, 404, { error: 'not found', path: url.pathname });
    // Own keys only: an id such as "constructor" names no campaign.
    const campaign = id !== null && Object.hasOwn(dataset.campaigns, id) ? dataset.campaigns[id] : undefined;
    sendJson(res, 200, { isCampaignExists: Boolean(campaign), headlines: campaign ? campaign.headlines.slice(0, count) : [] });
  });
}
