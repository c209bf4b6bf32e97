# Build stage: full dependencies, compile TypeScript.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY src ./src
COPY migrations ./migrations
RUN npm run build && npm prune --omit=dev

# Runtime stage: compiled code and production dependencies only, as a non-root user.
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=8080
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
# The web pages (/student/, /teacher/, /admin/) are served as they are from web/.
COPY --chown=node:node web ./web
COPY --chown=node:node package.json ./
USER node
EXPOSE 8080
# In a container, configure tenants with TENANTS_FILE or DATABASE_URL and set JWT_SECRET.
CMD ["node", "dist/src/main.js"]
