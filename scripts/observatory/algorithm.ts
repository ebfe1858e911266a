/**
 * The MDN HTTP Observatory's scoring (algorithm version 4), ported from
 * @mdn/mdn-http-observatory 1.4.8 (MPL-2.0): src/analyzer/tests/*.js, src/analyzer/cspParser.js
 * and src/grader/{charts,grader}.js. The package itself cannot be installed here: its install
 * scripts download an HSTS preload list, a TLD list and a CA bundle, and build libpq (see
 * docs/decisions/0060). Pure: it grades answers someone else retrieved.
 *
 * Deviations, all irrelevant for this app's answers (no <script src> on other domains, no host
 * in the HSTS preload list): the SRI test compares registrable domains by their last two labels
 * (the package uses the public suffix list), and no host counts as HSTS-preloaded.
 */
import { JSDOM } from 'jsdom';

export type HeaderMap = Readonly<Record<string, string | readonly string[] | undefined>>;

export interface Answer {
  readonly url: URL;
  readonly status: number;
  readonly headers: HeaderMap;
  /** Whether the TLS certificate chain verified (always true for http:). */
  readonly verified: boolean;
}

/** What the Observatory's retriever collects for one host. */
export interface Retrieval {
  readonly hostname: string;
  /** The final answer for the site (https when it answers), with its body. */
  readonly auto: (Answer & { readonly body: string }) | null;
  readonly http: Answer | null;
  readonly https: Answer | null;
  /** The redirect chain from http://host/, the first request included. */
  readonly httpRedirects: readonly { readonly url: URL; readonly status: number }[];
  /** The answer to a CORS preflight (OPTIONS with Origin) of the final URL. */
  readonly cors: (Answer & { readonly origin: string }) | null;
  /** Every Set-Cookie of the session (page, redirects, robots.txt). */
  readonly setCookies: readonly string[];
}

export interface TestResult {
  readonly name: string;
  readonly result: string;
  readonly pass: boolean;
  readonly modifier: number;
}

export interface Grade {
  readonly grade: string;
  readonly score: number;
  readonly tests: readonly TestResult[];
}

/** src/grader/charts.js SCORE_TABLE: the score modifier of every result. */
export const SCORE_MODIFIERS: Readonly<Record<string, number>> = {
  'csp-implemented-with-no-unsafe-default-src-none': 10,
  'csp-implemented-with-no-unsafe': 5,
  'csp-implemented-with-unsafe-inline-in-style-src-only': 0,
  'csp-implemented-with-insecure-scheme-in-passive-content-only': -10,
  'csp-implemented-with-unsafe-eval': -10,
  'csp-implemented-with-unsafe-inline': -20,
  'csp-implemented-with-insecure-scheme': -20,
  'csp-header-invalid': -25,
  'csp-not-implemented': -25,
  'csp-not-implemented-but-reporting-enabled': -25,
  'csp-implemented-but-duplicate-directives': 0,
  'cookies-secure-with-httponly-sessions-and-samesite': 5,
  'cookies-secure-with-httponly-sessions': 0,
  'cookies-not-found': 0,
  'cookies-without-secure-flag-but-protected-by-hsts': -5,
  'cookies-session-without-secure-flag-but-protected-by-hsts': -10,
  'cookies-without-secure-flag': -20,
  'cookies-samesite-flag-invalid': -20,
  'cookies-anticsrf-without-samesite-flag': -20,
  'cookies-session-without-httponly-flag': -30,
  'cookies-session-without-secure-flag': -40,
  'cross-origin-resource-sharing-not-implemented': 0,
  'cross-origin-resource-sharing-implemented-with-public-access': 0,
  'cross-origin-resource-sharing-implemented-with-restricted-access': 0,
  'cross-origin-resource-sharing-implemented-with-universal-access': -50,
  'redirection-all-redirects-preloaded': 0,
  'redirection-to-https': 0,
  'redirection-not-needed-no-http': 0,
  'redirection-off-host-from-http': -5,
  'redirection-not-to-https-on-initial-redirection': -10,
  'redirection-not-to-https': -20,
  'redirection-missing': -20,
  'redirection-invalid-cert': -20,
  'referrer-policy-private': 5,
  'referrer-policy-not-implemented': 0,
  'referrer-policy-unsafe': -5,
  'referrer-policy-header-invalid': -5,
  'hsts-preloaded': 5,
  'hsts-implemented-max-age-at-least-six-months': 0,
  'hsts-implemented-max-age-less-than-six-months': -10,
  'hsts-not-implemented': -20,
  'hsts-header-invalid': -20,
  'hsts-not-implemented-no-https': -20,
  'hsts-invalid-cert': -20,
  'sri-implemented-and-all-scripts-loaded-securely': 5,
  'sri-implemented-and-external-scripts-loaded-securely': 5,
  'sri-not-implemented-response-not-html': 0,
  'sri-not-implemented-but-no-scripts-loaded': 0,
  'sri-not-implemented-but-all-scripts-loaded-from-secure-origin': 0,
  'sri-not-implemented-but-external-scripts-loaded-securely': -5,
  'sri-implemented-but-external-scripts-not-loaded-securely': -20,
  'sri-not-implemented-and-external-scripts-not-loaded-securely': -50,
  'html-not-parseable': -20,
  'x-content-type-options-nosniff': 0,
  'x-content-type-options-not-implemented': -5,
  'x-content-type-options-header-invalid': -5,
  'x-frame-options-implemented-via-csp': 5,
  'x-frame-options-sameorigin-or-deny': 0,
  'x-frame-options-allow-from-origin': 0,
  'x-frame-options-not-implemented': -20,
  'x-frame-options-header-invalid': -20,
  'cross-origin-resource-policy-header-invalid': -5,
  'cross-origin-resource-policy-implemented-with-cross-origin': 0,
  'cross-origin-resource-policy-implemented-with-same-origin': 10,
  'cross-origin-resource-policy-implemented-with-same-site': 10,
  'cross-origin-resource-policy-not-implemented': 0,
};

/** charts.js GRADE_CHART, by multiples of 5, and MINIMUM_SCORE_FOR_EXTRA_CREDIT. */
const GRADE_CHART: readonly [number, string][] = [
  [100, 'A+'], [90, 'A'], [85, 'A-'], [80, 'B+'], [70, 'B'], [65, 'B-'], [60, 'C+'], [50, 'C'], [45, 'C-'], [40, 'D+'], [30, 'D'], [25, 'D-'], [0, 'F'],
];
const MINIMUM_SCORE_FOR_EXTRA_CREDIT = 90;

function headerValues(headers: HeaderMap | undefined, name: string): string[] {
  if (!headers) return [];
  return Object.entries(headers)
    .filter(([key]) => key.toLowerCase() === name)
    .flatMap(([, value]) => (value === undefined ? [] : typeof value === 'string' ? [value] : [...value]));
}
const firstHeader = (headers: HeaderMap | undefined, name: string): string | null => headerValues(headers, name)[0] ?? null;

/** The worse of two results, by a list from best to worst (analyzer/utils.js onlyIfWorse). */
function onlyIfWorse(next: string, current: string | null, order: readonly string[]): string {
  return current === null || order.indexOf(next) > order.indexOf(current) ? next : current;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** retriever/utils.js parseHttpEquivHeaders: CSP and referrer from <meta> elements. */
function httpEquivOf(retrieval: Retrieval): Map<string, string[]> {
  const equiv = new Map<string, string[]>([['content-security-policy', []]]);
  const auto = retrieval.auto;
  if (!auto || !HTML_TYPES.has((firstHeader(auto.headers, 'content-type') ?? '').split(';')[0] ?? '') || !auto.body) return equiv;
  for (const meta of JSDOM.fragment(auto.body).querySelectorAll('meta')) {
    const httpEquiv = meta.getAttribute('http-equiv')?.toLowerCase().trim();
    const content = meta.getAttribute('content');
    if (httpEquiv !== undefined && content) {
      if (httpEquiv === 'content-security-policy') equiv.get('content-security-policy')?.push(content);
    } else if (meta.getAttribute('name')?.toLowerCase().trim() === 'referrer' && content) {
      equiv.set('referrer-policy', [content]);
    }
  }
  return equiv;
}

// ---- CSP (cspParser.js, tests/csp.js) ----

const DUPLICATE_WARNINGS_KEY = '_observatory_duplicate_key_warnings';

/** cspParser.js parseCsp, for one or more policies; throws on an invalid policy. */
export function parseCsp(policies: readonly string[]): Map<string, Set<string>> {
  const clean = policies.map((policy) => policy.replaceAll(/[\r\n]/g, '').trim());
  if (clean.length === 0) return new Map();
  for (const policy of clean) if (!policy || policy.length < 'img-src'.length - 1) throw new Error(`Invalid policy: ${policy}`);
  type Source = { source: string; index: number; keep: boolean };
  const csp = new Map<string, Source[]>();
  const duplicateWarnings = new Set<string>();
  const compare = new Intl.Collator('en').compare;
  for (const [policyIndex, policy] of clean.entries()) {
    const seen = new Set<string>();
    for (const [directiveEntry, ...values] of policy.split(';').map((entry) => entry.trim().split(/\s+/))) {
      if (!directiveEntry) continue;
      const directive = directiveEntry.toLowerCase();
      if (seen.has(directive)) {
        if (directive === 'report-uri' || directive === 'report-to') duplicateWarnings.add(directive);
        else throw new Error(`Duplicate directive ${directive} in policy ${policyIndex}`);
      } else seen.add(directive);
      const keep = policyIndex === 0;
      const sources: Source[] = values.length
        ? values.map((raw) => ({ source: raw.trim().toLocaleLowerCase(), index: policyIndex, keep }))
        : directive.endsWith('-src')
          ? [{ source: "'none'", index: policyIndex, keep }]
          : [];
      const combined = policyIndex === 0 ? [...sources] : [...(csp.get(directive) ?? []), ...sources];
      combined.sort((a, b) => compare(a.source, b.source));
      for (let index = 1; index < combined.length; index++) {
        const source = combined[index] as Source;
        const previous = combined[index - 1] as Source;
        if (source.index === previous.index && source.source.startsWith(previous.source)) source.keep = false;
        if (source.index !== previous.index && pathPartMatch(previous.source, source.source)) source.keep = true;
      }
      csp.set(directive, combined.filter((source) => source.keep));
      if (policyIndex === 0 && policies.length > 1) for (const source of csp.get(directive) ?? []) source.keep = false;
    }
  }
  const result = new Map([...csp.entries()].map(([directive, sources]) => [directive, sources.length ? new Set(sources.map((s) => s.source)) : new Set(["'none'"])]));
  if (duplicateWarnings.size) result.set(DUPLICATE_WARNINGS_KEY, duplicateWarnings);
  return result;
}

function pathPartMatch(pathA: string, pathB: string): boolean {
  if (pathA.length === 0) return true;
  if (pathA === '/' && pathB.length === 0) return true;
  const exact = !pathA.endsWith('/');
  const partsA = pathA.split('/');
  const partsB = pathB.split('/');
  if (partsA.length > partsB.length) return false;
  if (exact && partsA.length !== partsB.length) return false;
  if (!exact) partsA.pop();
  return partsA.every((piece, i) => decodeURIComponent(piece) === decodeURIComponent(partsB[i] ?? ''));
}

const DANGEROUSLY_BROAD = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const BROAD_OR_INLINE = new Set([...DANGEROUSLY_BROAD, ...UNSAFE_INLINE]);
const PASSIVE_DIRECTIVES = new Set(['img-src', 'media-src']);
const hasNonceOrHash = (sources: Iterable<string>) => [...sources].some((s) => ["'sha256-", "'sha384-", "'sha512-", "'nonce-"].some((prefix) => s.startsWith(prefix)));

interface CspOutcome extends TestResult {
  readonly data: Map<string, Set<string>> | null;
}

function cspTest(retrieval: Retrieval, equiv: Map<string, string[]>): CspOutcome {
  const name = 'content-security-policy';
  const outcome = (result: string, data: Map<string, Set<string>> | null = null): CspOutcome => ({
    name,
    result,
    data,
    modifier: SCORE_MODIFIERS[result] ?? 0,
    pass: ['csp-implemented-with-no-unsafe', 'csp-implemented-with-no-unsafe-default-src-none', 'csp-implemented-with-unsafe-inline-in-style-src-only', 'csp-implemented-with-insecure-scheme-in-passive-content-only'].includes(result),
  });
  const response = retrieval.auto;
  if (!response) return outcome('csp-not-implemented');
  const httpPolicies = headerValues(response.headers, 'content-security-policy');
  const metaPolicies = equiv.get('content-security-policy') ?? [];
  let csp: Map<string, Set<string>>;
  try {
    csp = parseCsp([...httpPolicies, ...metaPolicies]);
  } catch {
    return outcome('csp-header-invalid');
  }
  const safeParse = (policies: string[]) => {
    try {
      return parseCsp(policies);
    } catch {
      return new Map<string, Set<string>>();
    }
  };
  const headerOnly = safeParse(httpPolicies);
  const meta = safeParse(metaPolicies);
  for (const disallowed of ['frame-ancestors', 'report-uri', 'sandbox']) meta.delete(disallowed);
  if (headerOnly.size + meta.size === 0) {
    return outcome(firstHeader(response.headers, 'content-security-policy-report-only') ? 'csp-not-implemented-but-reporting-enabled' : 'csp-not-implemented');
  }

  let result: string | null = null;
  const objectSrc = csp.get('object-src') ?? csp.get('default-src') ?? new Set(['*']);
  const scriptSrc = new Set(csp.get('script-src') ?? csp.get('default-src') ?? ['*']);
  const styleSrc = new Set(csp.get('style-src') ?? csp.get('default-src') ?? ['*']);
  for (const list of [scriptSrc, styleSrc]) if (hasNonceOrHash(list) && list.has("'unsafe-inline'")) list.delete("'unsafe-inline'");
  if (hasNonceOrHash(scriptSrc) && scriptSrc.has("'strict-dynamic'")) {
    for (const source of [...scriptSrc]) {
      if ([...DANGEROUSLY_BROAD].some((broad) => source.startsWith(broad)) || source === "'self'" || source === "'unsafe-inline'") scriptSrc.delete(source);
    }
  } else if (scriptSrc.has("'strict-dynamic'")) {
    result = 'csp-header-invalid';
  }
  const active = [...csp.entries()].filter(([directive]) => !PASSIVE_DIRECTIVES.has(directive) && directive !== 'script-src').flatMap(([, list]) => [...list]);
  active.push(...scriptSrc);
  const passive = [...PASSIVE_DIRECTIVES].flatMap((directive) => [...(csp.get(directive) ?? csp.get('default-src') ?? [])]);
  const https = response.url.protocol === 'https:';
  const insecure = (source: string) => source.startsWith('http:') || source.startsWith('ftp:');

  if ([...scriptSrc].some((s) => BROAD_OR_INLINE.has(s)) || [...objectSrc].some((s) => DANGEROUSLY_BROAD.has(s))) result ??= 'csp-implemented-with-unsafe-inline';
  if (https && active.some(insecure)) result ??= 'csp-implemented-with-insecure-scheme';
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) result ??= 'csp-implemented-with-unsafe-eval';
  if (https && passive.some(insecure)) result ??= 'csp-implemented-with-insecure-scheme-in-passive-content-only';
  if ([...styleSrc].some((s) => BROAD_OR_INLINE.has(s))) result ??= 'csp-implemented-with-unsafe-inline-in-style-src-only';
  const defaultSrc = csp.get('default-src');
  result ??= defaultSrc?.has("'none'") && defaultSrc.size === 1 ? 'csp-implemented-with-no-unsafe-default-src-none' : 'csp-implemented-with-no-unsafe';

  const passed = outcome(result, csp);
  if (passed.pass && csp.has(DUPLICATE_WARNINGS_KEY)) return { ...passed, result: 'csp-implemented-but-duplicate-directives', modifier: 0 };
  return passed;
}

// ---- the other tests ----

function result(name: string, value: string, passing: readonly string[]): TestResult {
  return { name, result: value, pass: passing.includes(value), modifier: SCORE_MODIFIERS[value] ?? 0 };
}

function hstsTest(retrieval: Retrieval): TestResult {
  const passing = ['hsts-implemented-max-age-at-least-six-months', 'hsts-preloaded'];
  const response = retrieval.https;
  if (!response) return result('strict-transport-security', 'hsts-not-implemented-no-https', passing);
  if (!response.verified) return result('strict-transport-security', 'hsts-invalid-cert', passing);
  const header = headerValues(response.headers, 'strict-transport-security')[0];
  if (header === undefined) return result('strict-transport-security', 'hsts-not-implemented', passing);
  const data = header.slice(0, 1024);
  if (data.includes(',')) return result('strict-transport-security', 'hsts-header-invalid', passing);
  const maxAge = data
    .split(';')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part.startsWith('max-age='))
    .map((part) => Number.parseInt(part.slice(8, 128), 10))
    .at(-1);
  if (maxAge === undefined) return result('strict-transport-security', 'hsts-header-invalid', passing);
  // 15768000 is six months; the package accepts 15552000 ("a white lie").
  return result('strict-transport-security', maxAge < 15_552_000 ? 'hsts-implemented-max-age-less-than-six-months' : 'hsts-implemented-max-age-at-least-six-months', passing);
}

function redirectionTest(retrieval: Retrieval): TestResult {
  const passing = ['redirection-not-needed-no-http', 'redirection-all-redirects-preloaded', 'redirection-to-https'];
  const name = 'redirection';
  const response = retrieval.http;
  if (!response) return result(name, 'redirection-not-needed-no-http', passing);
  if (!response.verified) return result(name, 'redirection-invalid-cert', passing);
  const route = retrieval.httpRedirects;
  // No host of ours is on the HSTS preload list, so "all redirects preloaded" needs an empty route.
  if (route.length === 0) return result(name, 'redirection-all-redirects-preloaded', passing);
  if (route.length === 1) return result(name, 'redirection-missing', passing);
  const first = route[0]?.url as URL;
  const second = route[1]?.url as URL;
  if (route[route.length - 1]?.url.protocol !== 'https:') return result(name, 'redirection-not-to-https', passing);
  if (second.protocol === 'http:') return result(name, 'redirection-not-to-https-on-initial-redirection', passing);
  if (first.protocol === 'http:' && second.protocol === 'https:' && first.hostname !== second.hostname) return result(name, 'redirection-off-host-from-http', passing);
  return result(name, 'redirection-to-https', passing);
}

function referrerPolicyTest(retrieval: Retrieval, equiv: Map<string, string[]>): TestResult {
  const name = 'referrer-policy';
  const passing = ['referrer-policy-private', 'referrer-policy-not-implemented'];
  const goodness = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
  const badness = ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];
  if (!retrieval.auto) return { ...result(name, 'referrer-policy-not-implemented', passing), pass: false };
  const values = [...headerValues(retrieval.auto.headers, 'referrer-policy'), ...(equiv.get('referrer-policy') ?? [])];
  if (values.length === 0) return result(name, 'referrer-policy-not-implemented', passing);
  const policy = values.join(', ').split(',').map((e) => e.toLowerCase().trim()).filter((e) => goodness.includes(e) || badness.includes(e)).reverse()[0] ?? '';
  return result(name, goodness.includes(policy) ? 'referrer-policy-private' : badness.includes(policy) ? 'referrer-policy-unsafe' : 'referrer-policy-header-invalid', passing);
}

function contentTypeOptionsTest(retrieval: Retrieval): TestResult {
  const name = 'x-content-type-options';
  const header = retrieval.auto ? firstHeader(retrieval.auto.headers, 'x-content-type-options') : null;
  const value = header === null ? 'x-content-type-options-not-implemented' : header.slice(0, 256).trim().toLowerCase() === 'nosniff' ? 'x-content-type-options-nosniff' : 'x-content-type-options-header-invalid';
  return result(name, value, ['x-content-type-options-nosniff']);
}

function frameOptionsTest(retrieval: Retrieval, csp: CspOutcome): TestResult {
  const name = 'x-frame-options';
  const passing = ['x-frame-options-allow-from-origin', 'x-frame-options-sameorigin-or-deny', 'x-frame-options-implemented-via-csp'];
  if (!retrieval.auto) return result(name, 'x-frame-options-not-implemented', passing);
  if (csp.data?.has('frame-ancestors')) return result(name, 'x-frame-options-implemented-via-csp', passing);
  const header = firstHeader(retrieval.auto.headers, 'x-frame-options');
  if (header === null) return result(name, 'x-frame-options-not-implemented', passing);
  const xfo = header.slice(0, 1024).trim().toLowerCase();
  return result(name, ['deny', 'sameorigin'].includes(xfo) ? 'x-frame-options-sameorigin-or-deny' : xfo.startsWith('allow-from') ? 'x-frame-options-allow-from-origin' : 'x-frame-options-header-invalid', passing);
}

function corpTest(retrieval: Retrieval): TestResult {
  const name = 'cross-origin-resource-policy';
  const passing = ['cross-origin-resource-policy-not-implemented', 'cross-origin-resource-policy-implemented-with-same-site', 'cross-origin-resource-policy-implemented-with-same-origin', 'cross-origin-resource-policy-implemented-with-cross-origin'];
  const header = retrieval.auto ? firstHeader(retrieval.auto.headers, 'cross-origin-resource-policy')?.slice(0, 256).trim().toLowerCase() : undefined;
  if (!header) return result(name, 'cross-origin-resource-policy-not-implemented', passing);
  const known: Record<string, string> = { 'same-site': 'with-same-site', 'same-origin': 'with-same-origin', 'cross-origin': 'with-cross-origin' };
  return result(name, known[header] ? `cross-origin-resource-policy-implemented-${known[header]}` : 'cross-origin-resource-policy-header-invalid', passing);
}

function corsTest(retrieval: Retrieval): TestResult {
  const name = 'cross-origin-resource-sharing';
  const passing = ['cross-origin-resource-sharing-not-implemented', 'cross-origin-resource-sharing-implemented-with-public-access', 'cross-origin-resource-sharing-implemented-with-restricted-access'];
  const acao = retrieval.cors ? firstHeader(retrieval.cors.headers, 'access-control-allow-origin') : null;
  if (!retrieval.cors || !acao) return result(name, 'cross-origin-resource-sharing-not-implemented', passing);
  const value = acao.slice(0, 256).trim().toLowerCase();
  if (value === '*') return result(name, 'cross-origin-resource-sharing-implemented-with-public-access', passing);
  const credentials = firstHeader(retrieval.cors.headers, 'access-control-allow-credentials')?.toLowerCase().trim() === 'true';
  return result(name, acao === retrieval.cors.origin && credentials ? 'cross-origin-resource-sharing-implemented-with-universal-access' : 'cross-origin-resource-sharing-implemented-with-restricted-access', passing);
}

const registrableDomain = (hostname: string) => hostname.split('.').slice(-2).join('.');

function sriTest(retrieval: Retrieval): TestResult {
  const name = 'subresource-integrity';
  const passing = ['sri-implemented-and-all-scripts-loaded-securely', 'sri-implemented-and-external-scripts-loaded-securely', 'sri-not-implemented-response-not-html', 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin', 'sri-not-implemented-but-no-scripts-loaded'];
  const goodness = ['sri-implemented-and-all-scripts-loaded-securely', 'sri-implemented-and-external-scripts-loaded-securely', 'sri-implemented-but-external-scripts-not-loaded-securely', 'sri-not-implemented-but-external-scripts-loaded-securely', 'sri-not-implemented-and-external-scripts-not-loaded-securely', 'sri-not-implemented-response-not-html'];
  const response = retrieval.auto;
  if (!response) return { ...result(name, 'sri-not-implemented-but-no-scripts-loaded', passing), pass: false };
  if (!HTML_TYPES.has((firstHeader(response.headers, 'content-type') ?? '').split(';')[0] ?? '')) return result(name, 'sri-not-implemented-response-not-html', passing);
  let scripts: HTMLScriptElement[];
  try {
    scripts = [...new JSDOM(response.body).window.document.querySelectorAll('script')];
  } catch {
    return result(name, 'html-not-parseable', passing);
  }
  let value: string | null = null;
  let foreign = false;
  for (const script of scripts) {
    const src = script.getAttribute('src');
    if (!src) continue;
    const integrity = script.getAttribute('integrity');
    const relativeProtocol = /^(\/\/)[^/]/.test(src);
    const fullUrl = /^https?:\/\//.test(src);
    const relativeOrigin = !relativeProtocol && !fullUrl;
    const sameDomain = relativeProtocol || relativeOrigin || registrableDomain(new URL(src).hostname) === registrableDomain(retrieval.hostname);
    const secureOrigin = relativeOrigin || (sameDomain && !relativeProtocol);
    if (!secureOrigin) foreign = true;
    const secureScheme = (fullUrl && new URL(src).protocol === 'https:') || (relativeOrigin && response.url.protocol === 'https:');
    if (!secureOrigin) {
      if (integrity && !secureScheme) value = onlyIfWorse('sri-implemented-but-external-scripts-not-loaded-securely', value, goodness);
      else if (!integrity && secureScheme) value = onlyIfWorse('sri-not-implemented-but-external-scripts-loaded-securely', value, goodness);
      else if (!integrity) value = onlyIfWorse('sri-not-implemented-and-external-scripts-not-loaded-securely', value, goodness);
    } else if (integrity && secureScheme && !value) {
      value = 'sri-implemented-and-all-scripts-loaded-securely';
    }
  }
  if (scripts.length === 0) value = 'sri-not-implemented-but-no-scripts-loaded';
  value ??= foreign ? 'sri-implemented-and-external-scripts-loaded-securely' : 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin';
  return result(name, value, passing);
}

interface Cookie {
  readonly key: string;
  readonly secure: boolean;
  readonly httpOnly: boolean;
  readonly sameSite: string | null;
}

function parseSetCookie(header: string): Cookie {
  const [pair = '', ...attributes] = header.split(';');
  const attribute = (name: string) => attributes.map((a) => a.trim()).find((a) => a.toLowerCase().split('=')[0]?.trim() === name);
  const sameSite = attribute('samesite')?.split('=')[1]?.trim() ?? null;
  return { key: pair.split('=')[0]?.trim() ?? '', secure: attribute('secure') !== undefined, httpOnly: attribute('httponly') !== undefined, sameSite };
}

function cookiesTest(retrieval: Retrieval, hsts: boolean): TestResult {
  const name = 'cookies';
  const passing = ['cookies-not-found', 'cookies-secure-with-httponly-sessions-and-samesite', 'cookies-secure-with-httponly-sessions'];
  const goodness = ['cookies-without-secure-flag-but-protected-by-hsts', 'cookies-without-secure-flag', 'cookies-session-without-secure-flag-but-protected-by-hsts', 'cookies-samesite-flag-invalid', 'cookies-anticsrf-without-samesite-flag', 'cookies-session-without-httponly-flag', 'cookies-session-without-secure-flag'];
  let value: string | null = null;
  for (const raw of retrieval.auto ? headerValues(retrieval.auto.headers, 'set-cookie') : []) {
    const invalidSameSite = raw
      .trim()
      .split(';')
      .map((part) => part.trim().split('='))
      .some(([key, setting]) => key?.trim().toLowerCase() === 'samesite' && (!setting || !['lax', 'strict', 'none'].includes(setting.trim().toLowerCase())));
    if (invalidSameSite) value = onlyIfWorse('cookies-samesite-flag-invalid', value, goodness);
  }
  const cookies = retrieval.setCookies.map(parseSetCookie).filter((cookie) => cookie.key && cookie.key !== 'heroku-session-affinity');
  if (cookies.length === 0) return result(name, 'cookies-not-found', passing);
  let missingSameSite = false;
  for (const cookie of cookies) {
    const key = cookie.key.toLowerCase();
    const session = key.includes('login') || key.includes('sess');
    if (!cookie.secure && cookie.sameSite?.toLowerCase() === 'none') value = onlyIfWorse('cookies-samesite-flag-invalid', value, goodness);
    if (!cookie.secure) value = onlyIfWorse(hsts ? 'cookies-without-secure-flag-but-protected-by-hsts' : 'cookies-without-secure-flag', value, goodness);
    if (key.includes('csrf') && !cookie.sameSite) value = onlyIfWorse('cookies-anticsrf-without-samesite-flag', value, goodness);
    if (session && !cookie.secure) value = onlyIfWorse(hsts ? 'cookies-session-without-secure-flag-but-protected-by-hsts' : 'cookies-session-without-secure-flag', value, goodness);
    if (session && !cookie.httpOnly) value = onlyIfWorse('cookies-session-without-httponly-flag', value, goodness);
    if (!cookie.sameSite) missingSameSite = true;
  }
  value ??= missingSameSite ? 'cookies-secure-with-httponly-sessions' : 'cookies-secure-with-httponly-sessions-and-samesite';
  return result(name, value, passing);
}

/** scanner/index.js scan(): every test, the extra credit rule and the grade. */
export function grade(retrieval: Retrieval): Grade {
  const equiv = httpEquivOf(retrieval);
  const csp = cspTest(retrieval, equiv);
  const hsts = hstsTest(retrieval);
  const tests: TestResult[] = [
    { name: csp.name, result: csp.result, pass: csp.pass, modifier: csp.modifier },
    cookiesTest(retrieval, hsts.pass),
    corsTest(retrieval),
    redirectionTest(retrieval),
    referrerPolicyTest(retrieval, equiv),
    hsts,
    sriTest(retrieval),
    contentTypeOptionsTest(retrieval),
    frameOptionsTest(retrieval, csp),
    corpTest(retrieval),
  ];
  const withExtraCredit = 100 + tests.reduce((sum, test) => sum + test.modifier, 0);
  const uncurved = 100 + tests.reduce((sum, test) => sum + Math.min(test.modifier, 0), 0);
  const score = Math.max(0, uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved);
  const bucket = Math.min(score - (score % 5), 100);
  return { grade: GRADE_CHART.find(([minimum]) => bucket >= minimum)?.[1] ?? 'F', score, tests };
}
