# Node 24 is the maintained LTS line (Node 20 left maintenance in April 2026; development on 20.19+
# still works, see package.json "engines").
ARG NODE_IMAGE=node:24-bookworm-slim

# Build stage: full dependencies, compile TypeScript, then drop the development dependencies.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY src ./src
COPY migrations ./migrations
# The web client (web/src) is built into dist/web by scripts/build-web.ts.
COPY scripts ./scripts
COPY web ./web
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Runtime stage: compiled code and production dependencies only, as the non-root user `node`.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production PORT=8080
# No package managers at run time: nothing here installs anything.
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
      /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /opt/yarn-* /usr/local/bin/yarn /usr/local/bin/yarnpkg
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node package.json ./
# Embedded mode (no TENANTS_FILE / DATABASE_URL) keeps its PostgreSQL data and generated JWT secret
# here: writable by `node`, and a volume so the data outlives the container.
RUN mkdir -p /app/.data && chown node:node /app/.data
VOLUME ["/app/.data"]
USER node
EXPOSE 8080
# Healthy = ready to serve: every tenant migrated and its database answering (the readiness probe).
# The start period covers migrations and, in embedded mode, creating the PostgreSQL cluster.
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/actuator/health/readiness').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# In production configure tenants with TENANTS_FILE or DATABASE_URL and set JWT_SECRET; without
# them the image runs the embedded PostgreSQL in /app/.data (a demo, one container).
CMD ["node", "dist/src/main.js"]
