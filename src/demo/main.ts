/**
 * The demo content API and campaign service as a process of their own, for the container smoke
 * test, Compose and the benchmark (the app then runs with NODE_ENV=production and both URLs):
 *
 *   node dist/demo/main.js [--host 127.0.0.1] [--content-port 4000] [--campaign-port 4001] [--editable]
 *
 * --editable also serves POST /_demo/articles/<slug> (src/demo/editing.ts), for the purge demo.
 * Prints one JSON line with both base URLs once listening; SIGTERM or SIGINT closes it.
 */
import { parseArgs } from 'node:util';
import { LOG_EVENTS } from '../server/http/log-events';
import { demoDataset, startDemoBackend } from './index';

function portOption(name: string, raw: string): number {
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) {
    process.stderr.write(`--${name} must be a whole number from 0 to 65535 (got ${JSON.stringify(raw)})\n`);
    process.exit(1);
  }
  return port;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      'content-port': { type: 'string', default: '4000' },
      'campaign-port': { type: 'string', default: '4001' },
      editable: { type: 'boolean', default: false },
    },
  });
  const backend = await startDemoBackend(demoDataset, {
    host: values.host,
    contentPort: portOption('content-port', values['content-port']),
    campaignPort: portOption('campaign-port', values['campaign-port']),
    editable: values.editable,
  });
  process.stdout.write(`${JSON.stringify({ event: LOG_EVENTS.DEMO_STARTED.event, contentApiUrl: backend.contentApiUrl, campaignApiUrl: backend.campaignApiUrl })}\n`);
  const close = () => void backend.close().then(() => process.exit(0));
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}

main().catch((error: unknown) => {
  process.stderr.write(`demo backend could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
