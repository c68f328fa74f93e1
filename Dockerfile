# syntax=docker/dockerfile:1
# The back office as one image (docs/operations.md, "Containers"): Debian, Node 24 LTS, non-root, only the server's
# production dependencies in the final stage. Build: `docker build -t dnx-back-office .`
# The machines this project is developed on have no Docker engine and reach no image registry: `npm run image:check`
# builds this file there with buildah from stand-in base images and runs the image against PostgreSQL
# (docs/operations.md, "Containers").

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
# The server bundle inlines @dnx/shared and keeps npm packages external: its dependencies, nothing of the web app's.
RUN npm ci --omit=dev --no-audit --no-fund --workspace @dnx/server

FROM node:24-bookworm-slim
# pg_dump and pg_restore of the servers' major version (17, compose.yaml) for `backup` and `restore`, from the
# PostgreSQL project's own Debian repository (Debian 12 ships 15, which cannot dump a 17 server).
# PG_CLIENT=debian takes Debian's own client (15) instead, for servers of 15 and a build that cannot reach that
# repository (`npm run image:check` on these machines, whose PostgreSQL is 15); the default is what ships.
ARG PG_CLIENT=pgdg
RUN apt-get update \
 && if [ "$PG_CLIENT" = debian ]; then \
      apt-get install -y --no-install-recommends postgresql-client tini; \
    else \
      apt-get install -y --no-install-recommends ca-certificates curl \
      && install -d /usr/share/postgresql-common/pgdg \
      && curl -fsSL -o /usr/share/postgresql-common/pgdg/apt.postgresql.org.asc https://www.postgresql.org/media/keys/ACCC4CF8.asc \
      && echo "deb [signed-by=/usr/share/postgresql-common/pgdg/apt.postgresql.org.asc] https://apt.postgresql.org/pub/repos/apt bookworm-pgdg main" \
           > /etc/apt/sources.list.d/pgdg.list \
      && apt-get update \
      && apt-get install -y --no-install-recommends postgresql-client-17 tini \
      && apt-get purge -y curl; \
    fi \
 && apt-get autoremove -y && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/var/lib/dnx
WORKDIR /app
COPY --from=runtime-deps /app/node_modules node_modules
COPY --from=runtime-deps /app/package.json package.json
COPY --from=build /app/apps/server/package.json apps/server/package.json
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /var/lib/dnx && chown node:node /var/lib/dnx
USER node
EXPOSE 8080
VOLUME ["/var/lib/dnx"]
# Liveness of the process itself (no database: a database outage must not get every container restarted); the
# proxy sends requests by readiness (/api/health/ready/).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health/live/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# tini is process 1, the server its child: the kernel ignores a signal process 1 has no handler for, so a server that
# was process 1 could not be killed by its own watchdog (a blocked event loop, issue 40). When the server ends (its
# watchdog, a crash), the container stops and compose's `restart: unless-stopped` starts it again; the health check
# above only marks the container unhealthy, it restarts nothing.
ENTRYPOINT ["/usr/bin/tini", "--"]
# As `npm start` runs the bundle (scripts/lib/server-flags.mjs).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=32", "apps/server/dist/server.js"]
