/**
 * Purge tags of the data cache (upstream/data-cache.ts): what each content-API answer depends
 * on, and which tags a purge drops. Pure.
 *
 * - a host's site lookups: `host:<host>`; a domain record by id: `setting:<id>`; the global
 *   setting: `setting:global`; categories (not scoped by site in the API): `categories`;
 * - article lists (home, category, search) of a setting scope: `lists:<scope>`; new articles of
 *   an article: `lists:<scope>` per domain of that article;
 * - an article by slug: `article:<scope>:<slug>`, and `articles:<scope>`.
 */
import type { SiteSetting } from '../../shared/records';
import { resolveSettings } from '../rules/settings';
import type { ContentApi, SettingScope } from './content-api';
import type { PurgeTag } from './data-cache';

/** A scope as tags name it: a setting id, or `global` for the global setting's. */
type ScopeName = string;

const GLOBAL: ScopeName = 'global';
const scopeNameOf = (scope: SettingScope): ScopeName => (scope.type === 'global' ? GLOBAL : `id:${scope.id}`);
const idScope = (id: string): ScopeName => `id:${id}`;

const TAG = {
  host: (host: string) => `host:${host}`,
  setting: (id: string) => `setting:${id}`,
  globalSetting: 'setting:global',
  categories: 'categories',
  lists: (scope: ScopeName) => `lists:${scope}`,
  articles: (scope: ScopeName) => `articles:${scope}`,
  article: (scope: ScopeName, slug: string) => `article:${scope}:${slug}`,
} as const;

type ArgsOf<K extends keyof ContentApi> = Parameters<ContentApi[K]>;

/** The tags of each call's answer, from the call's arguments. */
export const DATA_TAGS: { readonly [K in keyof ContentApi]: (...args: ArgsOf<K>) => readonly PurgeTag[] } = {
  subdomainsByHost: (host) => [TAG.host(host)],
  domainsByHost: (host) => [TAG.host(host)],
  domainsById: (id) => [TAG.setting(id)],
  globalSetting: () => [TAG.globalSetting],
  categoriesByIds: () => [TAG.categories],
  categoriesBySlug: () => [TAG.categories],
  findNewArticles: (article) => article.domains.map((domain) => TAG.lists(idScope(domain))),
  homeArticles: (_ids, scope) => [TAG.lists(scopeNameOf(scope))],
  categoryArticles: (_category, scope) => [TAG.lists(scopeNameOf(scope))],
  searchArticles: (_query, scope) => [TAG.lists(scopeNameOf(scope))],
  articleBySlug: (slug, scope) => [TAG.article(scopeNameOf(scope), slug), TAG.articles(scopeNameOf(scope))],
};

/** What the data cache holds of a host's site lookups (undefined: nothing, not even a last good copy). */
export interface KeptSiteLookups {
  readonly subdomains: readonly SiteSetting[] | undefined;
  readonly parents: readonly SiteSetting[] | undefined;
  readonly domains: readonly SiteSetting[] | undefined;
}

/**
 * The scopes a host's pages may have been built under: every setting its lookups found (a
 * resolution that has changed since leaves entries under the old one), and the global setting's
 * when those do not decide the site (or nothing of them is kept).
 */
export function siteScopesOf(kept: KeptSiteLookups): { readonly settingIds: readonly string[]; readonly scopes: readonly ScopeName[] } {
  const records = [...(kept.subdomains ?? []), ...(kept.parents ?? []), ...(kept.domains ?? [])];
  const settingIds = [...new Set(records.flatMap((record) => (record.domain ? [record._id, record.domain] : [record._id])))];
  const decided = resolveSettings({ sub: kept.subdomains?.[0], parent: kept.parents?.[0], byHost: kept.domains?.[0] });
  const scopes = settingIds.map(idScope);
  return { settingIds, scopes: decided ? scopes : [...scopes, GLOBAL] };
}

/** Everything of a site: its lookups, its settings, categories, and its scopes' lists and articles. */
export function siteTags(host: string, site: ReturnType<typeof siteScopesOf>): Set<PurgeTag> {
  const tags = new Set<PurgeTag>([TAG.host(host), TAG.categories]);
  for (const id of site.settingIds) tags.add(TAG.setting(id));
  for (const scope of site.scopes) {
    tags.add(TAG.lists(scope));
    tags.add(TAG.articles(scope));
    if (scope === GLOBAL) tags.add(TAG.globalSetting);
  }
  return tags;
}

/** Articles of a site by slug, and every list of its scopes (home, categories, new articles: a new article may join any). */
export function slugTags(site: ReturnType<typeof siteScopesOf>, slugs: readonly string[]): Set<PurgeTag> {
  const tags = new Set<PurgeTag>();
  for (const scope of site.scopes) {
    tags.add(TAG.lists(scope));
    for (const slug of slugs) tags.add(TAG.article(scope, slug));
  }
  return tags;
}
