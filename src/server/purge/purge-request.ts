/** The body of POST /purge (docs/interface.md, Content updates (purge)), read into what to drop. Pure. */
import { z } from 'zod';
import { isValidSlug } from '../routing/routes';
import { normalizeHost } from '../routing/host';
import { SHARED_DATA, type SharedData } from '../content/data-tags';

/** On the metrics port only. */
export const PURGE_PATH = '/purge';

/**
 * `shared`: the data every site shares that the purge names as well (content/data-tags.ts); a
 * site purge keeps it otherwise.
 */
export type PurgeRequest =
  | { readonly scope: 'all' }
  | { readonly scope: 'site'; readonly host: string; readonly shared?: readonly SharedData[] }
  | { readonly scope: 'slugs'; readonly host: string; readonly slugs: readonly string[]; readonly shared?: readonly SharedData[] };

/** Slugs one purge may name; a CMS with more changes purges the site. */
export const MAX_PURGE_SLUGS = 1000;

const body = z.union([
  z.strictObject({ all: z.literal(true) }),
  z.strictObject({ site: z.string(), slugs: z.array(z.string()).min(1).max(MAX_PURGE_SLUGS).optional(), shared: z.array(z.enum(SHARED_DATA)).max(SHARED_DATA.length).optional() }),
]);

/** What the body asks for, or why it cannot be read (a 400). */
export function purgeRequestOf(json: unknown): PurgeRequest | { readonly error: string } {
  const parsed = body.safeParse(json);
  if (!parsed.success) {
    return { error: `the body must be {"all": true}, {"site": "<host>"} or {"site": "<host>", "slugs": ["<slug>", ...]} (1 to ${MAX_PURGE_SLUGS} slugs), with a site optionally "shared": [${SHARED_DATA.map((name) => `"${name}"`).join(', ')}]` };
  }
  if ('all' in parsed.data) return { scope: 'all' };
  const host = normalizeHost(parsed.data.site);
  if (host === null) return { error: 'site must be a host name or IP literal' };
  const { slugs } = parsed.data;
  const shared = parsed.data.shared?.length ? { shared: [...new Set(parsed.data.shared)] } : {};
  if (!slugs) return { scope: 'site', host, ...shared };
  const invalid = slugs.find((slug) => !isValidSlug(slug));
  if (invalid !== undefined) return { error: `not a slug: ${JSON.stringify(invalid.slice(0, 100))}` };
  return { scope: 'slugs', host, slugs: [...new Set(slugs)], ...shared };
}

/** The body that asks for `request` (what purgeRequestOf reads back): how a purge travels to the other instances. */
export function purgeBodyOf(request: PurgeRequest): unknown {
  if (request.scope === 'all') return { all: true };
  return request.scope === 'site' ? { site: request.host } : { site: request.host, slugs: request.slugs };
}
