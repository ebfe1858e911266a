/**
 * The records of the content API (docs/interface.md, The content API and campaign service), as zod schemas.
 * Parsing applies the contract's defaults: missing booleans are false, missing or null lists [].
 * A value of the wrong type makes the whole answer "wrong shape".
 */
import { z } from 'zod';
import { titleCase } from './format';

const flag = z.boolean().default(false);

/** A list field: missing or `null` reads as empty (contract: "a null list counts as empty"). */
export function listOf<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((list) => list ?? []);
}

export const menuLinkSchema = z.object({ label: z.string(), url: z.string() });
export type MenuLink = z.infer<typeof menuLinkSchema>;

export const pixelSchema = z.object({ name: z.string(), url: z.string() });
export type Pixel = z.infer<typeof pixelSchema>;

/** Known keys of `config.igp_settings`; other keys pass through untouched. */
export const pageSettingsSchema = z.looseObject({
  title: z.string().optional(),
  description: z.string().optional(),
  logo: z.string().optional(),
  favicon: z.string().optional(),
  footerText: z.string().optional(),
});
export type PageSettings = z.infer<typeof pageSettingsSchema>;

export const siteConfigSchema = z.object({
  global: flag,
  disable_ads: flag,
  adSenseParent: z.string().nullish(),
  adSenseScript: flag,
  ad_slots: listOf(z.string()),
  campaign_check: flag,
  campaign_headlines: flag,
  network_ignore: flag,
  gaCode: z.string().nullish(),
  igp_settings: pageSettingsSchema.nullish().transform((value) => value ?? {}),
  pixels: listOf(pixelSchema),
  /*
   * The optional publisher fields (contract: ads_txt, consent_regions, cmp_src, canonical_host)
   * are kept as sent: each is checked by its own rule where it is used, so a malformed value is
   * dropped and logged there instead of rejecting the whole record.
   */
  ads_txt: z.unknown().optional(),
  consent_regions: z.unknown().optional(),
  cmp_src: z.unknown().optional(),
  canonical_host: z.unknown().optional(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const siteSettingSchema = z.object({
  _id: z.string(),
  type: z.enum(['subdomains', 'domains', 'global']).optional(),
  active: flag,
  url: z.string().default(''),
  domain: z.string().nullish(),
  name: z.string().optional(),
  darkmode: flag,
  config: siteConfigSchema.prefault({}),
  menu: z
    .object({
      categories_menu_option: listOf(z.string()),
      // Each link is checked where the menu is made (site/menu-links.ts): a malformed one is
      // dropped and reported, rather than rejecting the whole record.
      other_menu_option: listOf(z.unknown()),
    })
    .prefault({}),
  final_articles: listOf(z.string()),
});
export type SiteSetting = z.infer<typeof siteSettingSchema>;
/** A record as the content API may send it: every defaulted field optional. */
export type SiteSettingInput = z.input<typeof siteSettingSchema>;

/**
 * A category as the pages use it. The API may send one without a display name (missing, null,
 * empty or blank): it is shown under its slug, title-cased (`home-networking` -> "Home
 * Networking"), in the menu, its heading and its title alike, rather than failing the whole
 * answer as a wrong shape.
 */
export const categorySchema = z
  .object({
    _id: z.string(),
    name: z.string().nullish(),
    slug: z.string(),
    description: z.string().optional(),
  })
  .transform(({ name, ...category }) => ({ ...category, name: name?.trim() ? name : titleCase(category.slug) }));
export type Category = z.infer<typeof categorySchema>;
/** A category as the content API may send it. */
export type CategoryInput = z.input<typeof categorySchema>;

export const articleImageSchema = z.object({
  url: z.string(),
  alt: z.string().default(''),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});

export const articleSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  domains: listOf(z.string()),
  title: z.string().default(''),
  excerpt: z.string().default(''),
  body: z.string().default(''),
  category: z.string().nullish(),
  image: articleImageSchema.nullish(),
  author: z.object({ name: z.string() }).nullish(),
  publishedAt: z.string().nullish(),
  /** When the record was created (optional; the sitemap's lastmod falls back to it). */
  createdAt: z.string().nullish(),
  updatedAt: z.string().nullish(),
});
export type Article = z.infer<typeof articleSchema>;
export type ArticleInput = z.input<typeof articleSchema>;

export const campaignCheckSchema = z.looseObject({
  isCampaignExists: z.boolean(),
  headlines: listOf(z.string()),
});
export type CampaignCheck = z.infer<typeof campaignCheckSchema>;

export const settingType = ['subdomains', 'domains', 'global'] as const;
export type SettingType = (typeof settingType)[number];
