/**
 * Demo site settings. Together they show the resolution order at work:
 * - localhost                  domain record, the default site (light, every ad slot)
 * - cooking.localhost          active subdomain (step i), campaign headlines on
 * - tech.localhost             global subdomain inheriting localhost's domain record (step ii),
 *                              with its own campaign flags (check + headlines)
 * - garden.localhost           domain found by host (step iii), dark, ads disabled
 * - travel.localhost           active subdomain, dark, no gaCode of its own (ANALYTICS_CODES)
 * - old.localhost              inactive subdomain: falls to the domain found by host (garden's
 *                              archive, which publishes garden's articles too)
 * - www.garden.localhost       global subdomain of garden.localhost, whose canonical host it is: a 301 there
 * - anything else              the global setting (step iv)
 * ads.txt: localhost and cooking.localhost have their own lines; the others serve the global's.
 */
import type { SiteSettingInput } from '../../shared/records';

/** The demo's sites worth opening first (the start line names them; the README's table says what each shows). */
export const demoShowcaseHosts: readonly string[] = ['localhost', 'cooking.localhost', 'tech.localhost', 'garden.localhost', 'travel.localhost'];

const everyAdSlot = ['anchor', 'banner_1', 'banner_2', 'banner_3', 'popup', 'siderail_left', 'siderail_right'];

export const demoGlobalSetting: SiteSettingInput = {
  _id: 'global-1',
  type: 'global',
  active: true,
  url: '',
  name: 'Answers Network',
  darkmode: false,
  config: {
    global: true,
    ad_slots: [],
    gaCode: null,
    igp_settings: { title: 'Answers Network', description: 'Clear answers to everyday questions.' },
    // No pixel: a pixel is an image on a measurement vendor's host, which the demo has none of
    // (a relative one would ask the app itself for a file it does not serve).
    pixels: [],
    // The network's sellers: every site without a list of its own serves these (/ads.txt).
    ads_txt: ['# Answers Network', 'google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0', 'CONTACT=ads@answers.example'],
  },
  menu: { categories_menu_option: ['cat-baking', 'cat-vegetables', 'cat-networking', 'cat-rail'], other_menu_option: [{ label: 'Home', url: '/' }] },
  final_articles: ['art-1', 'art-9', 'art-17', 'art-25', 'art-5', 'art-13'],
};

export const demoDomains: readonly SiteSettingInput[] = [
  {
    _id: 'dom-answers',
    type: 'domains',
    active: true,
    url: 'localhost',
    name: 'Everyday Answers',
    darkmode: false,
    config: {
      global: false,
      disable_ads: false,
      adSenseParent: '/21800000000/everyday',
      adSenseScript: true,
      ad_slots: everyAdSlot,
      gaCode: 'G-EVERYDAY01',
      igp_settings: { title: 'Everyday Answers', description: 'Straight answers to the questions people ask every day.', footerText: 'Everyday Answers: written by people who checked.' },
      ads_txt: [
        '# Everyday Answers: sellers authorised for this site',
        'google.com, pub-0000000000000001, DIRECT, f08c47fec0942fa0',
        'appnexus.com, 1001, RESELLER, f5ab79cb980f11d1',
        'CONTACT=ads@everyday.example',
        'SUBDOMAIN=cooking.localhost',
      ],
    },
    menu: {
      categories_menu_option: ['cat-baking', 'cat-grilling', 'cat-vegetables', 'cat-houseplants', 'cat-networking', 'cat-smartphones', 'cat-rail', 'cat-packing'],
      other_menu_option: [{ label: 'Home', url: '/' }, { label: 'Sign in', url: '/login' }],
    },
    final_articles: ['art-1', 'art-5', 'art-9', 'art-13', 'art-17', 'art-21', 'art-25', 'art-29', 'art-2', 'art-18'],
  },
  {
    _id: 'dom-garden',
    type: 'domains',
    active: true,
    url: 'garden.localhost',
    name: 'Garden Answers',
    darkmode: true,
    config: {
      global: false,
      disable_ads: true,
      adSenseParent: '/21800000000/garden',
      ad_slots: ['banner_1', 'banner_2', 'anchor'],
      gaCode: 'G-GARDEN0001',
      igp_settings: { title: 'Garden Answers', description: 'Vegetables, houseplants and the soil they grow in.' },
      // www.garden.localhost is the same site: it redirects here.
      canonical_host: 'garden.localhost',
    },
    menu: { categories_menu_option: ['cat-vegetables', 'cat-houseplants'], other_menu_option: [{ label: 'Home', url: '/' }, { label: 'Sign in', url: '/login' }] },
    final_articles: ['art-9', 'art-13', 'art-10', 'art-14', 'art-11', 'art-15', 'art-12', 'art-16'],
  },
  {
    _id: 'dom-old',
    type: 'domains',
    active: true,
    url: 'old.localhost',
    name: 'Old Garden Answers',
    darkmode: false,
    config: { global: false, disable_ads: true, ad_slots: [], igp_settings: { title: 'Garden Answers Archive', description: 'The archive of Garden Answers.' } },
    menu: { categories_menu_option: ['cat-vegetables', 'cat-houseplants'], other_menu_option: [] },
    final_articles: ['art-16', 'art-15', 'art-12', 'art-11'],
  },
];

export const demoSubdomains: readonly SiteSettingInput[] = [
  // The same site as garden.localhost (step ii, inheriting it): a 301 to its canonical host.
  { _id: 'sub-www-garden', type: 'subdomains', active: true, url: 'www.garden.localhost', domain: 'dom-garden', name: 'www', config: { global: true } },
  {
    _id: 'sub-cooking',
    type: 'subdomains',
    active: true,
    url: 'cooking.localhost',
    domain: 'dom-answers',
    name: 'Cooking Answers',
    darkmode: false,
    config: {
      global: false,
      disable_ads: false,
      adSenseParent: '/21800000000/cooking',
      adSenseScript: false,
      ad_slots: ['anchor', 'banner_1', 'banner_2', 'popup', 'siderail_left', 'siderail_right', 'skyscraper'],
      campaign_check: false,
      campaign_headlines: true,
      gaCode: 'G-COOK12345',
      igp_settings: { title: 'Cooking Answers', description: 'Answers to kitchen questions, tested at the stove.' },
      ads_txt: ['google.com, pub-0000000000000002, DIRECT, f08c47fec0942fa0', 'CONTACT=ads@cooking.example'],
      // Consent defaults denied in these regions only (the others use the EEA, the UK and Switzerland).
      consent_regions: ['DE', 'FR', 'GB', 'US-CA'],
    },
    menu: { categories_menu_option: ['cat-grilling', 'cat-baking'], other_menu_option: [{ label: 'Home', url: '/' }, { label: 'Sign in', url: '/login' }] },
    final_articles: ['art-1', 'art-5', 'art-2', 'art-6', 'art-3', 'art-7', 'art-4', 'art-8'],
  },
  {
    _id: 'sub-tech',
    type: 'subdomains',
    active: true,
    url: 'tech.localhost',
    domain: 'dom-answers',
    name: 'Tech Answers',
    darkmode: false,
    config: { global: true, campaign_check: true, campaign_headlines: true, network_ignore: true },
    menu: { categories_menu_option: [], other_menu_option: [] },
    final_articles: [],
  },
  {
    _id: 'sub-travel',
    type: 'subdomains',
    active: true,
    url: 'travel.localhost',
    domain: 'dom-answers',
    name: 'Travel Answers',
    darkmode: true,
    config: {
      global: false,
      adSenseParent: '/21800000000/travel',
      ad_slots: ['banner_1', 'banner_3', 'siderail_left', 'siderail_right'],
      campaign_headlines: true,
      igp_settings: { title: 'Travel Answers', description: 'Trains, luggage and the small print of getting there.' },
    },
    menu: { categories_menu_option: ['cat-rail', 'cat-packing'], other_menu_option: [{ label: 'Home', url: '/' }, { label: 'Sign in', url: '/login' }] },
    final_articles: ['art-25', 'art-29', 'art-26', 'art-30', 'art-27', 'art-31', 'art-28', 'art-32'],
  },
  {
    _id: 'sub-old',
    type: 'subdomains',
    active: false,
    url: 'old.localhost',
    domain: 'dom-garden',
    name: 'Old Garden (inactive)',
    config: { global: false },
  },
];

/** Campaigns the demo campaign service knows: by utm id and by campaign id. */
export const demoCampaigns: Readonly<Record<string, { headlines: string[] }>> = {
  spring: { headlines: ['Spring baking week', 'New answers every day'] },
  'rail-2026': { headlines: ['Night trains are back'] },
  quiet: { headlines: [] },
};
