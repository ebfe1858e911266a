import { MessagePage } from '../../shared/components/Pages';
import type { PageLoader } from './context';

/** /fortified-portal, /login and /dashboard: minimal no-shell pages (behaviour not specified). */
export function plainPage(title: string, text: string): PageLoader {
  return async ({ site }) => ({
    status: 200,
    head: { title: `${title} | ${site.name}`, noindex: true },
    content: (
      <MessagePage title={title}>
        <p>{text}</p>
        <p><a href="/">Go to {site.name}</a></p>
      </MessagePage>
    ),
  });
}
