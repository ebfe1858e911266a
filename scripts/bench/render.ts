/**
 * What React alone costs for our article page (issue 25, "know the bound"): the element tree the
 * app renders for the shared harness's article, with the data of the harness's fake content API,
 * rendered in a loop as a complete document (renderToPipeableStream to onAllReady, as a
 * page-cache fill or a page whose parts have all arrived): no HTTP, no Express, no lookups.
 * It also prints what keeping a page costs on top (brotli and gzip at the page cache's
 * settings), so that the cost of a page-cache fill per miss is known.
 *
 *   npm run bench -- render [seconds]
 *
 * Needs the side-by-side harness, an optional checkout beside this repository at ../shared/bench
 * (not part of it; docs/performance.md): its fake content API is started on port 4190.
 */
import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { setImmediate } from 'node:timers/promises';
import path from 'node:path';
import { assetsFrom } from '../../src/server/render/assets';
import { encodeBody } from '../../src/server/http/encoding';
import { renderToDocument } from '../../src/server/render/stream';
import { sitePageElement } from '../../src/server/render/page';
import { createSiteChromes } from '../../src/server/render/site-chrome';
import { BENCH_HOST, BENCH_SLUG, loadBenchArticle } from '../lib/bench-article';

const SECONDS = Number(process.argv[2] ?? 5);
const API_PORT = 4190;
const API = `http://127.0.0.1:${API_PORT}`;
const HOST = BENCH_HOST;
const SLUG = BENCH_SLUG;

async function waitForApi(): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answered = await new Promise<boolean>((resolve) => get(`${API}/__stats`, (res) => resolve(res.resume().statusCode === 200)).on('error', () => resolve(false)));
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the fake content API did not start on ${API}`);
}

/** Runs `work` for `seconds` and returns its mean time in ms. */
async function timed(seconds: number, work: () => unknown): Promise<{ ms: number; runs: number }> {
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  let runs = 0;
  while (performance.now() < end) {
    await work();
    runs++;
    // Back to the event loop between runs, as between requests: a loop of awaits alone keeps
    // Node's nextTick queue (and every render it references) from being drained.
    await setImmediate();
  }
  return { ms: (performance.now() - start) / runs, runs };
}

async function main(): Promise<void> {
  const api = spawn(process.execPath, [path.resolve(__dirname, '../../../shared/bench/content-api/server.mjs')], { env: { ...process.env, PORT: String(API_PORT) }, stdio: 'ignore' });
  try {
    await waitForApi();
    const { log, site, route, view } = await loadBenchArticle(API);
    const assets = assetsFrom({ client: '/assets/client.js', stylesheet: '/assets/site.css' }, null, '');
    const chromes = createSiteChromes('', assets.stylesheet);
    // A new element each time, as each request builds its own (with its site's chrome, kept as the server keeps it).
    const render = () => renderToDocument(sitePageElement(site, route.rule, view, { chrome: chromes.of(site), assets, testDisplayAd: false }), { abortAfterMs: 5000, log });

    const html = await render();
    await timed(2, render); // warm-up: JIT
    const rendered = await timed(SECONDS, render);
    const brotli = await timed(Math.max(1, SECONDS / 2), () => encodeBody(html, 'br', 'kept'));
    const gzip = await timed(Math.max(1, SECONDS / 2), () => encodeBody(html, 'gzip', 'kept'));
    console.log(`React alone, ${HOST}/${SLUG}: ${html.length} bytes of HTML (node ${process.version}, NODE_ENV ${process.env.NODE_ENV})`);
    console.log(`  complete render: ${rendered.ms.toFixed(3)} ms each (${rendered.runs} in ${SECONDS} s): at most ${Math.round(1000 / rendered.ms)} renders/s on one core`);
    console.log(`  keeping it (page-cache fill): brotli ${brotli.ms.toFixed(3)} ms + gzip ${gzip.ms.toFixed(3)} ms`);
    console.log(`  a streamed miss that fills the page cache adds one complete render and both compressions: ${(rendered.ms + brotli.ms + gzip.ms).toFixed(3)} ms`);
  } finally {
    api.kill();
  }
}

void main();
