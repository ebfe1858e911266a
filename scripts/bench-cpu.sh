#!/usr/bin/env bash
# CPU time per request of the built server, page cache off, per path: the server's user+system
# time from /proc/<pid>/stat around a wrk run (32 connections), divided by the requests served.
# Less sensitive to a busy machine than requests/s, and it shows where a request's cost grows
# (`/healthz` is the chain's floor; a minimal page adds the document; the article the shell).
#
#   scripts/bench-cpu.sh [path ...]
#
# Default paths: /healthz /robots.txt /fortified-portal /the-quiet-revival-of-night-trains-in-europe.
# Needs wrk, taskset, a build (npm run build) and the side-by-side harness, an optional checkout
# beside this repository at ../shared/bench, not part of it (docs/performance.md): its fake
# content API runs on port 4180; the app listens on 4181, pinned to CPU 0, wrk on CPU 1. DURATION (6s) per path.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
api_script="$root/../shared/bench/content-api/server.mjs"
[[ -f "$api_script" ]] || { echo "bench-cpu: the shared harness is missing: $api_script" >&2; exit 1; }
[[ -f "$root/dist/server/index.js" ]] || { echo "bench-cpu: no build; run npm run build" >&2; exit 1; }
command -v wrk >/dev/null || { echo "bench-cpu: wrk is missing (apt-get install -y wrk)" >&2; exit 1; }
paths=("$@")
[[ ${#paths[@]} -gt 0 ]] || paths=(/healthz /robots.txt /fortified-portal /the-quiet-revival-of-night-trains-in-europe)
hz="$(getconf CLK_TCK)"

PORT=4180 node "$api_script" >/dev/null 2>&1 &
api_pid=$!
app_pid=
trap 'kill $api_pid ${app_pid:-} 2>/dev/null || true' EXIT
ticks() { awk '{print $14 + $15}' "/proc/$app_pid/stat"; }
wait_for() { for _ in $(seq 100); do curl -fsS -o /dev/null "$1" 2>/dev/null && return 0; sleep 0.1; done; echo "bench-cpu: $1 did not answer" >&2; return 1; }
wait_for "http://127.0.0.1:4180/__stats"

echo "bench-cpu: node $(node -v), page cache off, wrk -c32 for ${DURATION:-6s} per path"
for path in "${paths[@]}"; do
  url="http://127.0.0.1:4181$path"
  (cd "$root" && NODE_ENV=production PORT=4181 HOST=127.0.0.1 CONTENT_API_URL=http://127.0.0.1:4180 CAMPAIGN_API_URL=http://127.0.0.1:4180 \
    LOG_LEVEL=warn PAGE_CACHE_TTL_SECONDS=0 exec taskset -c 0 node --max-semi-space-size=8 --max-old-space-size=256 --no-allocation-site-pretenuring dist/server/index.js) >/dev/null 2>&1 &
  app_pid=$!
  wait_for "$url"
  taskset -c 1 wrk -t1 -c32 -d3s "$url" >/dev/null
  before="$(ticks)"
  out="$(taskset -c 1 wrk -t1 -c32 -d"${DURATION:-6s}" "$url")"
  after="$(ticks)"
  requests="$(awk '/requests in/ {print $1}' <<<"$out")"
  printf '%-50s %6d us CPU per request  (%s req/s)\n' "$path" "$(( (after - before) * 1000000 / hz / requests ))" "$(awk '/Requests\/sec/ {print $2}' <<<"$out")"
  kill "$app_pid"; wait "$app_pid" 2>/dev/null || true
  app_pid=
done
