#!/usr/bin/env bash
# Runs a command on the Node release package.json's engines name. Every npm script goes through
# here: .npmrc names this file as npm's `script-shell`, so npm runs `on-declared-node.sh -c
# '<script>'`; by hand it is `scripts/on-declared-node.sh <command> [args]`. When the machine's
# own Node is older, that release is fetched once from the npm registry
# (scripts/lib/node-runtime.sh, as .ci/run does) and put first on PATH; the command then
# replaces this script (exec), so signals reach it directly.
#
# .npmrc can only name this file relative to the project folder, which is where npm runs `npm
# run` scripts but not `npx` / `npm exec` (they run in the folder you are in). So the wrapper
# hands npm its absolute path (npm_config_script_shell outranks .npmrc): an `npx` started
# through it, or from any script, finds it from every folder.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export npm_config_script_shell="$here/on-declared-node.sh"
if ! node "$here/lib/node-version.mjs" --check 2>/dev/null; then
  source "$here/lib/node-runtime.sh"
  required="$(node "$here/lib/node-version.mjs" --floor)"
  echo "this machine runs Node $(node -v); the project runs on Node $required, from the npm registry" >&2
  bin="$(node_runtime_bin "$required")"
  PATH="$bin:$PATH"
  export PATH
fi
if [[ $# == 2 && "$1" == -c ]]; then exec bash -c "$2"; fi
exec "$@"
