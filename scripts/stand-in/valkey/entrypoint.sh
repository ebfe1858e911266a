#!/bin/sh
# As the official image's docker-entrypoint.sh: options alone run valkey-server with them; as
# root, /data is handed to `valkey` and the server runs as that user.
set -e
if [ "${1#-}" != "$1" ] || [ "${1%.conf}" != "$1" ]; then
  set -- valkey-server "$@"
fi
if [ "$1" = 'valkey-server' ] && [ "$(id -u)" = '0' ]; then
  find . \! -user valkey -exec chown valkey '{}' +
  exec setpriv --reuid=valkey --regid=valkey --clear-groups -- "$0" "$@"
fi
exec "$@"
