/** Starts the demo content API and campaign service on loopback ports of their own. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCampaignHandler, createContentApiHandler, type DemoDataset, type Handler } from './content-api';
import { demoArticles } from './data/articles';
import { demoCategories } from './data/categories';
import { demoCampaigns, demoDomains, demoGlobalSetting, demoSubdomains } from './data/sites';

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

function listen(handler: Handler): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler);
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

export async function startDemoBackend(dataset: DemoDataset = demoDataset): Promise<DemoBackend> {
  const content = await listen(createContentApiHandler(dataset));
  const campaigns = await listen(createCampaignHandler(dataset));
  return {
    contentApiUrl: urlOf(content),
    campaignApiUrl: urlOf(campaigns),
    async close() {
      content.closeAllConnections();
      campaigns.closeAllConnections();
      await Promise.all([closeServer(content), closeServer(campaigns)]);
    },
  };
}
