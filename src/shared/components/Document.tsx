import type { ReactNode } from 'react';
import { APP_STATE_ID, serializeAppState, type AppState } from '../app-state';

export interface HeadProps {
  readonly title: string;
  readonly description?: string | undefined;
  readonly canonical?: string | undefined;
  readonly noindex: boolean;
  readonly favicon?: string | undefined;
  /** Extra head elements of the page (structured data, feeds). */
  readonly extraHead?: ReactNode;
}

export interface AssetRefs {
  readonly stylesheet: string;
  /** The inline loader script's source; its hash is in the CSP. */
  readonly loaderScript: string;
}

export interface DocumentProps {
  readonly head: HeadProps;
  readonly state: AppState;
  readonly assets: AssetRefs;
  readonly children: ReactNode;
}

/** The whole HTML document; the page decides shell or not through its children. */
export function Document({ head, state, assets, children }: DocumentProps) {
  return (
    <html lang="en" className={state.dark} data-route={state.route}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        {head.description ? <meta name="description" content={head.description} /> : null}
        {head.noindex ? <meta name="robots" content="noindex" /> : null}
        {head.canonical ? <link rel="canonical" href={head.canonical} /> : null}
        <meta name="theme-color" content={state.brandColor} />
        {head.favicon ? <link rel="icon" href={head.favicon} /> : null}
        <link rel="stylesheet" href={assets.stylesheet} />
        {head.extraHead}
      </head>
      <body>
        {children}
        <script id={APP_STATE_ID} type="application/json" dangerouslySetInnerHTML={{ __html: serializeAppState(state) }} />
        <script type="module" dangerouslySetInnerHTML={{ __html: assets.loaderScript }} />
      </body>
    </html>
  );
}
