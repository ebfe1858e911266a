/**
 * A V8 CPU profile (`node --cpu-prof`) summed by the stage of a first view (docs/performance.md,
 * "The cost model"): each sample's time goes to the stage of its function's file or package;
 * builtins and Node's internals other than HTTP and sockets count for the stage of their caller.
 * The app's bundle is mapped back to its sources with its source map, so its own code is staged
 * by folder. Pure but for reading the profile and the map.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Packages by the stage they serve. */
const PACKAGE_STAGES = {
  'Express chain': ['express', 'router', 'body-parser', 'finalhandler', 'send', 'serve-static', 'path-to-regexp', 'qs', 'content-type', 'accepts', 'negotiator', 'fresh', 'on-finished', 'on-headers', 'parseurl', 'encodeurl', 'escape-html', 'mime-types', 'mime-db', 'etag', 'vary', 'type-is', 'cookie', 'proxy-addr', 'forwarded', 'helmet', 'compression', 'depd', 'debug', 'ms', 'statuses', 'http-errors', 'setprototypeof', 'merge-descriptors', 'range-parser', 'content-disposition', 'side-channel', 'side-channel-map', 'side-channel-weakmap', 'side-channel-list', 'object-inspect', 'ipaddr.js', 'raw-body', 'iconv-lite', 'safer-buffer', 'destroy', 'once', 'wrappy', 'toidentifier', 'unpipe', 'ee-first', 'media-typer', 'supports-color', 'get-intrinsic', 'math-intrinsics', 'gopd', 'has-symbols', 'get-proto', 'dunder-proto', 'function-bind', 'call-bind-apply-helpers', 'call-bound', 'es-errors', 'es-object-atoms', 'es-define-property', 'hasown'],
  'front door and admission': ['isbot'],
  'React render': ['react', 'react-dom', 'scheduler'],
  sanitizing: ['sanitize-html', 'htmlparser2', 'domhandler', 'domutils', 'dom-serializer', 'domelementtype', 'entities', 'postcss', 'parse-srcset', 'nanoid', 'picocolors', 'source-map-js', 'deepmerge', 'is-plain-object', 'escape-string-regexp'],
  'upstream: undici': ['undici'],
  'upstream: zod checks': ['zod'],
  'upstream: breaker and bulkhead (cockatiel)': ['cockatiel'],
  'access line (pino)': ['pino', 'sonic-boom', 'fast-redact', '@pinojs/redact', 'quick-format-unescaped', 'atomic-sleep', 'thread-stream', 'on-exit-leak-free', 'safe-stable-stringify', 'pino-std-serializers'],
  'metrics (prom-client)': ['prom-client', 'tdigest', 'bintrees'],
  'caches (lru-cache)': ['lru-cache'],
  'shared tier (ioredis)': ['ioredis'],
};
const STAGE_OF_PACKAGE = new Map(Object.entries(PACKAGE_STAGES).flatMap(([stage, names]) => names.map((name) => [name, stage])));

/** The app's own code by folder of src/server (the longest matching prefix wins). */
const SOURCE_STAGES = [
  ['front-door/request-logging', 'access line and metrics (own)'],
  ['front-door/envelope', 'access line and metrics (own)'],
  ['front-door/host-resolution', 'site and settings'],
  ['front-door/', 'front door and admission'],
  ['routing/host', 'site and settings'],
  ['site/', 'site and settings'],
  ['page-cache/', 'page cache (own)'],
  ['shared-cache/', 'page cache (own)'],
  ['content/sanitized-body', 'sanitizing'],
  ['content/sanitize', 'sanitizing'],
  ['content/', 'upstream: own code'],
  ['observability/', 'access line and metrics (own)'],
  ['render/', 'page building (own)'],
  ['pages/', 'page building (own)'],
  ['seo/', 'page building (own)'],
  ['memory/', 'page building (own)'],
  ['routing/', 'Express chain (own middleware)'],
  ['purge/', 'Express chain (own middleware)'],
  ['http/', 'Express chain (own middleware)'],
];

/** Node's own modules that are the HTTP server's work (parsing, writing, sockets), not a caller's. */
const NODE_HTTP = /^node:(?:_http_|net$|internal\/(?:stream_base_commons|streams\/|http|net|js_stream_socket))/;

/** The package a path in node_modules belongs to (scoped names kept whole), or null. */
export function packageOf(file) {
  const at = file.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const [first, second] = file.slice(at + 'node_modules/'.length).split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/**
 * The stage of a function, from its (source-mapped) file and name; null: counts for its caller's
 * stage (builtins, Node's internals other than HTTP). Pure.
 */
export function stageOf(file, functionName) {
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (functionName === '(program)') return 'V8 and native, unattributed';
  if (functionName === '(idle)' || functionName === '(root)') return 'idle';
  if (!file) return null;
  if (file.startsWith('node:internal/deps/undici')) return 'upstream: undici';
  if (NODE_HTTP.test(file)) return 'Node HTTP and sockets (parse, write)';
  if (file.startsWith('node:') || /^[a-z]+:\/\//.test(file)) return null;
  const name = packageOf(file);
  if (name) return STAGE_OF_PACKAGE.get(name) ?? (name === 'astro' || name.startsWith('@astrojs/') ? 'Astro render' : `other package (${name})`);
  const source = /src\/server\/(.+)$/.exec(file)?.[1];
  if (source) return SOURCE_STAGES.find(([prefix]) => source.startsWith(prefix))?.[1] ?? 'own code: other';
  // What the server and the browser share: the page's components, formats, the state's JSON.
  if (/src\/shared\//.test(file)) return 'page building (own)';
  // Astro's build: its runtime and the page, bundled together.
  if (/\/dist\/server\/(?:chunks\/|entry\.mjs)/.test(file)) return 'Astro render';
  return 'own code: other';
}

/**
 * A resolver of a profile's call frames to source files: the app's bundle through the source map
 * beside it; a package's file stays its own path (its map would name sources without the package).
 */
export function sourceResolver() {
  const maps = new Map();
  const mapOf = (url) => {
    if (!maps.has(url)) {
      let map = null;
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, 'utf8')));
      } catch {
        // no map beside it: the file is its own source
      }
      maps.set(url, map);
    }
    return maps.get(url);
  };
  return ({ url, lineNumber, columnNumber }) => {
    if (!url.startsWith('file://') || url.includes('/node_modules/')) return url.startsWith('file://') ? fileURLToPath(url) : url;
    const map = mapOf(url);
    const entry = map?.findEntry(lineNumber, columnNumber);
    return entry?.originalSource ?? fileURLToPath(url);
  };
}

/**
 * Milliseconds of a profile by stage: each sample's time goes to its node's stage, or its
 * nearest caller's that has one. `resolve` maps a call frame to its file; `window` ([from, to],
 * µs of the monotonic clock, process.hrtime's) keeps only the samples taken within it.
 */
export function stageTimes(profile, resolve, window = [-Infinity, Infinity]) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const stageById = new Map();
  const stageFor = (id) => {
    if (stageById.has(id)) return stageById.get(id);
    const node = byId.get(id);
    const own = stageOf(resolve(node.callFrame), node.callFrame.functionName);
    const parent = parentOf.get(id);
    const stage = own ?? (parent === undefined ? 'Node, other' : stageFor(parent));
    stageById.set(id, stage);
    return stage;
  };
  const times = {};
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at < window[0] || at > window[1]) return;
    const stage = stageFor(id);
    times[stage] = (times[stage] ?? 0) + delta / 1000;
  });
  return times;
}
