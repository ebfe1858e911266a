#!/usr/bin/env bash
# Brings the Compose stack of deploy/compose.yaml up on this machine and checks it as an operator
# would:
#   scripts/compose-smoke.sh [--keep]
#
# 1. A Docker engine, the Dockerfile's base image and the Compose file's nginx and Valkey images:
#    present, pulled, or, where Docker Hub is unreachable, stand-ins of the same names built here
#    (the base with debootstrap plus Node from the npm registry; nginx and Valkey on that base
#    with Debian's nginx and redis-server: scripts/lib/stand-in-base.sh). Compose itself: `docker compose`, else
#    `docker-compose` (Debian's package, installed when neither is there).
# 2. Builds qa-sites:local, the image the Compose file names (classic builder, host network).
# 3. Starts the stack with deploy/compose.host-network.yaml over it (merged by Compose, less the
#    published ports, which mean nothing there): every service on the host's
#    network, reached on 127.0.0.1 only.
# 4. Checks: both instances ready, with the memory limit of the Compose file; a page through
#    nginx is a MISS, then a HIT, each answer with nginx's own X-Request-Id (the MISS's id in an
#    instance's log, the HIT's in nginx's log only); both instances serve; Prometheus scrapes
#    both and has the alert rules loaded; the shared tier (Valkey): a page app-1 rendered and
#    kept is `x-page-cache: hit` on app-2, and a purge sent to app-1 alone removes it from app-2
#    within a second; a rolling restart of app-1 then app-2 under steady load through nginx
#    fails no request.
# 5. Stops the stack (`down`) and removes qa-sites:local unless --keep; stand-ins stay, so the
#    next run skips building them.
#
# Needs root (or a running engine this user may use) and the ports of the override file free.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/lib/stand-in-base.sh"
IMAGE=qa-sites:local
PROJECT="qa-smoke-$$"
KEEP=0
[[ "${1:-}" == "--keep" ]] && KEEP=1
WORK="$(mktemp -d)"
FAILED=0
MERGED="$WORK/compose.yaml"
# The override file's addresses.
LB=http://127.0.0.1:12880
APP_PORTS=(12801 12802)
METRICS_PORTS=(12811 12812)
# POST /purge needs one (the Compose file reads it from the environment).
export PURGE_TOKEN="compose-smoke-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
LOAD_PID=""
COMPOSE=()

say() { printf '%s\n' "$*"; }
fail() { say "FAIL: $*"; FAILED=1; }
pass() { say "ok:   $*"; }
die() { say "compose-smoke: $*" >&2; exit 2; }
compose() { "${COMPOSE[@]}" -p "$PROJECT" -f "$MERGED" "$@"; }

# deploy/compose.yaml with the override over it, as Compose merges them, less the published
# ports: on the host's network they mean nothing, and docker-compose 1.x (docker-py) refuses a
# published port there. In Compose's normalized output a key's list items share its indentation.
merge_for_host_network() {
  "${COMPOSE[@]}" -p "$PROJECT" -f "$ROOT/deploy/compose.yaml" -f "$ROOT/deploy/compose.host-network.yaml" config |
    awk '{ match($0, /^ */); indent = RLENGTH }
      skipping && (indent > ports_indent || (indent == ports_indent && $0 ~ /^ *- /)) { next }
      { skipping = 0 }
      /^ *ports:$/ { skipping = 1; ports_indent = indent; next }
      { print }' >"$MERGED"
}
container_of() { compose ps -q "$1"; }

cleanup() {
  [[ -z "$LOAD_PID" ]] || kill "$LOAD_PID" 2>/dev/null || true
  if [[ -s "$MERGED" ]]; then compose down --timeout 10 >"$WORK/down.log" 2>&1 || true; fi
  [[ $KEEP == 1 ]] || docker rmi "$IMAGE" >/dev/null 2>&1 || true
  docker_engine_down
  rm -rf "$WORK"
}
trap cleanup EXIT

# --- 1. Engine, images, Compose ---------------------------------------------------------------
docker_engine_up "$WORK"
say "docker engine: $(docker version --format '{{.Server.Version}}')"
BASE="$(sed -n 's/^ARG NODE_IMAGE=//p' "$ROOT/Dockerfile")"
NGINX="$(sed -n 's/^ *image: *\(nginx:[^ ]*\)$/\1/p' "$ROOT/deploy/compose.yaml")"
PROMETHEUS="$(sed -n 's/^ *image: *\(prom\/prometheus:[^ ]*\)$/\1/p' "$ROOT/deploy/compose.yaml")"
VALKEY="$(sed -n 's/^ *image: *\(valkey\/valkey:[^ ]*\)$/\1/p' "$ROOT/deploy/compose.yaml")"
[[ -n "$BASE" && -n "$NGINX" && -n "$PROMETHEUS" && -n "$VALKEY" ]] || die "no base image in the Dockerfile, or no nginx, Prometheus or Valkey image in deploy/compose.yaml"
base_image_ready "$BASE" "$WORK"
nginx_image_ready "$NGINX" "$BASE" "$WORK"
prometheus_image_ready "$PROMETHEUS" "$BASE" "$WORK"
valkey_image_ready "$VALKEY" "$BASE" "$WORK"
if docker compose version >/dev/null 2>&1; then
  COMPOSE=(docker compose)
else
  command -v docker-compose >/dev/null || apt-get install -y docker-compose >"$WORK/apt-compose.log" 2>&1 || die "no docker compose, and apt-get install docker-compose failed"
  COMPOSE=(docker-compose)
fi
say "compose: $("${COMPOSE[@]}" version 2>/dev/null | head -1)"
for port in 12879 12880 12801 12802 12811 12812 12840 12841 12890; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then die "port $port on 127.0.0.1 is in use (deploy/compose.host-network.yaml names it)"; fi
done

# --- 2. Build ---------------------------------------------------------------------------------
say "building $IMAGE (classic builder, host network)"
build_started=$SECONDS
commit="$(git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo unknown)"
DOCKER_BUILDKIT=0 docker build --network host --build-arg GIT_COMMIT="$commit" -t "$IMAGE" "$ROOT" >"$WORK/build.log" 2>&1 || { tail -20 "$WORK/build.log" >&2; die "docker build failed"; }
say "built in $((SECONDS - build_started)) s"

# --- 3. Up ------------------------------------------------------------------------------------
merge_for_host_network || die "compose config failed"
grep -q 'ports:' "$MERGED" && die "published ports left in the merged configuration"
compose up -d --no-build >"$WORK/up.log" 2>&1 || { tail -20 "$WORK/up.log" >&2; die "compose up failed"; }
say "stack up: $(compose ps --services | tr '\n' ' ')"

ready() { [[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$1/readyz")" == 200 ]]; }
wait_ready() {
  for _ in $(seq 1 150); do ready "$1" && return 0; sleep 0.2; done
  return 1
}
for port in "${APP_PORTS[@]}"; do wait_ready "$port" || die "the instance on port $port never became ready"; done
for _ in $(seq 1 50); do curl -fs -o /dev/null "$LB/healthz" && break; sleep 0.2; done

# --- 4. Checks --------------------------------------------------------------------------------
pass "both instances ready (127.0.0.1:${APP_PORTS[0]}, 127.0.0.1:${APP_PORTS[1]}), nginx on $LB"
for service in app-1 app-2; do
  memory="$(docker inspect -f '{{.HostConfig.Memory}}' "$(container_of "$service")")"
  [[ "$memory" == $((384 * 1024 * 1024)) ]] && pass "$service memory limit 384 MiB (V8 heap bound 256 MiB)" || fail "$service memory limit is $memory bytes, want 384 MiB"
done

header() { sed -n "s/^$1: *//Ip" "$2" | tr -d '\r'; }
page() { curl -s -o /dev/null -D "$2" -w '%{http_code}' -H 'Host: cooking.localhost' "$LB$1"; }
first_status="$(page /why-does-bread-go-stale "$WORK/first.h")"
second_status="$(page /why-does-bread-go-stale "$WORK/second.h")"
first_cache="$(header X-Cache-Status "$WORK/first.h")"; second_cache="$(header X-Cache-Status "$WORK/second.h")"
first_id="$(header X-Request-Id "$WORK/first.h")"; second_id="$(header X-Request-Id "$WORK/second.h")"
if [[ "$first_status $first_cache $second_status $second_cache" == "200 MISS 200 HIT" ]]; then
  pass "a page through nginx: 200 MISS, then 200 HIT"
else
  fail "a page through nginx: $first_status $first_cache, then $second_status $second_cache (want 200 MISS, then 200 HIT)"
fi
compose logs --no-color app-1 app-2 >"$WORK/apps.log" 2>&1
docker logs "$(container_of nginx)" >"$WORK/nginx.log" 2>&1
if [[ -n "$first_id" && -n "$second_id" && "$first_id" != "$second_id" ]] && grep -q "\"reqId\":\"$first_id\"" "$WORK/apps.log" &&
  ! grep -q "$second_id" "$WORK/apps.log" && grep -q "\"reqId\":\"$second_id\".*\"cache\":\"HIT\"" "$WORK/nginx.log"; then
  pass "each answer has nginx's own request id: the MISS's in an instance's log, the HIT's in nginx's log only"
else
  fail "request ids: MISS '$first_id', HIT '$second_id' (want two ids of nginx's, the MISS's in an instance's log, the HIT's in nginx's log only)"
fi

for i in $(seq 1 10); do curl -s -o /dev/null -H 'Host: cooking.localhost' "$LB/why-does-bread-go-stale?spread=$i"; done
docker logs "$(container_of nginx)" >"$WORK/nginx.log" 2>&1
served_by="$(grep -o '"upstream":"127.0.0.1:128[0-9]*"' "$WORK/nginx.log" | sort -u | tr '\n' ' ')"
if [[ "$served_by" == *":${APP_PORTS[0]}\""* && "$served_by" == *":${APP_PORTS[1]}\""* ]]; then
  pass "both instances serve (nginx's log: $served_by)"
else
  fail "not both instances served (nginx's log: $served_by)"
fi

# Prometheus (its first scrape within 15 s): both instances' targets up, the generated rules loaded.
PROM=http://127.0.0.1:12890
rules_expected="$(grep -cE '^ *- (alert|record):' "$ROOT/deploy/prometheus/qa-sites.rules.yaml")"
prometheus_seen=""
for _ in $(seq 1 60); do
  prometheus_seen="$(node -e 'const [targets, rules] = process.argv.slice(1).map((text) => JSON.parse(text || "{}"));
    const up = (targets.data?.activeTargets ?? []).filter((target) => target.labels.job === "qa-sites" && target.health === "up").length;
    console.log(`${up} ${(rules.data?.groups ?? []).flatMap((group) => group.rules).length}`)' "$(curl -s "$PROM/api/v1/targets")" "$(curl -s "$PROM/api/v1/rules")" 2>/dev/null || echo "0 0")"
  [[ "$prometheus_seen" == "2 $rules_expected" ]] && break
  sleep 0.5
done
if [[ "$prometheus_seen" == "2 $rules_expected" ]]; then
  pass "Prometheus: both instances up (job qa-sites), $rules_expected rules loaded"
else
  fail "Prometheus: targets up and rules loaded are '$prometheus_seen', want '2 $rules_expected'"
fi

# The shared tier: straight to each instance (nginx's own cache would answer otherwise), as
# nginx sends it (loopback is a trusted proxy here).
direct() { curl -s -o /dev/null -D "$3" -w '%{http_code}' -H 'Host: cooking.localhost' -H 'X-Forwarded-Proto: https' "http://127.0.0.1:$1$2"; }
SHARED_PAGE=/why-did-my-cake-sink-in-the-middle
# The second view is admitted and kept, and written to the store; the third is app-1's hit, with its ETag.
direct "${APP_PORTS[0]}" "$SHARED_PAGE" "$WORK/a1.h" >/dev/null
direct "${APP_PORTS[0]}" "$SHARED_PAGE" "$WORK/a2.h" >/dev/null
direct "${APP_PORTS[0]}" "$SHARED_PAGE" "$WORK/a2.h" >/dev/null
b_cache=""
for _ in $(seq 1 20); do
  b_status="$(direct "${APP_PORTS[1]}" "$SHARED_PAGE" "$WORK/b.h")"
  b_cache="$(header X-Page-Cache "$WORK/b.h")"
  [[ "$b_status $b_cache" == "200 hit" ]] && break
  sleep 0.1
done
if [[ "$b_status $b_cache" == "200 hit" && "$(header ETag "$WORK/b.h")" == "$(header ETag "$WORK/a2.h")" ]]; then
  pass "shared tier: a page app-1 rendered is a hit on app-2 (the same ETag), from Valkey"
else
  fail "shared tier: app-2 answered $b_status x-page-cache '$b_cache' for a page app-1 kept (want 200 hit, app-1's ETag)"
fi
purge_answer="$(curl -s -X POST -H "Authorization: Bearer $PURGE_TOKEN" -H 'Content-Type: application/json' -d '{"site":"cooking.localhost"}' "http://127.0.0.1:${METRICS_PORTS[0]}/purge")"
purged_at=$SECONDS
after=""
for _ in $(seq 1 10); do
  direct "${APP_PORTS[1]}" "$SHARED_PAGE" "$WORK/after.h" >/dev/null
  after="$(header X-Page-Cache "$WORK/after.h")"
  [[ "$after" == miss ]] && break
  sleep 0.1
done
purge_seconds=$((SECONDS - purged_at))
# The log line may reach Docker's log a moment after the answer.
for _ in $(seq 1 20); do
  compose logs --no-color app-2 >"$WORK/app-2.log" 2>&1
  grep -q 'cache.purge_received' "$WORK/app-2.log" && break
  sleep 0.1
done
if [[ "$purge_answer" == *'"sharedTier":"purged"'* && "$after" == miss && $purge_seconds -le 1 ]] && grep -q 'cache.purge_received' "$WORK/app-2.log"; then
  pass "one purge sent to app-1 reached app-2: its next answer is a miss (cache.purge_received in its log)"
else
  fail "purge to app-1: answer '$purge_answer', app-2 then x-page-cache '$after' after ${purge_seconds} s, cache.purge_received in its log: $(grep -c 'cache.purge_received' "$WORK/app-2.log") (want sharedTier purged, then a miss within a second, and the line)"
fi

# Steady load through nginx (every request a new address, so each reaches an instance), while
# each instance in turn is restarted: SIGTERM, the drain, exit, start, ready.
load() {
  local i=0
  while [[ ! -e "$WORK/stop-load" ]]; do
    i=$((i + 1))
    curl -s -o /dev/null -w '%{http_code}\n' --max-time 10 -H 'Host: cooking.localhost' "$LB/why-does-bread-go-stale?load=$i" >>"$WORK/load.txt" || echo "000" >>"$WORK/load.txt"
  done
}
load &
LOAD_PID=$!
sleep 1
restart_started=$SECONDS
for index in 0 1; do
  service="app-$((index + 1))"
  compose restart "$service" >>"$WORK/restart.log" 2>&1 || fail "compose restart $service failed"
  wait_ready "${APP_PORTS[$index]}" || fail "$service did not come back"
done
sleep 1
touch "$WORK/stop-load"
wait "$LOAD_PID" || true
LOAD_PID=""
total="$(wc -l <"$WORK/load.txt")"
failed="$(grep -vc '^200$' "$WORK/load.txt" || true)"
if [[ "$total" -gt 50 && "$failed" == 0 ]]; then
  pass "rolling restart of app-1 then app-2 in $((SECONDS - restart_started)) s: $total requests through nginx, none failed"
else
  fail "rolling restart: $failed of $total requests failed ($(grep -v '^200$' "$WORK/load.txt" | sort | uniq -c | tr '\n' ' '))"
fi

say "nginx log, one line: $(grep -m1 '"cache":"HIT"' "$WORK/nginx.log" | cut -c1-240)"
if [[ $FAILED == 0 ]]; then say "compose smoke test: PASSED"; else say "compose smoke test: FAILED"; exit 1; fi
