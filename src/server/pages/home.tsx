import { HomePage } from '../../shared/components/Pages';
import { helperCall } from '../upstream/catalogue';
import { cardsOf } from './cards';
import type { PageLoader } from './context';

/** Home: the site's final_articles through article/home, in final_articles order. */
export const loadHome: PageLoader = async ({ site, api, log }) => {
  const ids = site.setting.final_articles;
  const found = await helperCall(log, () => api.homeArticles(ids, site.scope), []);
  const byId = new Map(found.map((article) => [article._id, article]));
  const ordered = ids.map((id) => byId.get(id)).filter((article) => article !== undefined);
  const settings = site.setting.config.igp_settings;
  return {
    status: 200,
    head: { title: site.name, description: settings.description },
    content: <HomePage siteName={site.name} tagline={settings.description} articles={await cardsOf(ordered, site, api, log)} />,
  };
};
