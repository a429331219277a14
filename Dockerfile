# syntax=docker/dockerfile:1
# Perch in a container. The build stage compiles the server and the web app and packs them as
# `npm run release` does for the tarball; the runtime stage installs the server's production
# dependencies only and runs `scripts/start-prod.mjs` (what `npm run start:prod` runs) as an
# unprivileged user. See README.md, "Production".
#   docker build -t perch .
#   docker run -p 8080:8080 -v perch-data:/data -e INIT_ADMIN_PASSWORD='…' perch
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
# The dependencies first: this layer is reused while only the sources change.
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY packages/client/package.json packages/client/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY packages/e2e/package.json packages/e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run release -- --out /release \
 && mkdir /app \
 && tar xzf /release/perch-*.tar.gz -C /app --strip-components=1

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# The release: package files, the compiled server, migrations and the built web app (owned by
# root, read-only to the service).
COPY --from=build /app ./
# The server's production dependencies (the web app is static files, built in the first stage).
RUN npm ci --omit=dev --workspace @perch/server --no-audit --no-fund \
 && npm cache clean --force \
 && mkdir -p /data \
 && chown node:node /data
# The embedded database; unused when DATABASE_URL names a PostgreSQL server.
VOLUME ["/data"]
USER node
EXPOSE 8080
# No curl in the slim image: Node.js asks the health check itself.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthcheck').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "scripts/start-prod.mjs"]
