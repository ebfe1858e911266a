#!/usr/bin/env node
/**
 * `npm run demo:purge`: an editor's change shown at once. Starts the demo content API with
 * edits allowed (src/demo/editing.ts, loaded from source by Sucrase) and the app against it
 * (`scripts/start.mjs`, which builds when needed) with a random PURGE_TOKEN, then:
 * reads an answer (kept by the page cache), retitles it in the demo content API, reads it again
 * (still the old title: the caches answer), purges it with scripts/purge.mjs, and reads it once
 * more: the new title, on the answer, the page of its category that lists it and the home.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { get, root, start, stop } from './lib/processes.mjs';

const require = createRequire(import.meta.url);
const { addHook } = require('sucrase/dist/register');
addHook('.ts', { transforms: ['imports', 'typescript'] });
const { demoDataset, startDemoBackend } = require('../src/demo/index.ts');

const HOST = 'cooking.localhost';
const SLUG = 'why-does-bread-go-stale';
const token = randomBytes(24).toString('hex');

/** The port a JSON log line of the app names, once it is there. */
async function loggedPort(child, event) {
  for (let waited = 0; waited < 60_000; waited += 100) {
    const line = child.log().split('\n').find((text) => text.includes(`"event":"${event}"`));
    if (line) return JSON.parse(line).port;
    if (child.exitCode !== null) throw new Error(`the app exited:\n${child.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${event} line within 60 s:\n${child.log()}`);
}

const titleOf = (html) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? '(no h1)';
const decoded = (href) => href.replaceAll('&amp;', '&');
/** The href of the first link whose tag has `attribute` (e.g. `rel="next"`), if any. */
const linkWith = (html, attribute) => {
  const tag = html.split('<a ').find((rest) => rest.slice(0, rest.indexOf('>')).includes(attribute));
  const href = tag && /\bhref="([^"]+)"/.exec(tag.slice(0, tag.indexOf('>')))?.[1];
  return href ? decoded(href) : undefined;
};
const listsAnswer = (html) => html.includes(`href="/${SLUG}"`);

function postJson(url, body) {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((res) => res.json());
}

const demo = await startDemoBackend(demoDataset, { host: '127.0.0.1', contentPort: 0, campaignPort: 0, editable: true });
const app = start(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  env: { CONTENT_API_URL: demo.contentApiUrl, CAMPAIGN_API_URL: demo.campaignApiUrl, PORT: '0', HOST: '127.0.0.1', METRICS_PORT: '0', PURGE_TOKEN: token, LOG_LEVEL: 'info' },
});
try {
  const port = await loggedPort(app, 'server.listening');
  const metricsPort = await loggedPort(app, 'metrics.listening');
  const page = async (pagePath) => {
    const res = await get(`http://127.0.0.1:${port}${pagePath}`, { host: HOST });
    return { cache: res.headers['x-page-cache'], body: res.body };
  };
  const article = async (label) => {
    const res = await page(`/${SLUG}`);
    console.log(`${label.padEnd(44)} h1 "${titleOf(res.body)}" (page cache: ${res.cache})`);
    return res.body;
  };

  /** The page of a listing, from `first` along its pager (rel="next"), that links to the answer. */
  const listingPageOf = async (first) => {
    for (let pagePath = first, seen = 0; pagePath && seen < 20; seen += 1) {
      const { body } = await page(pagePath);
      if (listsAnswer(body)) return pagePath;
      pagePath = linkWith(body, 'rel="next"');
    }
    return `${first} (no page of it links to /${SLUG})`;
  };

  console.log(`app on http://${HOST}:${port}, purge on 127.0.0.1:${metricsPort}/purge, demo content API ${demo.contentApiUrl}\n`);
  const first = await article('1. read the answer');
  const oldTitle = titleOf(first);
  // Where the answer is listed: its category's page that links to it (the category grows), and the home.
  const listings = [await listingPageOf(linkWith(first, 'class="article-category"') ?? '/category (the answer names none)'), await listingPageOf('/')];
  console.log(`   it is listed on ${listings.join(' and ')}`);
  await article('2. read it again');
  const newTitle = `${oldTitle.replace(/\?$/, '')}, edited at ${new Date().toLocaleTimeString('en-GB')}?`;
  await postJson(`${demo.contentApiUrl}/_demo/articles/${SLUG}`, { title: newTitle });
  console.log(`3. the editor retitles it in the content API: "${newTitle}"`);
  await article('4. read it: the caches still answer');

  console.log(`5. purge: PURGE_TOKEN=... node scripts/purge.mjs --instances 127.0.0.1:${metricsPort} --site ${HOST} --slug ${SLUG}`);
  const purged = await new Promise((resolve) => {
    execFile(process.execPath, [path.join(root, 'scripts/purge.mjs'), '--instances', `127.0.0.1:${metricsPort}`, '--site', HOST, '--slug', SLUG], { env: { ...process.env, PURGE_TOKEN: token } }, (error, stdout) => resolve({ ok: !error, stdout }));
  });
  process.stdout.write(`   ${purged.stdout}`);
  const shown = titleOf(await article('6. read it: the next request'));
  const elsewhere = [];
  for (const pagePath of listings) elsewhere.push(`${pagePath} ${(await page(pagePath)).body.includes(newTitle) ? 'shows' : 'does NOT show'} it`);
  console.log(`   ${elsewhere.join('; ')}`);
  const ok = purged.ok && shown === newTitle && elsewhere.every((line) => line.includes(' shows '));
  console.log(ok ? '\nthe new title shows at once after the purge' : '\nFAILED: the new title does not show');
  process.exitCode = ok ? 0 : 1;
} finally {
  await stop(app);
  await demo.close();
}
