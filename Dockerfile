# Follows Node's container practice: multi-stage, a base pinned to an exact Node release,
# production dependencies only at run time, the code owned by root and run by a numeric
# unprivileged user (Kubernetes' runAsNonRoot can only verify a number), an init process, and
# `node` (not npm) as the command so SIGTERM reaches the server. Built and run for real by
# scripts/container-smoke.sh (docs/deploy.md). No `# syntax=` line: the classic builder needs
# nothing from Docker Hub beyond the base image.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# 1. Build: esbuild, TypeScript and every devDependency live here and only here.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
# The build records the commit it was made from (dist/build-info.json); .git stays out of the
# build context, so the commit comes in as a build argument (scripts/container-smoke.sh).
ARG GIT_COMMIT=unknown
RUN npm run build

# 2. Runtime dependencies only (none of them has an install script).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# 3. Runtime: dist and production node_modules, nothing else (no sources, tests or tools).
FROM ${NODE_IMAGE} AS runtime
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
# glibc's malloc keeps an arena per thread (up to 8 per core): zlib's and V8's threads each kept
# their own freed memory, 10-20 MiB of RSS under a flood. With one arena the main thread reuses
# it: 8-10 MiB less than with two (docs/performance.md, `npm run bench -- overload`).
ENV MALLOC_ARENA_MAX=1
WORKDIR /app
# Owned by root and only readable by the app user: a compromised process cannot rewrite its code.
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# uid and gid 1000: the `node` user of the official image, as a number.
USER 1000:1000
# 3000: the site. Set METRICS_PORT (e.g. 9464) to serve Prometheus metrics on a port of their own.
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "require('http').get({host:'127.0.0.1',port:process.env.PORT||3000,path:'/healthz'},r=>process.exit(r.statusCode===200?0:1)).on('error',()=>process.exit(1))"
# tini is PID 1: it forwards SIGTERM to node and reaps zombies. The server drains and exits
# within 10 s of SIGTERM, inside Docker's default stop timeout.
ENTRYPOINT ["/usr/bin/tini", "--"]
# An 8 MB young generation keeps the resident memory near 105 MB under load with the page
# cache on (docs/decisions/0050); every object starts young, as views that outlive a scavenge
# made V8 allocate their garbage old (0350); the old generation grows by 60% past each full
# collection, within the 256 MiB cap, so full collections come less often (0406). These flags are read from here by npm start and the
# benchmarks (scripts/lib/node-flags.mjs, scripts/lib/processes.mjs). The same image runs the
# demo backend for Compose: `node dist/demo/main.js --host 0.0.0.0`.
CMD ["node", "--max-semi-space-size=16", "--max-old-space-size=256", "--no-allocation-site-pretenuring", "--heap-growing-percent=60", "dist/server/index.js"]
