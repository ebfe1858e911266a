#!/usr/bin/env bash
# Builds the image and runs it for real, locked down as production runs it:
#   scripts/container-smoke.sh [--keep]
#
# 1. Finds a Docker engine (installs Debian's docker.io when missing; starts dockerd in the
#    background when it is not running, and stops it again at the end).
# 2. Finds the Dockerfile's base image, pulls it, or, where the registry is unreachable, builds a
#    stand-in with debootstrap (the same Debian release) plus the same Node release from the npm
#    registry, tagged with the base's exact name (scripts/lib/stand-in-base.sh).
# 3. Builds with the classic builder on the host network (DOCKER_BUILDKIT=0 --network host).
# 4. Runs the demo backend (dist/demo/main.js of the same image) as a container of its own and
#    the app against it: --read-only --cap-drop ALL --security-opt no-new-privileges,
#    NODE_ENV=production, both upstream URLs set, everything on 127.0.0.1 of the host network.
# 5. Checks the image (numeric user, no esbuild or TypeScript), /healthz, /readyz, one page of
#    two sites by Host header, `docker stop` under 10 s with exit code 0, and prints the image
#    size. Exit 0 only when every check passed.
#
# Needs root (or a running engine this user may use). --keep leaves the built image; a stand-in
# base stays, so the next run skips debootstrap.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/lib/stand-in-base.sh"
IMAGE="${IMAGE:-qa-sites:smoke}"
KEEP=0
[[ "${1:-}" == "--keep" ]] && KEEP=1
RUN_ID="qa-smoke-$$"
WORK="$(mktemp -d)"
FAILED=0

say() { printf '%s\n' "$*"; }
fail() { say "FAIL: $*"; FAILED=1; }
pass() { say "ok:   $*"; }
die() { say "container-smoke: $*" >&2; exit 2; }

cleanup() {
  docker rm -f "$RUN_ID-app" "$RUN_ID-demo" >/dev/null 2>&1 || true
  [[ $KEEP == 1 ]] || docker rmi "$IMAGE" >/dev/null 2>&1 || true
  docker_engine_down
  rm -rf "$WORK"
}
trap cleanup EXIT

free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

# --- 1. Docker engine -------------------------------------------------------------------------
docker_engine_up "$WORK"
say "docker engine: $(docker version --format '{{.Server.Version}}')"

# --- 2. Base image ----------------------------------------------------------------------------
BASE="$(sed -n 's/^ARG NODE_IMAGE=//p' "$ROOT/Dockerfile")"
[[ -n "$BASE" ]] || die "no ARG NODE_IMAGE in the Dockerfile"
base_image_ready "$BASE" "$WORK"

# --- 3. Build ---------------------------------------------------------------------------------
say "building $IMAGE (classic builder, host network)"
build_started=$SECONDS
commit="$(git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo unknown)"
DOCKER_BUILDKIT=0 docker build --network host --build-arg GIT_COMMIT="$commit" -t "$IMAGE" "$ROOT" >"$WORK/build.log" 2>&1 || { tail -20 "$WORK/build.log" >&2; die "docker build failed"; }
say "built in $((SECONDS - build_started)) s"

node_version="$(docker run --rm --network none --entrypoint node "$IMAGE" -v)"
want_node="v$(sed -E 's/^node:([0-9.]+)-.*/\1/' <<<"$BASE")"
[[ "$node_version" == "$want_node" ]] && pass "runtime image runs Node $node_version" || fail "runtime image runs Node $node_version, want $want_node"
user="$(docker image inspect -f '{{.Config.User}}' "$IMAGE")"
[[ "$user" == "1000:1000" ]] && pass "image user is $user" || fail "image user is '$user', want 1000:1000"
if docker run --rm --network none --entrypoint sh "$IMAGE" -c 'test ! -e node_modules/esbuild && test ! -e node_modules/typescript && test ! -e src'; then
  pass "runtime image has no esbuild, no typescript, no sources"
else
  fail "runtime image carries build tools or sources"
fi

# --- 4. Run: demo backend and app, locked down ------------------------------------------------
LOCKED=(--network host --read-only --cap-drop ALL --security-opt no-new-privileges)
APP_PORT="$(free_port)"; CONTENT_PORT="$(free_port)"; CAMPAIGN_PORT="$(free_port)"
docker run -d --name "$RUN_ID-demo" "${LOCKED[@]}" "$IMAGE" \
  node dist/demo/main.js --host 127.0.0.1 --content-port "$CONTENT_PORT" --campaign-port "$CAMPAIGN_PORT" >/dev/null
docker run -d --name "$RUN_ID-app" "${LOCKED[@]}" \
  -e PORT="$APP_PORT" -e HOST=127.0.0.1 \
  -e CONTENT_API_URL="http://127.0.0.1:$CONTENT_PORT" -e CAMPAIGN_API_URL="http://127.0.0.1:$CAMPAIGN_PORT" \
  "$IMAGE" >/dev/null
APP="http://127.0.0.1:$APP_PORT"
for _ in $(seq 1 100); do curl -fs -o /dev/null "$APP/readyz" && break; sleep 0.1; done

status() { curl -s -o /dev/null -w '%{http_code}' "$@"; }
[[ "$(status "$APP/healthz")" == 200 ]] && pass "/healthz 200" || fail "/healthz did not answer 200"
[[ "$(status "$APP/readyz")" == 200 ]] && pass "/readyz 200" || fail "/readyz did not answer 200"
check_page() {
  local host="$1" path="$2" expect="$3" body code
  body="$(curl -s -H "Host: $host" -w '\n%{http_code}' "$APP$path")"
  code="${body##*$'\n'}"
  if [[ "$code" == 200 && "$body" == *"$expect"* ]]; then pass "Host $host $path: 200, shows \"$expect\""; else fail "Host $host $path: status $code, \"$expect\" not found"; fi
}
check_page localhost /why-does-bread-go-stale "Everyday Answers"
check_page garden.localhost / "Garden Answers"
say "app log, first lines:"
docker logs "$RUN_ID-app" >"$WORK/app.log" 2>&1
head -3 "$WORK/app.log" | cut -c1-240 | sed 's/^/  /'

# --- 5. Stop ----------------------------------------------------------------------------------
stop_started_ms=$(($(date +%s%N) / 1000000))
docker stop "$RUN_ID-app" >/dev/null
stop_ms=$(($(date +%s%N) / 1000000 - stop_started_ms))
stop_text="$((stop_ms / 1000)).$((stop_ms % 1000 / 100)) s"
exit_code="$(docker inspect -f '{{.State.ExitCode}}' "$RUN_ID-app")"
if ((stop_ms < 10000)) && [[ "$exit_code" == 0 ]]; then
  pass "docker stop took $stop_text, exit code $exit_code"
else
  fail "docker stop took $stop_text, exit code $exit_code (want < 10 s and 0)"
fi
docker logs "$RUN_ID-app" >"$WORK/app.log" 2>&1
say "app log, last line: $(tail -1 "$WORK/app.log" | cut -c1-240)"
docker stop "$RUN_ID-demo" >/dev/null

size="$(docker image inspect -f '{{.Size}}' "$IMAGE")"
base_size="$(docker image inspect -f '{{.Size}}' "$BASE")"
say "image size: $((size / 1000000)) MB ($IMAGE; base $BASE $((base_size / 1000000)) MB, app layers $(((size - base_size) / 1000000)) MB)"

if [[ $FAILED == 0 ]]; then say "container smoke test: PASSED"; else say "container smoke test: FAILED"; exit 1; fi
