# Tranche in production: the README's own commands (npm run setup, the console build, the server's start), in two
# stages, running as a non-root user. Outside local mode: give CHAIN_RPC_URL, DATABASE_URL, SMTP_URL, PUBLIC_URL,
# JWT_SECRET and MASTER_KEY (README, "Production guide"); NODE_ENV=production refuses to start without them.
#   docker build -t tranche .
#   docker run -p 3000:3000 --env-file tranche.env tranche

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
# The bootstrap installs the pinned pnpm into .tools/ with npm, then the workspace from the lockfile (frozen).
RUN npm run setup \
 && node scripts/tranche.mjs exec pnpm --filter @tranche/console build

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    SHUTDOWN_GRACE_S=10
RUN groupadd --system --gid 10001 tranche \
 && useradd --system --uid 10001 --gid tranche --home-dir /app --shell /usr/sbin/nologin tranche \
 && mkdir -p /data && chown tranche:tranche /data
WORKDIR /app
# The server runs its TypeScript through tsx: the workspace with its installed dependencies and the built console.
COPY --from=build --chown=root:root /app /app
USER tranche
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# `pnpm start` of the server package (what npm start runs after its install and build), as PID 1's only child:
# SIGTERM from `docker stop` reaches it and drains requests and jobs within SHUTDOWN_GRACE_S.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "server/src/main.ts"]
