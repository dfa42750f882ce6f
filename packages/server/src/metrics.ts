import type {
  AuditFailureObservation,
  BlobJanitorReport,
  CanvassHealth,
  DeliveryBacklog,
  DeliveryStanding,
  RateLimitObservation,
  RequestObservation,
  RetentionObservation,
  WebhookAttemptObservation,
} from '@canvass/core'
import type * as PromClient from 'prom-client'
import type { Registry } from 'prom-client'
import type { ReplicaStats } from '@canvass/storage-kysely'
import type { DatabaseHooks } from './database'
import { webhookSeries } from './metrics-webhooks'

/** The counts of a `pg` pool that a scrape reads. */
export interface PoolCounts {
  totalCount: number
  idleCount: number
  waitingCount: number
}

/** The standalone server's Prometheus series, fed by Canvass's hooks (`observe`) and read by a scrape. */
export interface Metrics {
  /** Counts an answer: Canvass's `observe.request`, and the server's own (`/health`, `/metrics`). */
  request(event: RequestObservation): void
  /** Canvass's `observe.rateLimited`. */
  rateLimited(event: RateLimitObservation): void
  /** The dispatcher's `observe.attempt`. */
  attempt(event: WebhookAttemptObservation): void
  /** Canvass's `observe.auditFailed`: a write answered without its audit entry. */
  auditFailed(event: AuditFailureObservation): void
  /** The retention worker's `observe.retention`: one event per run this process made. */
  retention(event: RetentionObservation): void
  /** For `openDatabase`: each checkout of a pooled connection and each connection error (Postgres only). */
  database: Pick<DatabaseHooks, 'onCheckout' | 'onError'>
  /** The blob janitor's `observe.run`. */
  blobJanitorRun(event: BlobJanitorReport): void
  /**
   * What each scrape reads when it comes: the outbox's backlog, the blob deletions waiting and, on Postgres, the
   * pool's counts.
   */
  readOnScrape(sources: {
    backlog: (now: Date) => Promise<DeliveryBacklog>
    blobDeletions?: () => Promise<number>
    /** Canvass's `health()`: whether deliveries wait too long, and whether any is being sent. */
    health?: () => Promise<CanvassHealth>
    /** The outbox's standing: what is being sent, and the webhooks whose deliveries wait longest. */
    standing?: (now: Date, limit: number) => Promise<DeliveryStanding>
    pool?: PoolCounts | undefined
    /** The read replicas' standing (`DATABASE_READ_URL`), from `createReplicaReads`. */
    replicas?: () => ReplicaStats
  }): void
  /** Every series, in Prometheus's text format. */
  scrape(): Promise<{ contentType: string; body: string }>
}

/**
 * The series (docs/deploying.md lists them): the version that runs; requests by route, method and status with their latency; rate
 * limit refusals; webhook attempts by outcome with their latency and the outbox's backlog; what the retention
 * worker deleted; on a Postgres server (`postgres`) the pool's connections, waits and errors; with read
 * replicas (`replicas`) each replica's standing and where lag-tolerant reads went; and prom-client's process and
 * Node.js series (memory, CPU, event loop lag, garbage collection).
 */
export async function createMetrics(options: { postgres: boolean; replicas?: boolean; version: string }): Promise<Metrics> {
  // Loaded only where metrics are configured: a server without them does not hold prom-client's code.
  const loaded: unknown = await import('prom-client')
  // A CommonJS module: Node names its exports, the bundle's chunk of it has them as `default` alone.
  const client = ((loaded as { default?: typeof PromClient }).default ?? loaded) as typeof PromClient
  const { Registry, collectDefaultMetrics } = client
  const registers = [new Registry()]
  const [registry] = registers as [Registry]
  collectDefaultMetrics({ register: registry })
  // The Prometheus way to say which release runs: a series of value 1 whose label is the version.
  new client.Gauge({
    name: 'canvass_build_info',
    help: 'Always 1; its label `version` is the version of @canvass/server that this process runs.',
    labelNames: ['version'] as const,
    registers,
  }).set({ version: options.version }, 1)

  const http = httpSeries(client, registers)
  const webhooks = webhookSeries(client, registers)
  const upkeep = upkeepSeries(client, registers)
  const pool = options.postgres ? poolSeries(client, registers) : undefined

  let sources: Parameters<Metrics['readOnScrape']>[0] | undefined
  const replicas = options.replicas ? replicaSeries(client, registers) : undefined

  return {
    request(event) {
      const route = event.route ?? 'unmatched'
      http.requests.inc({ route, method: event.method, status: String(event.status) })
      http.requestSeconds.observe({ route, method: event.method }, event.durationMs / 1000)
    },
    rateLimited(event) {
      http.rateLimited.inc({ rule: event.rule })
    },
    auditFailed() {
      http.auditFailures.inc()
    },
    attempt(event) {
      webhooks.deliveries.inc({ outcome: event.outcome })
      webhooks.attemptSeconds.observe({ outcome: event.outcome }, event.durationMs / 1000)
    },
    blobJanitorRun(event) {
      upkeep.blobDeletions.inc({ outcome: 'deleted' }, event.deleted)
      upkeep.blobDeletions.inc({ outcome: 'failed' }, event.failed)
    },
    retention(event) {
      upkeep.retained.inc({ kind: 'responses' }, event.responses)
      upkeep.retained.inc({ kind: 'displays' }, event.displays)
      upkeep.retained.inc({ kind: 'files' }, event.files)
    },
    database: {
      onCheckout: (seconds) => pool?.waitSeconds.observe(seconds),
      onError: (kind) => pool?.errors.inc({ kind }),
    },
    readOnScrape(given) {
      sources = given
    },
    async scrape() {
      if (sources) {
        await webhooks.read(sources)
        if (sources.blobDeletions) upkeep.blobDeletionsPending.set(await sources.blobDeletions().catch(() => Number.NaN))
        if (pool && sources.pool) pool.read(sources.pool)
        if (replicas && sources.replicas) replicas.read(sources.replicas())
      }
      return { contentType: registry.contentType, body: await registry.metrics() }
    },
  }
}

/** Answers by route, method and status with their latency, rate limit refusals, and audit log failures. */
function httpSeries(client: typeof import('prom-client'), registers: Registry[]) {
  const { Counter, Histogram } = client
  const requests = new Counter({
    name: 'canvass_http_requests_total',
    help: 'Answers given, by route pattern (unmatched: no route has the path), method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  })
  const requestSeconds = new Histogram({
    name: 'canvass_http_request_duration_seconds',
    help: 'Time from a request to its answer, by route pattern and method.',
    labelNames: ['route', 'method'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  const rateLimited = new Counter({
    name: 'canvass_rate_limited_total',
    help: 'Requests refused with 429, by the limit that refused them (address, client, environment, management).',
    labelNames: ['rule'] as const,
    registers,
  })
  const auditFailures = new Counter({
    name: 'canvass_audit_log_failures_total',
    help: 'Management writes answered without their audit log entry (the append failed).',
    registers,
  })
  for (const rule of ['address', 'client', 'environment', 'management', 'share']) rateLimited.inc({ rule }, 0)
  return { requests, requestSeconds, rateLimited, auditFailures }
}

/** The background upkeep's series: the blob janitor's deletions and what waits for it, and what retention deleted. */
function upkeepSeries(client: typeof import('prom-client'), registers: Registry[]) {
  const { Counter, Gauge } = client
  const blobDeletions = new Counter({
    name: 'canvass_blob_deletions_total',
    help: 'Uploaded files the blob janitor of this process removed from the blob store (deleted) or failed to remove (failed: tried again later).',
    labelNames: ['outcome'] as const,
    registers,
  })
  const blobDeletionsPending = new Gauge({
    name: 'canvass_blob_deletions_pending',
    help: 'Uploaded files of erased or deleted responses waiting to be removed from the blob store, over the whole database.',
    registers,
  })
  const retained = new Counter({
    name: 'canvass_retention_deleted_total',
    help: 'Rows the retention worker of this process deleted because they were older than their limit, by kind: responses, displays, files (recorded for deletion from the blob store).',
    labelNames: ['kind'] as const,
    registers,
  })
  for (const outcome of ['deleted', 'failed']) blobDeletions.inc({ outcome }, 0)
  for (const kind of ['responses', 'displays', 'files']) retained.inc({ kind }, 0)
  return { blobDeletions, blobDeletionsPending, retained }
}

/**
 * The read replicas' series (`DATABASE_READ_URL`, docs/replicas.md), by replica (its host, port and database):
 * whether it is up, how far behind it was at its last probe, whether reads go to it; and the reads that could
 * go to a replica, by where they went and why.
 */
function replicaSeries(client: typeof import('prom-client'), registers: Registry[]) {
  const { Counter, Gauge } = client
  const up = new Gauge({
    name: 'canvass_db_replica_up',
    help: 'Per read replica: 1 when its last probe (every second) succeeded, else 0.',
    labelNames: ['replica'] as const,
    registers,
  })
  const lag = new Gauge({
    name: 'canvass_db_replica_lag_seconds',
    help: 'Per read replica: how far behind the primary it was at its last probe (0 when caught up; NaN when down).',
    labelNames: ['replica'] as const,
    registers,
  })
  const used = new Gauge({
    name: 'canvass_db_replica_used',
    help: 'Per read replica: 1 when reads go to it (up and within DATABASE_READ_MAX_LAG_MS), else 0.',
    labelNames: ['replica'] as const,
    registers,
  })
  const reads = new Counter({
    name: 'canvass_db_replica_reads_total',
    help: 'Reads that tolerate lag, by target (replica, primary) and reason: replica (a replica answered), down (no replica up), lagging (every replica up was too far behind), retried (the replica failed under the read; the primary answered it).',
    labelNames: ['target', 'reason'] as const,
    registers,
  })
  // Counters only go up: each scrape adds what the router counted since the one before.
  const counted = new Map<string, number>()
  const add = (target: string, reason: string, total: number) => {
    const key = `${target}/${reason}`
    const delta = total - (counted.get(key) ?? 0)
    counted.set(key, total)
    reads.inc({ target, reason }, Math.max(0, delta))
  }
  return {
    read(stats: ReplicaStats) {
      for (const replica of stats.replicas) {
        up.set({ replica: replica.name }, replica.up ? 1 : 0)
        lag.set({ replica: replica.name }, replica.lagSeconds ?? Number.NaN)
        used.set({ replica: replica.name }, replica.used ? 1 : 0)
      }
      add(
        'replica',
        'replica',
        stats.replicas.reduce((sum, replica) => sum + replica.reads, 0),
      )
      for (const [reason, total] of Object.entries(stats.primaryReads)) add('primary', reason, total)
    },
  }
}

/** The pool's series, on a Postgres server: PGlite runs in the process, on one connection that never waits or breaks. */
function poolSeries(client: typeof import('prom-client'), registers: Registry[]) {
  const { Counter, Gauge, Histogram } = client
  const connections = new Gauge({ name: 'canvass_db_pool_connections', help: 'Connections the pool holds, busy and idle.', registers })
  const idle = new Gauge({ name: 'canvass_db_pool_idle_connections', help: 'Connections the pool holds that are idle.', registers })
  const waiting = new Gauge({ name: 'canvass_db_pool_waiting', help: 'Queries waiting for a connection at the scrape.', registers })
  const waitSeconds = new Histogram({
    name: 'canvass_db_pool_wait_seconds',
    help: 'Time each checkout waited for a connection (one per query or transaction).',
    buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers,
  })
  const errors = new Counter({
    name: 'canvass_db_pool_errors_total',
    help: 'Connection errors: connect (a checkout got no connection: the server is away or none came free in time), lost (an open connection broke).',
    labelNames: ['kind'] as const,
    registers,
  })
  errors.inc({ kind: 'connect' }, 0)
  errors.inc({ kind: 'lost' }, 0)
  return {
    waitSeconds,
    errors,
    read(counts: PoolCounts) {
      connections.set(counts.totalCount)
      idle.set(counts.idleCount)
      waiting.set(counts.waitingCount)
    },
  }
}
