import { MessagePage } from '../../shared/components/Pages';
import { SiteLink } from '../../shared/components/SiteLink';
import type { PageLoader } from './context';

/** /fortified-portal, /login and /dashboard: minimal no-shell pages (behaviour not specified). */
export function plainPage(title: string, text: string): PageLoader {
  return async ({ site }) => ({
    status: 200,
    head: { title: `${title} | ${site.name}`, noindex: true },
    content: (
      <MessagePage title={title}>
        <p>{text}</p>
        <p><SiteLink href="/">Go to {site.name}</SiteLink></p>
      </MessagePage>
    ),
  });
}
