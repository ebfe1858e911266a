import { HomePage } from '../../shared/components/Pages';
import { homeHead } from '../seo/page-head';
import { cardsOf } from './cards';
import type { PageLoader } from './context';
import { finalArticlesOf } from '../site/final-articles';

/** Home: the site's final_articles (title, excerpt, category, date), in their order. */
export const loadHome: PageLoader = async ({ site, origin, api, lookup }) => ({
  status: 200,
  head: homeHead(site, origin),
  content: <HomePage siteName={site.name} tagline={site.setting.config.igp_settings.description} articles={await cardsOf(await finalArticlesOf(site, api, lookup), site, api, lookup)} />,
});
