/**
 * The long-tail load the benchmarks share (the `long-tail` and `ab` scenarios of `npm run bench`): wrk asks, request
 * after request, for an answer never asked for before (`/lt-<n>-answer`) on one of `hosts`
 * hosts (`s<n mod hosts>.longtail.test`), with a Chrome User-Agent and, unless set, no
 * Accept-Encoding (as the shared harness's wrk sends), against the harness's fake content API
 * (which answers every such slug). The server's CPU a view comes from /proc/<pid>/stat.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rssMiB } from './processes.mjs';
import { runWrk } from './wrk.mjs';

export const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** Slugs of a stretch of load start here: every stretch asks for answers no stretch asked for. */
const SLUGS_PER_STRETCH = 10_000_000;

/** The n-th request of the long tail: `/lt-<n>-answer` on host `s<n mod hosts>.longtail.test` (the wrk script below does the same). Pure. */
export const longTailRequest = (n, hosts) => ({ path: `/lt-${n}-answer`, host: `s${n % hosts}.longtail.test` });

/** wrk's request generator: the n-th request asks for `/lt-<n>-answer` on host `s<n mod hosts>`. */
const LUA = `local n, hosts, ua, acceptEncoding
function init(args)
  n = tonumber(args[1])
  hosts = tonumber(args[2])
  ua = args[3]
  acceptEncoding = args[4]
end
function request()
  n = n + 1
  local headers = { ["Host"] = "s" .. (n % hosts) .. ".longtail.test", ["User-Agent"] = ua }
  if acceptEncoding ~= nil and acceptEncoding ~= "" then headers["Accept-Encoding"] = acceptEncoding end
  return wrk.format("GET", "/lt-" .. n .. "-answer", headers)
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
 * server's CPU a view and its RSS after. `close()` removes the script.
 */
export function longTailLoad({ connections, hosts, acceptEncoding = '' }) {
  const script = path.join(os.tmpdir(), `qa-sites-longtail-${process.pid}.lua`);
  writeFileSync(script, LUA);
  let stretch = 0;
  return {
    load(target, duration) {
      stretch += 1;
      const cpuBefore = cpuMsOf(target.process.pid);
      const figures = runWrk(target.url, { duration, connections, extraArgs: ['-s', script], scriptArgs: [String(stretch * SLUGS_PER_STRETCH), String(hosts), CHROME_UA, acceptEncoding] });
      const cpuMs = cpuMsOf(target.process.pid) - cpuBefore;
      return { ...figures, cpuMsPerView: cpuMs / figures.requests, rss: rssMiB(target.process.pid) };
    },
    close() {
      rmSync(script, { force: true });
    },
  };
}
