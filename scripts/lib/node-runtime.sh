# Node releases from the npm registry, for machines whose own Node is older than the project's
# (sourced by .ci/run and the stand-in base image of scripts/lib/stand-in-base.sh).
#
# The registry carries every Node release as the package node-linux-<arch> (`bin/node`, nothing
# else; npm itself runs on any Node). `npm pack` fetches it with the registry's integrity check
# and this machine's npm settings (proxy, CA), so nothing else needs network access.

# Prints the directory holding `node` of release $1 (X.Y.Z), fetched once into
# ${QA_NODE_CACHE:-$XDG_CACHE_HOME/qa-sites/node} and reused after that.
node_runtime_bin() {
  local version="$1" arch cache dir tmp
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "node-runtime: no node-linux package for $(uname -m)" >&2; return 1 ;;
  esac
  cache="${QA_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/qa-sites/node}"
  dir="$cache/node-linux-$arch-$version"
  if [[ ! -x "$dir/bin/node" ]]; then
    command -v npm >/dev/null || { echo "node-runtime: npm is needed to fetch node-linux-$arch@$version" >&2; return 1; }
    mkdir -p "$cache"
    tmp="$(mktemp -d "$cache/.fetch.XXXXXX")"
    echo "node-runtime: fetching node-linux-$arch@$version from the npm registry into $cache" >&2
    if ! (cd "$tmp" && npm pack --silent "node-linux-$arch@$version" >/dev/null) ||
      ! tar -xzf "$tmp"/node-linux-"$arch"-"$version".tgz -C "$tmp" ||
      [[ "$("$tmp/package/bin/node" -v 2>/dev/null)" != "v$version" ]]; then
      rm -rf "$tmp"
      echo "node-runtime: could not fetch a working node-linux-$arch@$version" >&2
      return 1
    fi
    # A rename, so a run cut short never leaves a half-unpacked release behind.
    rm -rf "$dir"
    mv "$tmp/package" "$dir"
    rm -rf "$tmp"
  fi
  printf '%s\n' "$dir/bin"
}
