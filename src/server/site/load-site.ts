/**
 * Loads everything a page needs to know about its site: the resolved setting (contract order),
 * the menu, the analytics code and the global setting's pixels.
 */
import type { Logger } from 'pino';
import type { Category, MenuLink, Pixel, SiteSetting } from '../../shared/records';
import type { ContentApi, SettingScope } from '../upstream/content-api';
import { helperCall, siteLookup } from '../upstream/catalogue';
import type { ContentCall, FreshAnswer } from '../upstream/cached-content-api';
import { analyticsCodeOf, orderMenuCategories, resolveFromSubdomain, resolveSettings, type ResolvedSetting, type SettingSource } from '../rules/settings';
import { brandColorOf } from '../rules/host';
import { LRUCache } from 'lru-cache';

export interface Site {
  readonly host: string;
  readonly key: string;
  readonly name: string;
  readonly setting: SiteSetting;
  readonly source: SettingSource;
  readonly scope: SettingScope;
  readonly adsDisabled: boolean;
  readonly gaCode: string | null;
  readonly brandColor: string;
  readonly pixels: readonly Pixel[];
  readonly menu: { readonly categories: readonly Category[]; readonly other: readonly MenuLink[] };
}

export interface SiteLoaderDeps {
  readonly api: ContentApi;
  readonly defaultSiteKey: string;
  readonly analyticsCodes: Readonly<Record<string, string>>;
  /** The data cache's fresh answers, when there is a data cache in front of `api`. */
  readonly freshAnswer?: FreshAnswer | undefined;
}

/** A call loadSite made and the answer it got. */
interface Answer {
  readonly name: ContentCall;
  readonly args: readonly unknown[];
  readonly answer: unknown;
}

/** The calls of one loadSite, each through `api`, with the answers they got. */
function answerRecorder(api: ContentApi) {
  const answers: Answer[] = [];
  let asked = 0;
  return {
    ask<K extends ContentCall>(name: K, ...args: Parameters<ContentApi[K]>): ReturnType<ContentApi[K]> {
      asked += 1;
      const call = api[name] as (...callArgs: unknown[]) => Promise<unknown>;
      return call(...args).then((answer) => {
        answers.push({ name, args, answer });
        return answer;
      }) as ReturnType<ContentApi[K]>;
    },
    /** Every answer, when every call got one (none failed). */
    all: (): readonly Answer[] | undefined => (answers.length === asked ? answers : undefined),
  };
}

export function scopeOf(setting: SiteSetting, source: SettingSource): SettingScope {
  if (setting.type) return { type: setting.type, id: setting._id };
  const type = source === 'subdomain' ? 'subdomains' : source === 'global' ? 'global' : 'domains';
  return { type, id: setting._id };
}

/** Resolves the site for a host; null when not even the global setting can be had (a 503). */
export async function loadSite(deps: SiteLoaderDeps, host: string, key: string, log: Logger): Promise<Site | null> {
  const last = lastSiteByHost.get(host);
  if (last && stillCurrent(last, deps, key)) return last.site;

  const { ask, all } = answerRecorder(deps.api);
  const globalPromise = siteLookup(log, host, () => ask('globalSetting'));
  const sub = (await siteLookup(log, host, () => ask('subdomainsByHost', host)))?.[0];
  const parent = sub?.domain ? (await siteLookup(log, host, () => ask('domainsById', sub.domain as string)))?.[0] : undefined;
  const byHost = resolveFromSubdomain(sub, parent) ? undefined : (await siteLookup(log, host, () => ask('domainsByHost', host)))?.[0];
  const global = await globalPromise;

  // The merge copies records; unchanged records give the same result, so it is not redone.
  const sameRecords = last !== undefined && last.inputs.sub === sub && last.inputs.parent === parent && last.inputs.byHost === byHost && last.inputs.global === global;
  const resolved = sameRecords ? last.resolved : resolveSettings({ sub, parent, byHost, global });
  if (!resolved) return null;
  const { setting } = resolved;

  const menuIds = setting.menu.categories_menu_option;
  const categories = await helperCall(log, () => ask('categoriesByIds', menuIds), []);

  const inputs: SiteInputs = { deps, key, sub, parent, byHost, global, categories };
  const site = sameRecords && sameInputs(last.inputs, inputs) ? last.site : buildSite(inputs, host, resolved);
  lastSiteByHost.set(host, { inputs, resolved, site, answers: all() });
  return site;
}

/**
 * True when every call the host's last Site was built from would get the very same answer from
 * the data cache now, fresh: the resolution is a pure function of those answers (which calls are
 * made depends only on earlier answers), so it would give the same Site. No upstream call, no
 * wait. Never after a failed call, whose fallback is not an answer the cache holds.
 */
function stillCurrent(last: RememberedSite, deps: SiteLoaderDeps, key: string): boolean {
  const { freshAnswer } = deps;
  if (!freshAnswer || !last.answers || last.inputs.deps !== deps || last.inputs.key !== key) return false;
  return last.answers.every(({ name, args, answer }) => freshAnswer(name, args) === answer);
}

/** What a Site is made of: the records the data cache handed out, and the loader's settings. */
interface SiteInputs {
  readonly deps: SiteLoaderDeps;
  readonly key: string;
  readonly sub: SiteSetting | undefined;
  readonly parent: SiteSetting | undefined;
  readonly byHost: SiteSetting | undefined;
  readonly global: SiteSetting | null | undefined;
  readonly categories: readonly Category[];
}

function sameInputs(a: SiteInputs, b: SiteInputs): boolean {
  return a.deps === b.deps && a.key === b.key && a.sub === b.sub && a.parent === b.parent && a.byHost === b.byHost && a.global === b.global && a.categories === b.categories;
}

/**
 * The last Site of each host, with the records it was built from. The data cache returns the
 * same record objects until it refreshes them, so while they are unchanged every request of the
 * host gets the same Site object, and what the render derives from it is computed once
 * (src/server/render/chrome.tsx). Bounded: a flood of made-up hosts costs a few MB at most
 * (a Site and its header and footer markup are a few KB); past the bound the memo only misses.
 */
interface RememberedSite {
  readonly inputs: SiteInputs;
  readonly resolved: ResolvedSetting;
  readonly site: Site;
  /** The calls and answers it was built from; undefined when a call failed. */
  readonly answers: readonly Answer[] | undefined;
}

const lastSiteByHost = new LRUCache<string, RememberedSite>({ max: 1000 });

function buildSite({ deps, key, global, categories }: SiteInputs, host: string, { setting, source, adsDisabled }: ResolvedSetting): Site {
  const menuIds = setting.menu.categories_menu_option;
  return {
    host,
    key,
    name: setting.config.igp_settings.title || setting.name || host,
    setting,
    source,
    scope: scopeOf(setting, source),
    adsDisabled,
    gaCode: analyticsCodeOf(setting, key, deps.analyticsCodes),
    brandColor: brandColorOf(key, deps.defaultSiteKey),
    pixels: global?.config.pixels ?? [],
    menu: { categories: orderMenuCategories(menuIds, categories), other: setting.menu.other_menu_option },
  };
}
