#!/usr/bin/env node
/**
 * `npm run bench -- slow-answers [dir]`: the long tail (every view an answer never asked for
 * before, over HOSTS hosts; scripts/lib/longtail.mjs) while some of the content API's answers are
 * slow but in time: every SLOW_EVERY-th article call (50) is answered SLOW_MS (1500) late, under
 * the app's UPSTREAM_TIMEOUT_MS (2000) and wrk's own 2 s timeout. Meanwhile the data cache fills with the other views'
 * answers many times over, so a slow call's entry is evicted by the cache's bound before it
 * answers (decision 0431). Target: no failed request and no `request.failed` line.
 *
 * The built server of `dir` (this checkout by default) with its production command on CPU 0; the
 * side-by-side harness's fake content API (../shared/bench, docs/performance.md) behind a proxy
 * in this process that holds the slow answers; wrk on CPU 1. Prints the views, the slow calls,
 * the failed requests and lines, and p99. Knobs: DURATION (15s), CONNECTIONS (32), HOSTS (200),
 * SLOW_EVERY, SLOW_MS.
 */
import http from 'node:http';
import path from 'node:path';
import { longTailLoad } from '../lib/longtail.mjs';
import { benchApi, ensureBuilt, freePorts, productionCommandIn, requireBenchApi, root, start, stop, waitForHttp } from '../lib/processes.mjs';
import { requireWrk } from '../lib/wrk.mjs';

const DURATION = process.env.DURATION ?? '15s';
const CONNECTIONS = process.env.CONNECTIONS ?? '32';
const HOSTS = Number(process.env.HOSTS ?? 200);
const SLOW_EVERY = Number(process.env.SLOW_EVERY ?? 50);
const SLOW_MS = Number(process.env.SLOW_MS ?? 1500);
const dir = path.resolve(process.argv[2] ?? root);

requireBenchApi();
requireWrk();
if (dir === root) ensureBuilt();

const [apiPort, proxyPort, appPort] = await freePorts(3);
const api = start(process.execPath, [benchApi], { cpu: 1, env: { PORT: String(apiPort), HOST: '127.0.0.1' } });
let articleCalls = 0;
let slowCalls = 0;
const upstream = new http.Agent({ keepAlive: true, maxSockets: 256 });
/** The fake API's answer, every SLOW_EVERY-th article call's SLOW_MS late. */
const proxy = http.createServer((req, res) => {
  const forward = () =>
    http
      .get({ host: '127.0.0.1', port: apiPort, path: req.url, agent: upstream }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      })
      .on('error', () => res.writeHead(502).end());
  const slow = req.url?.startsWith('/api/article/get') && ++articleCalls % SLOW_EVERY === 0;
  if (!slow) return forward();
  slowCalls += 1;
  setTimeout(forward, SLOW_MS);
});
await new Promise((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));

const { args, env } = productionCommandIn(dir);
const contentApi = `http://127.0.0.1:${proxyPort}`;
const app = start(process.execPath, args, { cpu: 0, cwd: dir, env: { ...env, PORT: String(appPort), HOST: '127.0.0.1', CONTENT_API_URL: contentApi, CAMPAIGN_API_URL: contentApi } });
const load = longTailLoad({ connections: CONNECTIONS, hosts: HOSTS });
try {
  await waitForHttp(`http://127.0.0.1:${apiPort}/__stats`);
  await waitForHttp(`http://127.0.0.1:${appPort}/healthz`, { child: app });
  // In the background: the proxy answers in this process meanwhile.
  const figures = await load.loadInBackground({ url: `http://127.0.0.1:${appPort}`, process: app }, DURATION);
  const lines = app.log().split('\n');
  const failedLines = lines.filter((line) => line.includes('"event":"request.failed"')).length;
  const statuses = {};
  for (const line of lines) {
    const status = line.includes('"msg":"request completed"') ? /"status":(\d+)/.exec(line)?.[1] : undefined;
    if (status && status !== '200') statuses[status] = (statuses[status] ?? 0) + 1;
  }
  const shed = lines.filter((line) => line.includes('"event":"load.shed"')).length;
  const met = figures.errors === 0 && failedLines === 0;
  console.log(`slow-answers: ${dir}, wrk -c${CONNECTIONS} for ${DURATION}, ${HOSTS} hosts; every ${SLOW_EVERY}th article call ${SLOW_MS} ms late`);
  console.log(`${figures.requests} views, ${slowCalls} slow calls; failed ${figures.errors}, request.failed lines ${failedLines}, other answers ${JSON.stringify(statuses)}, load.shed lines ${shed}; p99 ${figures.p99} ms (target: none failed: ${met ? 'ok' : 'MISSED'})`);
} finally {
  load.close();
  await stop(app);
  await stop(api);
  proxy.close();
  upstream.destroy();
}
