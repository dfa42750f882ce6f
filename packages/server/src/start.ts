/**
 * The standalone Canvass server (`canvass start`, `pnpm start`): embedded Postgres by default, migrations on start,
 * first-start bootstrap, `GET /health`, `/health/live` and `/health/ready`, Prometheus metrics and JSON logs when
 * configured. Settings come from environment variables; see the README.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { createCanvass, withOutboxExpansion } from '@canvass/core'
import type { Canvass, ConnectionInfo, RequestObservation } from '@canvass/core'
import type { Kysely } from 'kysely'
import { createSmtpMailTransport, serve } from '@canvass/host-node'
import { createKyselyStorage, createReplicaReads, migrate, postgresSettingWarnings } from '@canvass/storage-kysely'
import type { ReplicaReads } from '@canvass/storage-kysely'
import { readConsoleBundle } from '@canvass/console'
import { readEditorBundle } from '@canvass/editor'
import { readWidgetBundles } from '@canvass/widget'
import { bootstrap, firstRequestLine } from './bootstrap'
import { openBlobStore } from './blob-store'
import { consoleCookiesLine, serverCanvassOptions } from './canvass-options'
import { checkConfig } from './check-config'
import type { StandaloneConfig } from './config'
import { runConsoleCommand } from './console-commands'
import { answerLockCommands } from './data-dir-lock'
import { firstOwnerLines, firstOwnerLink } from './first-owner'
import { openDatabase, openReadReplicas } from './database'
import { BACKGROUND_LANE, enterLane, inLane, laneOfRequest } from './database-lanes'
import { startEmbeddedUpkeep } from './embedded-upkeep'
import { docsAnswer, isDocsRequest, readDocsPages } from './docs-pages'
import { embeddedHealth } from './embedded-health'
import { healthAnswer } from './health'
import { homePage, isRootUrl } from './home-page'
import { createLog } from './log'
import type { StandaloneLog } from './log'
import { createMetrics } from './metrics'
import type { Metrics } from './metrics'
import { metricsEndpoint, serveMetrics } from './metrics-endpoint'
import { liveAnswer, readyAnswer, schemaCheck } from './readiness'
import { loadSecret } from './secret'
import { readServerArguments, unknownArgumentsLine, usage } from './server-arguments'
import { namedAsGiven, withSettings } from './setting-options'
import { withStartupLock } from './startup-lock'
import { SERVER_VERSION } from './server-version'
import { startTelemetry } from './telemetry'
import { whereInstalled } from './where-installed'
import type { Installation } from './where-installed'

/**
 * Runs the standalone server until SIGTERM or SIGINT, as `canvass start` and `pnpm start` do: `argv` takes
 * `--help` and the options that stand for `DATA_DIR`, `DATABASE_URL` and `PUBLIC_URL` (the other settings are
 * environment variables; see docs/configuration.md). A setting that is wrong, or a database that cannot be
 * opened, is one line on stderr and exit code 1.
 */
export async function start(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const installation = whereInstalled()
  const args = readServerArguments([...argv])
  const refusal = args.problem ?? (args.unknown.length > 0 ? unknownArgumentsLine(args.unknown, installation) : undefined)
  if (refusal !== undefined || args.help) {
    if (refusal !== undefined) console.error(`Canvass could not start: ${refusal}`)
    if (args.help) process.stdout.write(usage(installation))
    process.exitCode = refusal !== undefined ? 1 : 0
    return
  }
  try {
    await main(withSettings(process.env, args.settings), installation)
  } catch (error) {
    // Configuration and connection problems are the operator's to fix: say what failed, without a stack trace.
    console.error(`Canvass could not start: ${namedAsGiven(error instanceof Error ? error.message : String(error), args.settings)}`)
    process.exit(1)
  }
}

async function main(env: NodeJS.ProcessEnv, installation: Installation): Promise<void> {
  // Every setting is checked before anything starts, so that a wrong one is one line naming it.
  const config = await checkConfig(env)
  const telemetry = await startTelemetry(config.telemetry, SERVER_VERSION)
  boundHeapGrowth()
  const lean = config.databaseUrl === undefined && !config.pgliteOptimize
  if (lean) leanStart()
  const log = createLog(config.log)
  // Only where a setting says: a listener of their own (CANVASS_METRICS_PORT), or behind a token.
  const metrics =
    config.metricsPort !== undefined || config.metricsToken !== undefined
      ? await createMetrics({
          postgres: config.databaseUrl !== undefined,
          replicas: config.readDatabaseUrls.length > 0,
          version: SERVER_VERSION,
        })
      : undefined
  // Generated now so that it stays the same across restarts once signed uploads use it.
  const secret = await loadSecret(config.secret, config.dataDir)
  const blobs = openBlobStore(env, config.dataDir, env.INIT_CWD ?? process.cwd())
  const { db, description, pool, oneStatementAtATime, alive, settle } = await openDatabase(config, {
    logError: (message) => log.error(message),
    ...metrics?.database,
  })
  await migrate(db, { sessionLocks: !config.databasePgbouncer })
  // A Postgres server of the operator's: settings Canvass relies on, said once, at the start.
  if (config.databaseUrl) for (const warning of await postgresSettingWarnings(db)) log.warn(warning)
  // Streaming replicas for the reads that tolerate a little lag (docs/replicas.md); one that is down or behind is
  // skipped, never a reason not to start.
  const { replicas, replicaReads } = await readReplicas(config, db, log)
  // Wrapped here rather than only inside `createCanvass` (`standaloneStorage`).
  const storage = standaloneStorage(config, db, oneStatementAtATime, replicaReads)
  const onRequest = allOf([metrics?.request, log.request, telemetry?.onRequest])
  const consoleBundle = config.console ? await readConsoleBundle() : undefined
  const canvass = createCanvass({
    ...serverCanvassOptions(config, {
      db,
      storage,
      secret,
      blobStore: blobs.blobStore,
      metrics,
      consoleBundle,
      ...(config.smtpUrl ? { mailTransport: createSmtpMailTransport({ url: config.smtpUrl }) } : {}),
    }),
    // Read here rather than at the first request, so that a copy without the built bundles fails at start. The
    // API reference's viewer (~1 MB, from the same build) is read from the package at its first request.
    widget: await readWidgetBundles(),
    // The survey editor's module, served at /js/editor.js for pages that embed it (docs/editor.md).
    editor: await readEditorBundle(),
    logger: log,
    observe: { request: onRequest, rateLimited: metrics?.rateLimited, auditFailed: metrics?.auditFailed },
  })
  metrics?.readOnScrape({
    backlog: (now) => storage.webhookDeliveries.backlog(now),
    standing: (now, limit) => storage.webhookDeliveries.standing(now, limit),
    blobDeletions: () => storage.blobDeletions.pending(),
    health: () => canvass.health(),
    pool,
    ...(replicaReads ? { replicas: () => replicaReads.stats() } : {}),
  })
  // The embedded database's autovacuum, which PGlite lacks.
  const upkeep = oneStatementAtATime
    ? startEmbeddedUpkeep(db, { onError: (error) => log.error('Canvass: the embedded database upkeep failed', error) })
    : undefined
  const firstStart = async () => {
    const started = await bootstrap(canvass, config, (line) => console.log(line))
    // A console without people yet: a one-time link for its first owner, printed once the server listens.
    return { ...started, firstOwner: config.console ? await firstOwnerLink(canvass, db) : undefined }
  }
  // Instances on one Postgres server may start together; an embedded database has one process already.
  const { printedKey, firstOwner } = await (config.databaseUrl ? withStartupLock(db, firstStart, !config.databasePgbouncer) : firstStart())

  const { route, metricsServer, onDrain } = await serverAnswers({ canvass, db, config, installation, metrics, onRequest, alive, log })

  if (lean) {
    await settle?.()
    settleHeap()
  }
  const { url } = await serve({
    port: config.port,
    hostname: config.host,
    // CORS preflights of client routes are answered without building a Request and a Response.
    preflight: canvass.preflight,
    onError: (error) => log.error('Canvass: the fetch handler failed', error),
    // `fetch` wraps Canvass's: the instance whose background work the server starts and stops is named.
    lifecycle: canvass,
    // On SIGTERM, /health/ready answers 503 at once and the server serves on for the drain (docs/deploying.md).
    drainMs: config.drainSeconds * 1000,
    onDrain,
    fetch: oneStatementAtATime
      ? (request, info) => enterLane(laneOfRequest(request, info?.clientAddress), () => route(request, info))
      : route,
    onShutdown: async () => {
      await metricsServer?.close()
      await upkeep?.stop()
      replicaReads?.close()
      await Promise.all([...(replicas?.databases ?? []), db].map((database) => database.destroy()))
      await telemetry?.shutdown()
    },
  })
  if (lean) leanStartDone()
  if (metricsServer) console.log(`Canvass metrics at ${metricsServer.url}/metrics`)
  const readsOn = replicas
    ? `; lag-tolerant reads on ${replicas.names.length === 1 ? 'a replica' : `${replicas.names.length} replicas`}`
    : ''
  console.log(`Canvass listening on ${url} (${description}${readsOn}; ${blobs.description})`)
  if (printedKey) console.log(firstRequestLine(config.publicUrl ?? url, printedKey))
  for (const line of firstOwnerLines(firstOwner, config.publicUrl ?? url)) console.log(line)
  const cookiesLine = consoleCookiesLine(config)
  if (cookiesLine) console.log(cookiesLine)
  // `canvass users add` and `canvass console-link` while this server holds the embedded database: they send
  // their command through its lock socket (data-dir-lock.ts), and it runs here.
  if (!config.databaseUrl) {
    const publicUrl = config.publicUrl ?? url
    answerLockCommands(async (command) => {
      const answer = await runConsoleCommand({ admin: canvass.admin, storage }, command)
      return answer.ok ? { ok: true, result: { ...(answer.result as object), publicUrl } } : answer
    })
  }
}

/** Canvass's storage on `db`, wrapped so that the metrics' `standing` reads the outbox as core made it. */
function standaloneStorage(
  config: StandaloneConfig,
  db: Kysely<unknown>,
  oneStatementAtATime: boolean | undefined,
  replicaReads: ReplicaReads | undefined,
) {
  const sessionLocks = !config.databasePgbouncer
  return withOutboxExpansion(
    createKyselyStorage({ db, oneStatementAtATime, sessionLocks, ...(replicaReads && { replicas: replicaReads }) }),
  )
}

/**
 * Streaming replicas for the reads that tolerate a little lag (docs/replicas.md), probed once: one that is down
 * or behind is said, and skipped until it can be used.
 */
async function readReplicas(config: StandaloneConfig, db: Kysely<unknown>, log: StandaloneLog) {
  const replicas =
    config.readDatabaseUrls.length > 0
      ? await openReadReplicas(
          config.readDatabaseUrls,
          { logError: (message) => log.error(message) },
          config.databasePoolSize,
          config.databasePgbouncer,
          config.telemetry?.traces !== undefined,
        )
      : undefined
  const replicaReads =
    replicas && createReplicaReads({ primary: db, databases: replicas.databases, names: replicas.names, maxLagMs: config.readMaxLagMs })
  if (replicaReads) {
    await replicaReads.probe()
    for (const replica of replicaReads.stats().replicas) {
      if (!replica.up)
        log.warn(
          `Read replica ${replica.name} cannot be used now (down, or not a replica in recovery): the primary answers its reads until it can`,
        )
      else if (!replica.used)
        log.warn(
          `Read replica ${replica.name} is ${replica.lagSeconds} s behind the primary: the primary answers its reads until it catches up`,
        )
    }
  }
  return { replicas, replicaReads }
}

/**
 * The server's own answers beside Canvass's (`/health`, `/health/live`, `/health/ready`, the home page, the docs,
 * `/metrics`), counted and logged as Canvass's are, and the route that picks between them; with the metrics' own
 * listener when a port is set for them, and `onDrain`, which turns `/health/ready` to 503 for good.
 */
async function serverAnswers(parts: {
  canvass: Canvass
  db: Kysely<unknown>
  config: StandaloneConfig
  installation: Installation
  metrics: Metrics | undefined
  onRequest: ((event: RequestObservation) => void) | undefined
  alive: (() => boolean) | undefined
  log: StandaloneLog
}) {
  const { canvass, db, config, installation, metrics, onRequest, alive, log } = parts
  const own = observed(onRequest)
  // On the embedded database /health never waits for a turn on it (embedded-health.ts).
  const healthOf = alive
    ? embeddedHealth({ read: () => canvass.health(), alive, inBackground: (fn) => inLane(BACKGROUND_LANE, fn) })
    : undefined
  await healthOf?.ready()
  const health = own('/health', () => healthAnswer(healthOf ?? canvass))
  const live = own('/health/live', async () => liveAnswer())
  const schema = await schemaCheck(db, alive)
  let draining = false
  const ready = own('/health/ready', () => readyAnswer({ draining: () => draining, schema }))
  const home = own('/', async (request) => homePage(request))
  // The home page links to the docs served here; a copy of `dist` without the repository serves none.
  const pages = await readDocsPages(installation.docsFolder)
  const docs = pages && own('/docs/', async (request) => (await docsAnswer(pages, request)) ?? canvass.fetch(request))
  const answerMetrics = metrics && own('/metrics', metricsEndpoint(metrics, config.metricsToken))
  const metricsServer =
    answerMetrics && config.metricsPort !== undefined
      ? await serveMetrics({
          port: config.metricsPort,
          hostname: config.metricsHost,
          answer: answerMetrics,
          onError: (error) => log.error('Canvass: the metrics listener failed', error),
        })
      : undefined
  // On the public port only behind the token; otherwise /metrics there is a path like any other (404).
  const metricsOnMainPort = config.metricsToken !== undefined ? answerMetrics : undefined

  async function route(request: Request, info?: ConnectionInfo): Promise<Response> {
    // The substring tests first: parsing every request's URL just to spot these paths costs throughput.
    if (request.url.includes('/health')) {
      const { pathname } = new URL(request.url)
      if (pathname === '/health') return health(request, info)
      if (pathname === '/health/ready') return ready(request, info)
      if (pathname === '/health/live') return live(request, info)
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && isRootUrl(request.url)) return home(request, info)
    // A path under /docs/ that names no page is the API's to answer (404).
    if (docs && request.url.includes('/docs/') && isDocsRequest(pages, request)) return docs(request, info)
    if (metricsOnMainPort && request.url.includes('/metrics') && new URL(request.url).pathname === '/metrics') {
      return metricsOnMainPort(request, info)
    }
    return canvass.fetch(request, info)
  }
  const onDrain = () => {
    draining = true
  }
  return { route, metricsServer, onDrain }
}

/**
 * A server that streams (an export of a million responses, pages read and written one after another) promotes
 * a steady trickle of short-lived objects to V8's old generation, which V8 lets grow to several times what is
 * live before it collects it: the server's memory would rise by ~100 MB during an export. Collecting when the
 * old generation is a quarter bigger than what was live keeps that to ~50 MB at most, and costs no measurable
 * throughput (the old generation's collection is mostly concurrent). A `--heap-growing-percent` given on
 * Node's command line is kept (Node refuses it in NODE_OPTIONS).
 */
function boundHeapGrowth(): void {
  const given = process.execArgv.some((flag) => /heap[-_]growing[-_]percent/.test(flag))
  if (!given) setFlagsFromString('--heap-growing-percent=25')
}

/**
 * On the embedded database, the server's memory is mostly PGlite's: its WebAssembly, and what V8 makes of it.
 * V8's optimizing compiler would recompile the hot parts of Postgres in the background, for ~90 MB more
 * resident memory, so the baseline compiler's code is kept (`CANVASS_PGLITE_OPTIMIZE=1` lets V8 optimize, on
 * a machine with memory to spare). And while the server starts (migrations, the first start's setup), V8's
 * young generation is kept at its first size: otherwise it grows to tens of MB for the start's short burst
 * of allocations, and keeps them. Both are V8 flags, set before PGlite compiles its module; the young
 * generation grows as usual once the server listens.
 */
function leanStart(): void {
  setFlagsFromString('--liftoff-only')
  setFlagsFromString('--semi-space-growth-factor=1')
}

function leanStartDone(): void {
  setFlagsFromString('--semi-space-growth-factor=2')
}

/**
 * What the start allocated (PGlite's loading, the migrations, the first start's setup) is garbage once the
 * server is about to listen, but V8 gives the pages it took back only when it sees the process idle, 10-20 s
 * later. One full collection now, of the kind V8 makes under memory pressure, gives them back at once, for
 * ~70 ms before the server listens: an idle server's memory is what it will stay at from its first request.
 * V8's `gc` function is taken from a context made while `--expose-gc` is on, then the flag is turned off again.
 */
function settleHeap(): void {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void
  setFlagsFromString('--no-expose-gc')
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })
}

type Answer = (request: Request, info?: ConnectionInfo) => Promise<Response>

/** Makes an answer of the server's own seen by `onRequest`, under `route`, as Canvass's answers are. */
function observed(onRequest: ((event: RequestObservation) => void) | undefined) {
  return (route: string, answer: (request: Request) => Promise<Response>): Answer => {
    if (onRequest === undefined) return answer
    return async (request, info = {}) => {
      const started = performance.now()
      const response = await answer(request)
      onRequest({
        route,
        method: request.method,
        status: response.status,
        durationMs: performance.now() - started,
        requestId: info.requestId ?? '',
      })
      return response
    }
  }
}

/** One hook that calls each of `hooks` that is there, or undefined when none is. */
function allOf<E>(hooks: ReadonlyArray<((event: E) => void) | undefined>): ((event: E) => void) | undefined {
  const present = hooks.filter((hook) => hook !== undefined)
  if (present.length <= 1) return present[0]
  return (event) => {
    for (const hook of present) hook(event)
  }
}
