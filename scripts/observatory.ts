/**
 * Grades the app with the MDN HTTP Observatory's scoring (algorithm v4, ported in
 * observatory/algorithm.ts). Starts the built server with its demo backend as it runs behind a
 * TLS-terminating load balancer (TRUST_PROXY=loopback; X-Forwarded-Proto says how the visitor
 * came), retrieves for each demo host what the Observatory retrieves (http://host/ and its
 * redirects, https://host/, /robots.txt, a CORS preflight), then prints every test, the points
 * lost and the bonus not earned, with the reason, and the grade.
 *
 *   npm run observatory
 *
 * Exits 1 when a host grades below A+.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { grade, SCORE_MODIFIERS, type Answer, type Grade, type HeaderMap, type Retrieval } from './observatory/algorithm';

// run-ts.mjs bundles this file into node_modules/.cache/run-ts.
const root = path.resolve(__dirname, '../../..');
const serverEntry = path.join(root, 'dist/server/index.js');
const HOSTS = ['localhost', 'cooking.localhost', 'garden.localhost', 'travel.localhost'];
const OBSERVATORY_ORIGIN = 'https://http-observatory.security.mozilla.org';
const OBSERVATORY_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:129.0) Gecko/20100101 Firefox/129.0 Observatory/129.0',
};

/** Why a result scores below the best of its test, for this app. */
const REASONS: Readonly<Record<string, string>> = {
  'csp-implemented-with-unsafe-inline-in-style-src-only':
    "style-src keeps 'unsafe-inline': Google Publisher Tag and AdSense set inline styles, also in the same-origin frames that inherit the policy. Scripts are strict (hash + 'strict-dynamic'). Best: +10 needs default-src 'none' and no unsafe style.",
  'cookies-not-found': 'the app sets no cookie (the theme choice is written by the page script); +5 is only for sites that set cookies, all Secure, HttpOnly and SameSite.',
  'hsts-implemented-max-age-at-least-six-months': 'not on the browsers\' HSTS preload list; preloading is a per-domain decision of the operator (hstspreload.org).',
  'sri-not-implemented-but-all-scripts-loaded-from-secure-origin':
    'no <script src> in the HTML: the inline loader (allowed by its hash) adds the same-origin bundle, and the ad and analytics scripts change without notice, so they cannot carry integrity hashes; +5 is for integrity attributes.',
};

/** The best modifier each test can give (charts.js), to show bonus not earned. */
const BEST: Readonly<Record<string, number>> = {
  'content-security-policy': 10,
  cookies: 5,
  'cross-origin-resource-sharing': 0,
  redirection: 0,
  'referrer-policy': 5,
  'strict-transport-security': 5,
  'subresource-integrity': 5,
  'x-content-type-options': 0,
  'x-frame-options': 5,
  'cross-origin-resource-policy': 10,
};

interface Fetched {
  readonly status: number;
  readonly headers: HeaderMap;
  readonly body: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** One request to the app as the balancer forwards it: the visitor's URL decides Host and proto. */
function fetchThroughBalancer(port: number, url: URL, method = 'GET', headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path: `${url.pathname}${url.search}`, headers: { ...OBSERVATORY_HEADERS, ...headers, host: url.host, 'x-forwarded-proto': url.protocol.slice(0, -1) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const setCookiesOf = (headers: HeaderMap): string[] => {
  const value = headers['set-cookie'];
  return value === undefined ? [] : typeof value === 'string' ? [value] : [...value];
};

/** Follows redirects like the retriever's session (at most 10), recording the route. */
async function session(port: number, start: URL, setCookies: string[]): Promise<{ answer: Answer & { body: string }; route: { url: URL; status: number }[] }> {
  const route: { url: URL; status: number }[] = [];
  let url = start;
  for (let hop = 0; hop <= 10; hop++) {
    const fetched = await fetchThroughBalancer(port, url);
    setCookies.push(...setCookiesOf(fetched.headers));
    route.push({ url, status: fetched.status });
    const location = fetched.headers.location;
    if (fetched.status >= 300 && fetched.status < 400 && typeof location === 'string') {
      url = new URL(location, url);
      continue;
    }
    // TLS is the balancer's: its certificate is taken to be valid.
    return { answer: { url, status: fetched.status, headers: fetched.headers, body: fetched.body, verified: true }, route };
  }
  throw new Error(`more than 10 redirects from ${start.href}`);
}

async function retrieve(port: number, hostname: string): Promise<Retrieval> {
  const setCookies: string[] = [];
  const http = await session(port, new URL(`http://${hostname}/`), setCookies);
  const https = await session(port, new URL(`https://${hostname}/`), setCookies);
  const robots = await fetchThroughBalancer(port, new URL(`https://${hostname}/robots.txt`), 'GET', { accept: 'text/plain,*/*;q=0.8' });
  setCookies.push(...setCookiesOf(robots.headers));
  const preflight = await fetchThroughBalancer(port, https.answer.url, 'OPTIONS', { origin: OBSERVATORY_ORIGIN, 'access-control-request-method': 'GET' });
  return {
    hostname,
    auto: https.answer,
    http: { ...http.answer, url: new URL(`http://${hostname}/`), status: http.route[0]?.status ?? 0 },
    https: https.answer,
    httpRedirects: http.route,
    cors: { url: https.answer.url, status: preflight.status, headers: preflight.headers, verified: true, origin: OBSERVATORY_ORIGIN },
    setCookies,
  };
}

function report(hostname: string, result: Grade): void {
  console.log(`\nhttps://${hostname}/  grade ${result.grade}, score ${result.score}`);
  for (const test of result.tests) {
    const best = BEST[test.name] ?? 0;
    const note = test.modifier < 0 ? `  LOST ${-test.modifier}` : test.modifier < best ? `  (bonus ${best - test.modifier} not earned)` : '';
    console.log(`  ${test.pass ? 'pass' : 'FAIL'}  ${test.name.padEnd(30)} ${test.result.padEnd(62)} ${String(test.modifier).padStart(3)}${note}`);
  }
}

/** Why each result below its test's best scored so, once for all hosts. */
function explain(grades: readonly Grade[]): void {
  const below = new Map(grades.flatMap((result) => result.tests).filter((test) => test.modifier < (BEST[test.name] ?? 0)).map((test) => [test.result, test]));
  if (below.size > 0) console.log('\nPoints lost and bonus not earned, why:');
  for (const test of below.values()) console.log(`  ${test.name} (${test.modifier} of ${BEST[test.name] ?? 0}): ${REASONS[test.result] ?? `see ${test.result} in the Observatory's score table (${SCORE_MODIFIERS[test.result] ?? 0})`}`);
}

async function main(): Promise<void> {
  if (!existsSync(serverEntry)) spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  const port = await freePort();
  const server = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: 'loopback', LOG_LEVEL: 'warn', CONTENT_API_URL: '', CAMPAIGN_API_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let attempt = 0; ; attempt++) {
      const ready = await fetchThroughBalancer(port, new URL('http://localhost/readyz')).then((r) => r.status === 200, () => false);
      if (ready) break;
      if (attempt > 200) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    console.log('MDN HTTP Observatory scoring, algorithm v4 (ported from @mdn/mdn-http-observatory 1.4.8: the package cannot be installed offline).');
    console.log('The app runs as behind a TLS-terminating load balancer with a valid certificate (TRUST_PROXY, X-Forwarded-Proto).');
    const grades: Grade[] = [];
    for (const hostname of HOSTS) {
      const result = grade(await retrieve(port, hostname));
      grades.push(result);
      report(hostname, result);
    }
    explain(grades);
    const worst = grades.reduce((low, next) => (next.score < low.score ? next : low));
    console.log(`\nObservatory grade: ${worst.grade} (lowest score ${worst.score} of ${grades.length} hosts; A+ needs 100, the base before bonuses)`);
    process.exitCode = worst.grade === 'A+' ? 0 : 1;
  } finally {
    server.kill('SIGINT');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
