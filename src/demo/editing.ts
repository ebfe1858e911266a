/**
 * Edits for the demo content API, so the demo can show a purge (README, `npm run demo:purge`):
 * `POST /_demo/articles/<slug>` with `{"title": "..."}` changes an answer's title everywhere
 * the demo answers with it. Outside the content API's contract, and served only by a demo
 * started with `editable` (`node dist/demo/main.js --editable`); the app never calls it, and
 * the demo itself never starts where a real backend is configured (config.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Article } from '../shared/records';
import { createContentApiHandler, sendJson, type DemoDataset, type Handler } from './content-api';

export const EDIT_PATH_PREFIX = '/_demo/articles/';

export interface ArticleEdit {
  readonly title: string;
}

const MAX_EDIT_BYTES = 8 * 1024;
const MAX_TITLE_LENGTH = 300;

/** The dataset with the article of `slug` retitled (every copy of it: an article may belong to several sites). Pure. */
export function withArticleEdited(dataset: DemoDataset, slug: string, edit: ArticleEdit): DemoDataset | null {
  if (!dataset.articles.some((article) => article.slug === slug)) return null;
  const articles: Article[] = dataset.articles.map((article) => (article.slug === slug ? { ...article, title: edit.title, updatedAt: new Date().toISOString() } : article));
  return { ...dataset, articles };
}

export interface EditableContentApi {
  readonly handler: Handler;
  /** False when no article has the slug. */
  edit(slug: string, edit: ArticleEdit): boolean;
  /** Back to the dataset it started with. */
  reset(): void;
}

function readEdit(req: IncomingMessage): Promise<ArticleEdit | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_EDIT_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        const body: unknown = size <= MAX_EDIT_BYTES ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
        const title = typeof body === 'object' && body !== null && 'title' in body ? body.title : undefined;
        resolve(typeof title === 'string' && title.trim() !== '' && title.length <= MAX_TITLE_LENGTH ? { title } : null);
      } catch {
        resolve(null);
      }
    });
  });
}

/** The demo content API over a dataset that edits replace; with `httpEdits`, also the edit route. */
export function editableContentApi(initial: DemoDataset, options: { readonly httpEdits: boolean }): EditableContentApi {
  let current = createContentApiHandler(initial);
  let dataset = initial;
  const edit = (slug: string, change: ArticleEdit): boolean => {
    const edited = withArticleEdited(dataset, slug, change);
    if (!edited) return false;
    dataset = edited;
    current = createContentApiHandler(edited);
    return true;
  };
  return {
    handler: function editableDemo(req, res) {
      const path = (req.url ?? '').split('?')[0] ?? '';
      if (!options.httpEdits || !path.startsWith(EDIT_PATH_PREFIX)) return current(req, res);
      if (req.method !== 'POST') return sendJson(res, 405, { error: 'POST only' });
      const slug = path.slice(EDIT_PATH_PREFIX.length);
      void readEdit(req).then((change) => {
        if (!change) return sendJson(res, 400, { error: `the body must be {"title": "..."} (1 to ${MAX_TITLE_LENGTH} characters)` });
        if (!edit(slug, change)) return sendJson(res, 404, { error: 'no article has this slug', slug });
        sendJson(res, 200, { data: dataset.articles.find((article) => article.slug === slug) });
      });
    },
    edit,
    reset() {
      dataset = initial;
      current = createContentApiHandler(initial);
    },
  };
}
