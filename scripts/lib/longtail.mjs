/**
 * The long-tail load the benchmarks share (the `long-tail` and `ab` scenarios of `npm run bench`): wrk asks, request
 * after request, for an answer never asked for before (`/lt-<load>-<n>-answer`) on one of `hosts`
 * hosts (`s<n mod hosts>.longtail.test`), with a Chrome User-Agent and, unless set, no
 * Accept-Encoding (as the shared harness's wrk sends), against the harness's fake content API
 * (which answers every such slug). `<load>` is drawn afresh for each load: a shared store
 * (`CACHE_URL`) kept from an earlier run, or shared by both sides of `ab`, holds no answer of
 * it, so a first view is a miss of every tier. The server's CPU a view comes from /proc/<pid>/stat.
 * With `views` over 1 (the `deployment` scenario), each answer is asked for that many times,
 * REPEAT_GAP requests apart: views of one page that a balancer spreads over instances, each
 * after the one before it was answered.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rssMiB } from './processes.mjs';
import { runWrk, runWrkInBackground } from './wrk.mjs';

export const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** Slugs of a stretch of load start here: every stretch asks for answers no stretch asked for. */
const SLUGS_PER_STRETCH = 10_000_000;

/** Requests between two views of one answer when each is asked for more than once: odd and not a multiple of 3, so a round-robin over 2 or 3 instances sends them to different ones. */
export const REPEAT_GAP = 101;

/** Which answer the n-th request asks for, each answer `views` times, REPEAT_GAP requests apart (the wrk script below does the same). Pure. */
export const answerOf = (n, views = 1) => (views === 1 ? n : Math.floor(n / (views * REPEAT_GAP)) * REPEAT_GAP + (n % REPEAT_GAP));

/** A load's own part of its slugs: eight letters and digits (the same length for every load, so every load's pages are alike). */
export const newLoadName = () => randomBytes(5).toString('hex').slice(0, 8);

/** The n-th request of the long tail of load `load`: `/lt-<load>-<m>-answer` on host `s<m mod hosts>.longtail.test`, m its answer. Pure. */
export const longTailRequest = (n, hosts, views = 1, load = '0') => {
  const m = answerOf(n, views);
  return { path: `/lt-${load}-${m}-answer`, host: `s${m % hosts}.longtail.test` };
};

/** wrk's request generator: longTailRequest in Lua. */
const LUA = `local n, hosts, ua, acceptEncoding, views, load
function init(args)
  n = tonumber(args[1])
  hosts = tonumber(args[2])
  ua = args[3]
  acceptEncoding = args[4]
  views = tonumber(args[5])
  load = args[6]
end
function request()
  n = n + 1
  local m = n
  if views > 1 then m = math.floor(n / (views * ${REPEAT_GAP})) * ${REPEAT_GAP} + n % ${REPEAT_GAP} end
  local headers = { ["Host"] = "s" .. (m % hosts) .. ".longtail.test", ["User-Agent"] = ua }
  if acceptEncoding ~= nil and acceptEncoding ~= "" then headers["Accept-Encoding"] = acceptEncoding end
  return wrk.format("GET", "/lt-" .. load .. "-" .. m .. "-answer", headers)
end
`;

let ticksPerSecond;
/** CPU time a process has used (user + system, all its threads), in ms, from /proc/<pid>/stat. */
export function cpuMsOf(pid) {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's closing parenthesis start at the third (state): utime is the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/**
 * The long-tail load, with its wrk script written once: `load(target, duration)` runs one
 * stretch (new slugs) against `target` ({ url, process }) and returns wrk's figures with the
 * server's CPU a view and its RSS after, and the distinct answers asked for; `loadInBackground`
 * is the same as a promise, for a scenario that changes things while the load runs.
 * `close()` removes the script.
 */
export function longTailLoad({ connections, hosts, acceptEncoding = '', views = 1 }) {
  const script = path.join(os.tmpdir(), `qa-sites-longtail-${process.pid}.lua`);
  writeFileSync(script, LUA);
  const load = newLoadName();
  let stretch = 0;
  /** The wrk options of the next stretch, and what its figures become once it has run. */
  function nextStretch(target, duration) {
    stretch += 1;
    const cpuBefore = cpuMsOf(target.process.pid);
    const first = stretch * SLUGS_PER_STRETCH;
    return {
      options: { duration, connections, extraArgs: ['-s', script], scriptArgs: [String(first), String(hosts), CHROME_UA, acceptEncoding, String(views), load] },
      figuresOf(figures) {
        const cpuMs = cpuMsOf(target.process.pid) - cpuBefore;
        const answers = new Set(Array.from({ length: figures.requests }, (_, index) => answerOf(first + 1 + index, views)));
        return { ...figures, cpuMsPerView: cpuMs / figures.requests, rss: rssMiB(target.process.pid), distinctPages: answers.size };
      },
    };
  }
  return {
    load(target, duration) {
      const { options, figuresOf } = nextStretch(target, duration);
      return figuresOf(runWrk(target.url, options));
    },
    async loadInBackground(target, duration) {
      const { options, figuresOf } = nextStretch(target, duration);
      return figuresOf(await runWrkInBackground(target.url, options));
    },
    close() {
      rmSync(script, { force: true });
    },
  };
}
