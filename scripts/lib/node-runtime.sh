# Node releases from the npm registry, for machines whose own Node is older than the project's
# (sourced by scripts/on-declared-node.sh, .ci/run and the stand-in base image of
# scripts/lib/stand-in-base.sh).
#
# The registry carries every Node release as the package node-linux-<arch> (`bin/node`, nothing
# else; npm itself runs on any Node). scripts/lib/fetch-node.mjs fetches it, checked against the
# registry's integrity and by running it, before it is kept.

# Prints the directory holding `node` of release $1 (X.Y.Z), fetched once into
# ${QA_NODE_CACHE:-${XDG_CACHE_HOME:-~/.cache}/qa-sites/node} and reused after that. A cached
# release that does not answer `bin/node --version` with vX.Y.Z (truncated, empty, another
# release) is named in one line and fetched again.
node_runtime_bin() {
  local version="$1" arch cache dir printed status
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "node-runtime: no node-linux package for $(uname -m)" >&2; return 1 ;;
  esac
  cache="${QA_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/qa-sites/node}"
  dir="$cache/node-linux-$arch-$version"
  if [[ -e "$dir" ]]; then
    status=0
    printed="$("$dir/bin/node" --version 2>/dev/null)" || status=$?
    [[ $status == 0 && "$printed" == "v$version" ]] && { printf '%s\n' "$dir/bin"; return 0; }
    echo "node-runtime: the cached Node in $dir is broken ($(node_runtime_fault "$dir/bin/node" "$status" "$printed")); fetching it again" >&2
  fi
  command -v npm >/dev/null || { echo "node-runtime: npm is needed to fetch node-linux-$arch@$version" >&2; return 1; }
  node "$(dirname "${BASH_SOURCE[0]}")/fetch-node.mjs" "$version" "$arch" "$dir" || return 1
  printf '%s\n' "$dir/bin"
}

# What is wrong with a cached binary $1 whose `--version` exited $2 and printed $3.
node_runtime_fault() {
  local binary="$1" status="$2" printed="$3"
  if [[ ! -e "$binary" ]]; then echo "no bin/node"
  elif [[ ! -s "$binary" ]]; then echo "bin/node is empty"
  elif ((status > 128)); then echo "bin/node --version died of signal $((status - 128)), a truncated file?"
  elif ((status != 0)); then echo "bin/node --version exited $status"
  else echo "bin/node --version printed ${printed:-nothing}"
  fi
}
