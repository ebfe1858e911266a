#!/bin/sh
# As the official image's 20-envsubst-on-templates.sh: each /etc/nginx/templates/NAME.template
# becomes /etc/nginx/conf.d/NAME with only the environment's own variables replaced, so that
# nginx's variables ($host, $request_id, ...) stay as they are.
set -eu
defined_envs=$(printf '${%s} ' $(env | cut -d= -f1))
for template in /etc/nginx/templates/*.template; do
  [ -f "$template" ] || continue
  output="/etc/nginx/conf.d/$(basename "$template" .template)"
  envsubst "$defined_envs" <"$template" >"$output"
done
exec "$@"
