# The standalone Canvass server (@canvass/server) in a container; see docs/container.md. From a clone:
#
#   pnpm install && pnpm image:context && docker build -t canvass .
#
# `pnpm image:context` writes .image/: the server and its production dependencies at the lockfile's versions.
# With podman, build with `--format docker`: the OCI format has no HEALTHCHECK.
#
# NODE_IMAGE: the Node.js 22 image both stages start from. Any such image with `node` on its PATH and a non-root
# user `node` (uid 1000), as the official ones have; e.g. a copy in a registry of your own:
# `--build-arg NODE_IMAGE=registry.example.com/node:22-bookworm-slim`.
ARG NODE_IMAGE=node:22-bookworm-slim

# The build stage runs what .image/ holds once on this Node.js (a missing or broken context fails here, with the
# reason), and makes the data folder. Only exec-form steps, so that a base without a shell serves too.
FROM ${NODE_IMAGE} AS build
COPY .image/ /app/
RUN ["node", "/app/dist/cli.js", "--version"]
RUN ["node", "-e", "require('node:fs').mkdirSync('/data/uploads', { recursive: true })"]

FROM ${NODE_IMAGE}
# The server, owned by root: the user it runs as cannot change its code.
COPY --from=build /app /app
# The data folder, the server's user's own: the embedded database (pgdata), the generated secret (secret) and
# uploaded files (uploads). A new named volume mounted there, or at /data/uploads, starts as a copy of it.
COPY --from=build --chown=node:node /data /data
ENV DATA_DIR=/data PORT=3000
WORKDIR /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Liveness: the process answers. Node's own fetch, since slim images have no curl.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health/live', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: Node is process 1 and gets SIGTERM itself (it drains, then exits 0; docs/deploying.md). Any other
# command of the CLI runs in place of `start`: `docker run --rm canvass migrate`.
ENTRYPOINT ["node", "/app/dist/cli.js"]
CMD ["start"]
