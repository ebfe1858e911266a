/**
 * A fake content API and campaign service on loopback: the demo's handlers over a test dataset,
 * with every call recorded and any path overridable to fail in a chosen way.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCampaignHandler, type DemoDataset } from '../../src/demo/content-api';
import { editableContentApi, type ArticleEdit } from '../../src/demo/editing';

export interface RecordedCall {
  readonly path: string;
  readonly query: Record<string, string>;
  readonly headers: IncomingMessage['headers'];
}

export type Override = (req: IncomingMessage, res: ServerResponse) => void;

export interface FakeUpstream {
  readonly contentApiUrl: string;
  readonly campaignApiUrl: string;
  readonly calls: RecordedCall[];
  readonly campaignCalls: RecordedCall[];
  /** Changes an article's title in the data every call answers from from now on (a CMS edit); false: no such slug. */
  editArticle(slug: string, edit: ArticleEdit): boolean;
  /** Back to the dataset it started with. */
  resetEdits(): void;
  /** Makes a path (content API or campaign service) answer with the override instead. */
  override(path: string, handler: Override): void;
  clearOverrides(): void;
  callsTo(path: string): RecordedCall[];
  close(): Promise<void>;
}

function record(req: IncomingMessage): RecordedCall {
  const url = new URL(req.url ?? '/', 'http://fake.invalid');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers };
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

export async function startFakeUpstream(dataset: DemoDataset): Promise<FakeUpstream> {
  const calls: RecordedCall[] = [];
  const campaignCalls: RecordedCall[] = [];
  const overrides = new Map<string, Override>();
  const content = editableContentApi(dataset, { httpEdits: false });
  const campaigns = createCampaignHandler(dataset);

  const routeTo = (list: RecordedCall[], fallback: Override): Override => (req, res) => {
    const call = record(req);
    list.push(call);
    const override = overrides.get(call.path) ?? [...overrides.entries()].find(([prefix]) => prefix.endsWith('*') && call.path.startsWith(prefix.slice(0, -1)))?.[1];
    (override ?? fallback)(req, res);
  };
  const contentServer = createServer(routeTo(calls, content.handler));
  const campaignServer = createServer(routeTo(campaignCalls, campaigns));
  const [contentApiUrl, campaignApiUrl] = await Promise.all([listen(contentServer), listen(campaignServer)]);

  return {
    contentApiUrl,
    campaignApiUrl,
    calls,
    campaignCalls,
    override: (path, handler) => void overrides.set(path, handler),
    editArticle: (slug, edit) => content.edit(slug, edit),
    resetEdits: () => content.reset(),
    clearOverrides: () => overrides.clear(),
    callsTo: (path) => calls.filter((call) => call.path === path),
    async close() {
      contentServer.closeAllConnections();
      campaignServer.closeAllConnections();
      await Promise.all([new Promise((r) => contentServer.close(r)), new Promise((r) => campaignServer.close(r))]);
    },
  };
}

/** Ready-made failures. */
export const failWith = {
  status: (status: number, body = '{"error":"boom"}'): Override => (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  },
  invalidJson: (body = '<html>not json at all</html>'): Override => (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  },
  json: (value: unknown): Override => (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  },
  /** Drops the connection without an answer. */
  reset: (): Override => (req) => {
    req.socket.destroy();
  },
  /** Never answers (until the test closes the server). */
  hang: (): Override => () => undefined,
};
