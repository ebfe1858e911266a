#!/usr/bin/env bash
# Builds the image and runs it for real, locked down as production runs it:
#   scripts/container-smoke.sh [--keep]
#
# 1. Finds a Docker engine (installs Debian's docker.io when missing; starts dockerd in the
#    background when it is not running, and stops it again at the end).
# 2. Finds the Dockerfile's base image, pulls it, or, where the registry is unreachable, builds a
#    stand-in with debootstrap (the same Debian release) plus this machine's Node and npm,
#    tagged with the base's exact name.
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
IMAGE="${IMAGE:-qa-sites:smoke}"
KEEP=0
[[ "${1:-}" == "--keep" ]] && KEEP=1
RUN_ID="qa-smoke-$$"
WORK="$(mktemp -d)"
STARTED_DOCKERD_PID=""
FAILED=0

say() { printf '%s\n' "$*"; }
fail() { say "FAIL: $*"; FAILED=1; }
pass() { say "ok:   $*"; }
die() { say "container-smoke: $*" >&2; exit 2; }

cleanup() {
  docker rm -f "$RUN_ID-app" "$RUN_ID-demo" >/dev/null 2>&1 || true
  [[ $KEEP == 1 ]] || docker rmi "$IMAGE" >/dev/null 2>&1 || true
  if [[ -n "$STARTED_DOCKERD_PID" ]]; then
    kill "$STARTED_DOCKERD_PID" 2>/dev/null || true
    wait "$STARTED_DOCKERD_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

# --- 1. Docker engine -------------------------------------------------------------------------
if ! docker info >/dev/null 2>&1; then
  [[ $(id -u) == 0 ]] || die "no running Docker engine, and starting one needs root (run as root, or start dockerd and add this user to the docker group)"
  if ! command -v dockerd >/dev/null; then
    say "installing Debian's docker.io"
    apt-get install -y docker.io >/dev/null || die "apt-get install docker.io failed"
  fi
  say "starting dockerd in the background (log: $WORK/dockerd.log)"
  dockerd >"$WORK/dockerd.log" 2>&1 &
  STARTED_DOCKERD_PID=$!
  for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 0.5; done
  docker info >/dev/null 2>&1 || { tail -5 "$WORK/dockerd.log" >&2; die "dockerd did not start"; }
fi
say "docker engine: $(docker version --format '{{.Server.Version}}')"

# --- 2. Base image ----------------------------------------------------------------------------
BASE="$(sed -n 's/^ARG NODE_IMAGE=//p' "$ROOT/Dockerfile")"
[[ -n "$BASE" ]] || die "no ARG NODE_IMAGE in the Dockerfile"
if docker image inspect "$BASE" >/dev/null 2>&1; then
  say "base image $BASE: present"
elif timeout 60 docker pull "$BASE" >/dev/null 2>&1; then
  say "base image $BASE: pulled"
else
  [[ $(id -u) == 0 ]] || die "$BASE cannot be pulled, and building a stand-in needs root (debootstrap)"
  command -v debootstrap >/dev/null || apt-get install -y debootstrap >/dev/null || die "debootstrap is missing"
  want_node="v$(sed -E 's/^node:([0-9.]+)-.*/\1/' <<<"$BASE")"
  release="$(sed -E 's/^node:[0-9.]+-([a-z]+).*/\1/' <<<"$BASE")"
  [[ "$(node -v)" == "$want_node" ]] || say "note: this machine runs Node $(node -v), the base names $want_node"
  mirror="$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)"
  mirror="${mirror:-http://deb.debian.org/debian}"
  say "base image $BASE cannot be pulled: building a stand-in (debootstrap $release from $mirror, Node $(node -v) and npm $(npm -v) of this machine)"
  rootfs="$WORK/rootfs"
  debootstrap --variant=minbase "$release" "$rootfs" "$mirror" >"$WORK/debootstrap.log" 2>&1 || { tail -5 "$WORK/debootstrap.log" >&2; die "debootstrap failed"; }
  # Where the official image keeps them: /usr/local/bin/node and npm under /usr/local/lib.
  install -m 0755 "$(readlink -f "$(command -v node)")" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/lib/node_modules"
  cp -a "$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")" "$rootfs/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  # The official image's `node` user (1000:1000), Debian's image apt settings (no package
  # caches kept in layers) and its slim clean-ups.
  printf '%s\n' 'Dir::Cache::pkgcache "";' 'Dir::Cache::srcpkgcache "";' \
    'DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb || true"; };' \
    >"$rootfs/etc/apt/apt.conf.d/docker-clean"
  printf '%s\n' 'Acquire::Languages "none";' >"$rootfs/etc/apt/apt.conf.d/docker-no-languages"
  chroot "$rootfs" sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
  # This machine's TLS trust (its egress may re-sign with a local CA), so npm ci in the build
  # stage reaches the registry as it does on the host; a pulled base needs none of this.
  if [[ -n "${NODE_EXTRA_CA_CERTS:-}" && -f "$NODE_EXTRA_CA_CERTS" ]]; then
    mkdir -p "$rootfs/usr/local/share/ca-certificates"
    cp "$NODE_EXTRA_CA_CERTS" "$rootfs/usr/local/share/ca-certificates/host-trust.pem"
    extra_ca=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/host-trust.pem')
  else
    extra_ca=()
  fi
  rm -rf "$rootfs/var/lib/apt/lists/"* "$rootfs/var/cache/apt/"*.bin "$rootfs/usr/share/doc" "$rootfs/usr/share/man"
  tar -C "$rootfs" -c . | docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=${want_node#v}" \
    "${extra_ca[@]}" --change 'CMD ["node"]' - "$BASE" >/dev/null
  say "stand-in $BASE built"
fi

# --- 3. Build ---------------------------------------------------------------------------------
say "building $IMAGE (classic builder, host network)"
build_started=$SECONDS
commit="$(git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo unknown)"
DOCKER_BUILDKIT=0 docker build --network host --build-arg GIT_COMMIT="$commit" -t "$IMAGE" "$ROOT" >"$WORK/build.log" 2>&1 || { tail -20 "$WORK/build.log" >&2; die "docker build failed"; }
say "built in $((SECONDS - build_started)) s"

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
