# syntax=docker/dockerfile:1
# The image of every Node service (apps/<service> with a src/main.ts; the web client has its
# own, apps/web/Dockerfile). Build from the repository root (the build needs the whole
# workspace), naming the service and its port (SERVICE_PORTS in libs/contracts):
#   docker build --build-arg SERVICE=timeline --build-arg PORT=3002 -t wave/timeline .
# docker-compose.yml passes both for each service; infra/deploy checks that they agree.

# ---- build: install the workspace, bundle the service ----------------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /workspace
# Manifests first, so the dependency layer is reused until one of them changes, by every
# service alike (SERVICE is declared only after it). npm workspaces needs every workspace's
# package.json before `npm ci` (COPY --parents keeps their folders; it needs the Dockerfile
# 1.20+ frontend named on the first line).
COPY package.json package-lock.json .npmrc ./
COPY --parents apps/*/package.json libs/*/package.json ./
RUN npm ci --ignore-scripts=false
COPY . .
ARG SERVICE
# Only an app with a server entry point builds here (not web: its build has no server).
RUN test -f "apps/${SERVICE}/src/main.ts" \
  || { echo "SERVICE=${SERVICE} is not a Node service (apps/<service>/src/main.ts)" >&2; exit 1; }
# Writes dist/apps/<service>/main.js plus a package.json and package-lock.json that list
# only the packages the bundle needs at run time.
RUN NX_DAEMON=false NX_NO_CLOUD=true npx nx run ${SERVICE}:build

# ---- runtime: the bundle and its production dependencies, as a non-root user ----------
FROM node:20-bookworm-slim AS runtime
ARG SERVICE PORT
# First, so that it runs beside the build stage's install and a build without them fails
# in seconds, not after it.
RUN test -n "${SERVICE}" && test "${PORT}" -gt 0 2>/dev/null \
  || { echo 'Name the service and its port: --build-arg SERVICE=<service> --build-arg PORT=<port>' >&2; exit 1; }
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /workspace/dist/apps/${SERVICE}/ ./
# Packages with native parts (argon2, sharp) ship prebuilt binaries that their install
# scripts pick up.
RUN npm ci --omit=dev --ignore-scripts=false && npm cache clean --force
USER node
ENV HOST=0.0.0.0 \
    PORT=${PORT}
EXPOSE ${PORT}
# Slim images have no curl: node's built-in fetch asks the liveness endpoint, on the port the
# service listens on (PORT above, or the one a deployment sets).
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Serves HTTP. The same image runs the migrations before a rollout with the command
# `node main.js migrate` (brings the service's schema up to date and exits; the gateway has
# none), and a service's own commands (`seed`, search's `reindex`): see <service>-migrate in
# docker-compose.yml and k8s/components/database.
CMD ["node", "main.js"]
