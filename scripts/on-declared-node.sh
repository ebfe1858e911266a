#!/usr/bin/env bash
# Runs a command on the Node release package.json's engines name (`npm start` and `npm test` go
# through here). When the machine's own Node is older, that release is fetched once from the npm
# registry (scripts/lib/node-runtime.sh, as .ci/run does) and put first on PATH; the command
# then replaces this script (exec), so signals reach it directly.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if ! node "$here/lib/node-version.mjs" --check 2>/dev/null; then
  source "$here/lib/node-runtime.sh"
  required="$(node "$here/lib/node-version.mjs" --floor)"
  echo "this machine runs Node $(node -v); the project runs on Node $required, from the npm registry" >&2
  PATH="$(node_runtime_bin "$required"):$PATH"
  export PATH
fi
exec "$@"
