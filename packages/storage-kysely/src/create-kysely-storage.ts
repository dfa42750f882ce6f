import { createSummaryKeeping } from './responses/summary-keeping'
import type {
  AuditLogReports,
  ConsoleAccountStore,
  MailStore,
  ContactReports,
  ContactStore,
  ReportingStorage,
  ResponseReports,
  ResponseStore,
  Storage,
  QuotaStore,
  TimeSeriesReports,
  WebhookDeliveryStore,
  WebhookStore,
} from '@canvass/core'
import { createId } from '@canvass/core'
import type { Kysely } from 'kysely'
import { createActionClassStore } from './stores/action-class-store'
import { createApiKeyStore } from './stores/api-key-store'
import { createConsoleAccountStore } from './stores/console-account-store'
import { createAuditLogStore } from './stores/audit-log-store'
import { withUnavailableErrors } from './postgres/connection-error'
import { createAttributeClassStore } from './stores/attribute-class-store'
import { createBlobDeletionStore } from './stores/blob-deletion-store'
import { createSegmentStore } from './stores/segment-store'
import { createTagStore } from './stores/tag-store'
import { createResponseWorkStore } from './stores/response-work-store'
import { createQuotaStore } from './stores/quota-store'
import { createContactAttributeKeyStore } from './stores/contact-attribute-key-store'
import { createContactStore } from './stores/contact-store'
import { createClientContactStore } from './stores/client-contact-store'
import { createDisplayStore } from './stores/display-store'
import { createIdempotencyStore } from './stores/idempotency-store'
import { createImportStore } from './stores/import-store'
import { createMailStore } from './stores/mail-store'
import { createEnvironmentStateStore } from './stores/environment-state-store'
import type { Database } from './postgres/database'
import { createDeliveryNotifier } from './webhooks/delivery-notifier'
import { createWebhookPresence, withDeliveryWakeups } from './webhooks/delivery-wakeups'
import { createEnvironmentStore } from './stores/environment-store'
import { createProjectStore } from './stores/project-store'
import type { AnyDatabase, ReplicaReads } from './postgres/replica-reads'
import type { ResponseBatchOptions } from './responses/response-batch'
import { createResponseStore } from './responses/response-store'
import { createTimeSeriesReports } from './sql/response-time-series-sql'
import { createSurveyWriteFacts } from './responses/survey-write-facts'
import { createRetentionStore } from './responses/retention-store'
import { schemaNames } from './postgres/schema-names'
import { createSurveyStore } from './stores/survey-store'
import { createUploadStore } from './stores/upload-store'
import { createWebhookDeliveryStore } from './webhooks/webhook-delivery-store'
import { createWebhookStore } from './webhooks/webhook-store'

export interface KyselyStorageOptions<DB = unknown> {
  /**
   * A ready Kysely instance on Postgres (`PostgresDialect` with a `pg` pool, or `PGliteDialect`), migrated
   * with `migrate(db)`. Its database type does not matter: the storage uses its own view of the tables.
   * The storage never destroys it.
   */
  db: Kysely<DB>
  /**
   * The Postgres schema that holds Canvass's tables; the same one `migrate(db, { schema })` was given.
   * Every statement names it, so the application's own tables in other schemas are never touched.
   * @default 'canvass'
   */
  schema?: string
  /**
   * Concurrent response creates without `userId` or `singleUseId` are written together, one multi-row
   * statement (one round trip, one commit) per batch; each is answered once its own row committed, with its
   * own outcome. A create that arrives while no batch is in flight is written at once. `false` writes each
   * create with its own statement.
   * @default { maxSize: 256, maxWaitMs: 5, maxInFlight: 1 }
   */
  responseBatch?: ResponseBatchOptions | false
  /**
   * The database runs one statement at a time for every caller, as embedded PGlite does: a long read (a survey's
   * summary) is then made of short statements one after the other, so that another caller's statement waits for
   * at most one of them, rather than of statements side by side on connections of their own. Say so for a
   * dialect that hands out many connections to one such database.
   * @default true for a dialect of one connection (Kysely's `PGliteDialect`), else false
   */
  oneStatementAtATime?: boolean
  /**
   * Streaming replicas of `db` (`createReplicaReads({ primary: db, databases })`) for the reads that tolerate a
   * little lag: lists and counts of responses and contacts, survey summaries, exports, shared results and the
   * audit log. Every write, and every read that must see a write just made (a response or survey by id,
   * idempotent replays, quotas, `autoComplete`, keys, environment state), stays on `db`. The storage's
   * `laggingReads` then says so: core reads on `db` for a caller that has just written, and for data-rights
   * exports. Refused for a dialect of one connection (PGlite), which has no replicas.
   */
  replicas?: ReplicaReads
  /**
   * A survey's summary adds up the sums kept for its closed periods (`summary-parts.ts`); false reads every
   * response each time, as a check of those sums does.
   * @default true
   */
  summaryParts?: boolean
  /**
   * Whether a session lock holds from one statement to the next; false through PgBouncer in transaction mode,
   * where the survey summary's keepers then do not take turns (`summary-keeping.ts`).
   * @default true
   */
  sessionLocks?: boolean
}

/**
 * What `createKyselyStorage` makes: a `Storage` with both optional ports, reporting and the console's accounts,
 * and every optional group always there.
 */
export type KyselyStorage = Storage & {
  reporting: ReportingStorage & { timeSeries: TimeSeriesReports }
  consoleAccounts: ConsoleAccountStore
} & KeepsHooks &
  UpkeepGroups

/** The optional webhook and quota groups of the storage port, which this adapter always gives. */
type KeepsHooks = { webhooks: WebhookStore; webhookDeliveries: WebhookDeliveryStore; quotas: QuotaStore }

/** The upkeep groups (`imports`, `retention`, `blobDeletions`) and `responseWork`, which this storage always has. */
type UpkeepGroups = Required<Pick<Storage, 'imports' | 'retention' | 'blobDeletions' | 'responseWork'>> & { mail: MailStore }

/**
 * The Canvass storage port on Postgres through Kysely, with the optional reporting and console-accounts ports.
 * Every method is one statement or one transaction; response create is one round trip.
 *
 * ```ts
 * const db = new Kysely({ dialect: new PGliteDialect({ pglite: new PGlite() }) })
 * await migrate(db)
 * const canvass = createCanvass({ storage: createKyselyStorage({ db }) })
 * ```
 */
export function createKyselyStorage<DB = unknown>({
  db,
  schema,
  responseBatch,
  oneStatementAtATime,
  replicas,
  summaryParts,
  sessionLocks,
}: KyselyStorageOptions<DB>): KyselyStorage {
  const names = schemaNames(schema)
  // The caller's type for its own database says nothing about Canvass's tables; this one does.
  const canvassDb = (db as unknown as Kysely<Database>).withSchema(names.schema)
  const deliveryNotifier = createDeliveryNotifier()
  const webhookPresence = createWebhookPresence(canvassDb)
  // What response and display writes are decided from (read through `responses`), kept by survey version.
  const surveyFacts = createSurveyWriteFacts(canvassDb)
  const serial = oneStatementAtATime ?? db.getExecutor().adapter.supportsMultipleConnections === false
  const responses = createResponseStore(canvassDb, names, surveyFacts, {
    batch: responseBatch,
    oneStatementAtATime: serial,
    summaryParts: summaryParts === false ? false : canvassDb,
  })
  const surveys = createSurveyStore(canvassDb, names)
  const quotas = createQuotaStore(canvassDb, names)
  const contacts = createContactStore(canvassDb, names)
  const auditLog = createAuditLogStore(canvassDb)
  const storage: KyselyStorage = {
    projects: createProjectStore(canvassDb),
    environments: createEnvironmentStore(canvassDb),
    apiKeys: createApiKeyStore(canvassDb),
    surveys,
    responses: withDeliveryWakeups(responses, webhookPresence, deliveryNotifier),
    webhooks: createWebhookStore(canvassDb, webhookPresence),
    webhookDeliveries: createWebhookDeliveryStore(canvassDb, names, deliveryNotifier),
    attributeClasses: createAttributeClassStore(canvassDb),
    segments: createSegmentStore(canvassDb),
    tags: createTagStore(canvassDb),
    responseWork: createResponseWorkStore(canvassDb),
    quotas,
    actionClasses: createActionClassStore(canvassDb),
    contactAttributeKeys: createContactAttributeKeyStore(canvassDb),
    contacts,
    displays: createDisplayStore(canvassDb, names),
    idempotency: createIdempotencyStore(canvassDb, names),
    blobDeletions: createBlobDeletionStore(canvassDb, names),
    imports: createImportStore(canvassDb, createId),
    auditLog,
    clientContacts: createClientContactStore(canvassDb, names),
    environmentState: createEnvironmentStateStore(canvassDb),
    uploads: createUploadStore(canvassDb),
    retention: createRetentionStore(canvassDb, names),
    consoleAccounts: createConsoleAccountStore(canvassDb),
    mail: createMailStore(canvassDb, names),
    // The reports read the same stores (a report writes nothing, so it needs no delivery wakeups).
    reporting: {
      responses,
      contacts,
      quotas,
      surveys,
      auditLog,
      timeSeries: createTimeSeriesReports(canvassDb, names),
      ...(summaryParts === false ? {} : { summaryParts: createSummaryKeeping(canvassDb, names, serial, sessionLocks) }),
    },
    async ping() {
      try {
        await canvassDb.selectNoFrom((eb) => eb.lit(1).as('one')).execute()
        return true
      } catch {
        return false
      }
    },
  }
  // A database that cannot be reached answers 503, not 500 (storage port rules).
  return withUnavailableErrors(
    replicas ? withReplicaReads(storage, replicas, db, names, surveyFacts, serial, summaryParts === false ? false : canvassDb) : storage,
  )
}

/**
 * `storage` with its lag-tolerant reads sent through `replicas`: the same stores, made on each replica, answer
 * them. Only reads are ever called on a replica's stores.
 */
function withReplicaReads(
  storage: KyselyStorage,
  replicas: ReplicaReads,
  db: AnyDatabase,
  names: ReturnType<typeof schemaNames>,
  surveyFacts: ReturnType<typeof createSurveyWriteFacts>,
  oneStatementAtATime: boolean,
  summaryParts: Kysely<Database> | false,
): KyselyStorage {
  if (replicas.primary !== db) throw new Error('createKyselyStorage: replicas must be made with the same db as primary')
  if (db.getExecutor().adapter.supportsMultipleConnections === false) {
    throw new Error('createKyselyStorage: read replicas need a Postgres server; a dialect of one connection (PGlite) has none')
  }
  const readers = new Map<AnyDatabase, LagTolerantReaders>()
  const { reporting } = storage
  readers.set(db, {
    responses: { ...reporting.responses, list: storage.responses.list },
    contacts: { ...reporting.contacts, list: storage.contacts.list },
    auditLog: reporting.auditLog,
    timeSeries: reporting.timeSeries,
  })
  for (const replica of replicas.databases) {
    const canvassDb = (replica as unknown as Kysely<Database>).withSchema(names.schema)
    readers.set(replica, {
      // A summary read on a replica keeps the sums of its closed periods on the primary (a replica takes no write).
      responses: createResponseStore(canvassDb, names, surveyFacts, { batch: false, oneStatementAtATime, summaryParts }),
      contacts: createContactStore(canvassDb, names),
      auditLog: createAuditLogStore(canvassDb),
      timeSeries: createTimeSeriesReports(canvassDb, names),
    })
  }
  const on = <T>(read: (stores: LagTolerantReaders) => Promise<T>) =>
    replicas.run((target) => read(readers.get(target) as LagTolerantReaders))
  return {
    ...storage,
    responses: { ...storage.responses, list: (...args) => on((s) => s.responses.list(...args)) },
    contacts: { ...storage.contacts, list: (...args) => on((s) => s.contacts.list(...args)) },
    reporting: {
      ...storage.reporting,
      responses: {
        count: (...args) => on((s) => s.responses.count(...args)),
        listForExport: (...args) => on((s) => s.responses.listForExport(...args)),
        summarize: (...args) => on((s) => s.responses.summarize(...args)),
        listAnswers: (...args) => on((s) => s.responses.listAnswers(...args)),
      },
      contacts: { ...storage.reporting.contacts, count: (...args) => on((s) => s.contacts.count(...args)) },
      auditLog: { list: (...args) => on((s) => s.auditLog.list(...args)) },
      timeSeries: { countByPeriod: (...args) => on((s) => s.timeSeries.countByPeriod(...args)) },
    },
    laggingReads: { primary: storage, staleForMs: replicas.staleForMs },
  }
}

/** The stores whose lag-tolerant reads a replica may answer, made on one database. */
interface LagTolerantReaders {
  responses: Pick<ResponseStore, 'list'> & ResponseReports
  contacts: Pick<ContactStore, 'list'> & ContactReports
  auditLog: AuditLogReports
  timeSeries: TimeSeriesReports
}
