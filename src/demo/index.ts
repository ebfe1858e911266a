/** Starts the demo content API and campaign service on loopback ports of their own. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCampaignHandler, createContentApiHandler, type DemoDataset, type Handler } from './content-api';
import { demoArticles } from './data/articles';
import { editableContentApi } from './editing';
import { demoCategories } from './data/categories';
import { demoCampaigns, demoDomains, demoGlobalSetting, demoSubdomains } from './data/sites';

export { demoShowcaseHosts } from './data/sites';

export const demoDataset: DemoDataset = {
  global: demoGlobalSetting,
  domains: demoDomains,
  subdomains: demoSubdomains,
  categories: demoCategories,
  articles: demoArticles,
  campaigns: demoCampaigns,
};

export interface DemoBackend {
  readonly contentApiUrl: string;
  readonly campaignApiUrl: string;
  close(): Promise<void>;
}

/** Where the two demo services listen: loopback on free ports unless told otherwise. */
export interface DemoListenOptions {
  readonly host: string;
  readonly contentPort: number;
  readonly campaignPort: number;
  /** Serve POST /_demo/articles/<slug> (editing.ts): only the demo process started with --editable. */
  readonly editable?: boolean;
}

const LOOPBACK_FREE_PORTS: DemoListenOptions = { host: '127.0.0.1', contentPort: 0, campaignPort: 0 };

function listen(handler: Handler, host: string, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler);
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** A wildcard address is reached on loopback from this machine. */
function urlOf(server: Server, host: string): string {
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${(server.address() as AddressInfo).port}`;
}
const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

export async function startDemoBackend(dataset: DemoDataset = demoDataset, where: DemoListenOptions = LOOPBACK_FREE_PORTS): Promise<DemoBackend> {
  const contentApi = where.editable ? editableContentApi(dataset, { httpEdits: true }).handler : createContentApiHandler(dataset);
  const content = await listen(contentApi, where.host, where.contentPort);
  const campaigns = await listen(createCampaignHandler(dataset), where.host, where.campaignPort);
  return {
    contentApiUrl: urlOf(content, where.host),
    campaignApiUrl: urlOf(campaigns, where.host),
    async close() {
      content.closeAllConnections();
      campaigns.closeAllConnections();
      await Promise.all([closeServer(content), closeServer(campaigns)]);
    },
  };
}
