# syntax=docker/dockerfile:1
# Questkeeper production image (docs/decisions/026-production-build-and-container.md): the compiled
# server (server/dist) and web app (web/dist) on Node 20, production dependencies only, as user `node`.
# Build: docker build -t questkeeper .   Run: see compose.yaml and README "Deploying with Docker".

ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: every dependency, then `npm run build` (web app + server bundle)
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY core/package.json core/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- deps: the server workspace's production dependencies only (no tsx, vite, drizzle-kit…)
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY core/package.json core/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspace=server --no-audit --no-fund \
  && mkdir -p server/node_modules \
  && npm cache clean --force

# --- runtime
FROM ${NODE_IMAGE} AS runtime
# Every interface: without SMTP_URL and STRIPE_* (demo mail and payments) the server then refuses to
# start unless DEMO_MODE=true is set (docs/decisions/045-demo-mode-is-local.md).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/server/node_modules ./server/node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/server/package.json ./server/
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/web/dist ./web/dist
COPY --from=build /app/scripts ./scripts
# The embedded database's folder, for a single container without DATABASE_URL.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only: /api/ready (database, migrations, Redis, draining) is what the proxy balances on.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself as PID 1: server.ts handles SIGTERM (drain, close the database); compose adds `init`.
CMD ["node", "--enable-source-maps", "server/dist/server.js"]
