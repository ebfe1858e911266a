/**
 * Purge tags of the data cache (content/data-cache.ts): what each content-API answer depends
 * on, and which tags a purge drops. Pure.
 *
 * - a host's site lookups: `host:<host>`; a domain record by id: `setting:<id>`; the global
 *   setting: `setting:global`; categories (not scoped by site in the API): `categories`;
 * - article lists (home, category, search) of a setting scope: `lists:<scope>`; new articles of
 *   an article: `lists:<scope>` per domain of that article;
 * - an article by slug: `article:<scope>:<slug>`, and `articles:<scope>`.
 */
import type { SiteSetting } from '../../shared/records';
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

/** Data every site shares, dropped by a site purge only when it names it (decision 0375). */
export const SHARED_DATA = ['categories', 'global'] as const;
/** `categories`: every category answer (the API scopes none by site); `global`: the global setting and the lists and articles of its scope. */
export type SharedData = (typeof SHARED_DATA)[number];

function addShared(tags: Set<PurgeTag>, shared: readonly SharedData[]): void {
  for (const name of shared) {
    if (name === 'categories') tags.add(TAG.categories);
    else for (const tag of [TAG.globalSetting, TAG.lists(GLOBAL), TAG.articles(GLOBAL)]) tags.add(tag);
  }
}

/**
 * A site's own data, from its host's lookups (`settingId`: the setting that answers the host,
 * keptSettingOf in site/settings.ts): the host's lookups, that setting's record by id and the lists and articles of
 * its scope; none when no site answers the host. Shared data only as `shared` names it.
 */
export function siteTags(host: string, settingId: string | null, shared: readonly SharedData[]): Set<PurgeTag> {
  const tags = new Set<PurgeTag>();
  if (settingId !== null) {
    const scope = idScope(settingId);
    for (const tag of [TAG.host(host), TAG.setting(settingId), TAG.lists(scope), TAG.articles(scope)]) tags.add(tag);
  }
  addShared(tags, shared);
  return tags;
}

/** Articles of a site by slug, and every list of its scope (home, categories, new articles: a new article may join any); the global scope's too when `shared` names it. */
export function slugTags(settingId: string | null, slugs: readonly string[], shared: readonly SharedData[]): Set<PurgeTag> {
  const tags = new Set<PurgeTag>();
  const scopes = [...(settingId === null ? [] : [idScope(settingId)]), ...(shared.includes('global') ? [GLOBAL] : [])];
  for (const scope of scopes) {
    tags.add(TAG.lists(scope));
    for (const slug of slugs) tags.add(TAG.article(scope, slug));
  }
  if (shared.includes('categories')) tags.add(TAG.categories);
  return tags;
}
