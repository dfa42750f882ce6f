import { Migrator } from 'kysely/migration'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Migration, MigrationProvider, MigrationResultSet } from 'kysely/migration'
import { MigrationError, NewerSchemaError } from './migration-error'
import { initial } from './0001-initial'
import { management } from './0003-management'
import { client } from './0004-client'
import { webhooks } from './0005-webhooks'
import { webhookEvents } from './0006-webhook-events'
import { outboxMatching } from './0007-outbox-matching'
import { sequentialEventIds } from './0008-sequential-event-ids'
import { createdEventColumns } from './0009-created-event-columns'
import { dropDuplicateIndex } from './0010-drop-duplicate-index'
import { ascendingListIndexes } from './0011-ascending-list-indexes'
import { attributeValueHash } from './0012-attribute-value-hash'
import { clientCreatedKeys } from './0013-client-created-keys'
import { pendingDeliveriesByWebhook } from './0014-pending-deliveries-by-webhook'
import { segments } from './0015-segments'
import { surveyDisplaySettings } from './0016-survey-display-settings'
import { responsesByUpdate } from './0017-responses-by-update'
import { idempotencyKeys } from './0018-idempotency-keys'
import { oneResponsePerDisplay } from './0019-one-response-per-display'
import { surveyVariables } from './0020-survey-variables'
import { surveyBlocks } from './0021-survey-blocks'
import { quotas } from './0022-quotas'
import { importMappings } from './0023-import-mappings'
import { surveysByShareKey } from './0024-surveys-by-share-key'
import { blobDeletions } from './0025-blob-deletions'
import { auditLog } from './0026-audit-log'
import { responseRetention } from './0027-response-retention'
import { responseUploads } from './0028-response-uploads'
import { idempotencyScopes } from './0029-idempotency-scopes'
import { importMappingsErased } from './0030-import-mappings-erased'
import { eventsWrittenWithResponses } from './0031-events-written-with-responses'
import { responseDataIndex } from './0032-response-data-index'
import { surveyArchive } from './0033-survey-archive'
import { eventSurveyDates } from './0034-event-survey-dates'
import { unscreenedResponses } from './0035-unscreened-responses'
import { projectCustomCss } from './0036-project-custom-css'
import { consoleAccounts } from './0037-console-accounts'
import { partitionedResponses } from './0038-partitioned-responses'
import { summaryParts } from './0039-summary-parts'
import { surveyCustomCss } from './0040-survey-custom-css'
import { consoleEmailsPerProject } from './0041-console-emails-per-project'
import { projectStyling } from './0042-project-styling'
import { consoleMemberships } from './0043-console-memberships'
import { mailOutbox } from './0044-mail-outbox'
import { consoleSessionActivity } from './0045-console-session-activity'
import { consoleLinkMailed } from './0046-console-link-mailed'
import { LOG_TABLE, REQUIRED_TABLE, prepareMigrationTables, requiring } from './migration-tables'
import { moveFromPublicSchema } from './move-from-public'
import { prepareResponsePartitions } from './prepare-partitions'
import { ensureResponsePartitions, monthsAheadOf } from '../responses/partitions'
import { schemaNames } from '../postgres/schema-names'

export interface MigrateOptions {
  /**
   * The Postgres schema for Canvass's tables and its migration bookkeeping; created when missing.
   * @default 'canvass'
   */
  schema?: string
  /**
   * Whether a session lock holds from one statement to the next. False through PgBouncer in transaction mode,
   * which may send each statement to another server connection: then the migrator's lock is taken as a
   * transaction lock inside the migrations' transaction (`migrateInOneTransaction`), and the preparation before
   * `0038-partitioned-responses` (`prepare-partitions.ts`), which takes turns on a session lock, is skipped (the
   * migration then builds those indexes under its lock).
   * @default true
   */
  sessionLocks?: boolean
}

/** The names of the migrations this version runs, in the order it runs them. */
export function migrationNames(): readonly string[] {
  names ??= Object.freeze(Object.keys(written(schemaNames().schema)).sort())
  return names
}

let names: readonly string[] | undefined

/**
 * The last migration written before releases were upgraded while the previous one serves: a version must know
 * each migration up to it to serve the database (`canvass_migration` names them all).
 */
const BEFORE_ROLLING_UPGRADES = '0046-console-link-mailed'

/**
 * The migrations after `BEFORE_ROLLING_UPGRADES` that contract: each drops or narrows what an earlier release
 * still used, and names the migration a version must know to serve after it (the expand step of the release that
 * stopped using it, or a marker migration that release added for the purpose). Versions that do not know that
 * one turn not ready and refuse to start; the previous release, which does, serves on. Every other migration
 * only adds, and the previous release serves beside it (docs/deploying.md, "Upgrading").
 */
const CONTRACTS: Readonly<Record<string, string>> = {}

/** The migrations, each that a version must know recorded as such when it runs (`migration-tables.ts`). */
function migrations(schema: string): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(written(schema)).map(([name, migration]) => {
      const required = name <= BEFORE_ROLLING_UPGRADES ? name : CONTRACTS[name]
      return [name, required === undefined ? migration : requiring(migration, schema, required)]
    }),
  )
}

/**
 * Names sort in the order migrations run; a new migration gets the next number, and is written
 * expand-then-contract (docs/design.md, "Data and ids"): it adds, so that the previous release serves beside it,
 * and what the previous release used is dropped by a later release, named in `CONTRACTS`.
 * A released migration never changes: it imports nothing but `kysely`, and writes out all it runs (the outbox's
 * trigger functions as they were in its day, which a later migration replaces with its own text).
 */
function written(schema: string): Record<string, Migration> {
  return {
    '0001-initial': initial(schema),
    '0003-management': management(schema),
    '0004-client': client(schema),
    '0005-webhooks': webhooks(schema),
    '0006-webhook-events': webhookEvents(schema),
    '0007-outbox-matching': outboxMatching(schema),
    '0008-sequential-event-ids': sequentialEventIds(schema),
    '0009-created-event-columns': createdEventColumns(schema),
    '0010-drop-duplicate-index': dropDuplicateIndex(schema),
    '0011-ascending-list-indexes': ascendingListIndexes(schema),
    '0012-attribute-value-hash': attributeValueHash(schema),
    '0013-client-created-keys': clientCreatedKeys(schema),
    '0014-pending-deliveries-by-webhook': pendingDeliveriesByWebhook(schema),
    '0015-segments': segments(schema),
    '0016-survey-display-settings': surveyDisplaySettings(schema),
    '0017-responses-by-update': responsesByUpdate(schema),
    '0018-idempotency-keys': idempotencyKeys(schema),
    '0019-one-response-per-display': oneResponsePerDisplay(schema),
    '0020-survey-variables': surveyVariables(schema),
    '0021-survey-blocks': surveyBlocks(schema),
    '0022-quotas': quotas(schema),
    '0023-import-mappings': importMappings(schema),
    '0024-surveys-by-share-key': surveysByShareKey(schema),
    '0025-blob-deletions': blobDeletions(schema),
    '0026-audit-log': auditLog(schema),
    '0027-response-retention': responseRetention(schema),
    '0028-response-uploads': responseUploads(schema),
    '0029-idempotency-scopes': idempotencyScopes(schema),
    '0030-import-mappings-erased': importMappingsErased(schema),
    '0031-events-written-with-responses': eventsWrittenWithResponses(schema),
    '0032-response-data-index': responseDataIndex(schema),
    '0033-survey-archive': surveyArchive(schema),
    '0034-event-survey-dates': eventSurveyDates(schema),
    '0035-unscreened-responses': unscreenedResponses(schema),
    '0036-project-custom-css': projectCustomCss(schema),
    '0037-console-accounts': consoleAccounts(schema),
    '0038-partitioned-responses': partitionedResponses(schema),
    '0039-summary-parts': summaryParts(schema),
    '0040-survey-custom-css': surveyCustomCss(schema),
    '0041-console-emails-per-project': consoleEmailsPerProject(schema),
    '0042-project-styling': projectStyling(schema),
    '0043-console-memberships': consoleMemberships(schema),
    '0044-mail-outbox': mailOutbox(schema),
    '0045-console-session-activity': consoleSessionActivity(schema),
    '0046-console-link-mailed': consoleLinkMailed(schema),
  }
}

/**
 * Brings the database to the latest schema; a no-op when it is already there. Safe to call on every start,
 * from several processes at once (the schema is created under an advisory lock, and Kysely holds a lock
 * while migrating). Returns the names of the migrations it applied. Everything it creates lives in one
 * Postgres schema (`canvass` unless `options.schema` says otherwise); nothing is created in `public`. A
 * database migrated by an earlier Canvass, whose tables are in `public`, has them moved into the schema first.
 *
 * Takes `Kysely<any>` as Kysely's `Migrator` does, so that a `Kysely` typed for any database fits.
 *
 * @throws {MigrationError} when a migration fails. Pending migrations run in one transaction, so none of them is applied.
 * @throws {NewerSchemaError} when a newer Canvass migrated the database in a way this version must not serve: it
 *   contracted the schema, or ran migrations this one does not know while some of this one's are missing
 *   (docs/deploying.md, "Upgrading"). A newer release's migrations that only add are no reason: this version
 *   serves beside them.
 */
export async function migrate(db: Kysely<any>, options: MigrateOptions = {}): Promise<string[]> {
  // A database a newer Canvass migrated (`NewerSchemaError`) is refused before anything is changed.
  const { schema } = schemaNames(options.schema)
  if ((await standing(db, schema)) === 'latest') {
    await ensurePartitionsAhead(db, schema)
    return []
  }
  try {
    await db.transaction().execute(async (trx) => {
      // Several processes may start at once on an empty database: `if not exists` alone lets two of them both
      // find no schema and both create it (a unique violation for the second). Under the lock, the second
      // waits for the first's commit and then finds the schema.
      await trx
        .selectNoFrom((eb) =>
          eb.fn('pg_advisory_xact_lock', [eb.fn('hashtext', [eb.val(`canvass: create schema ${schema}`)])]).as('locked'),
        )
        .execute()
      await trx.schema.createSchema(schema).ifNotExists().execute()
    })
    await moveFromPublicSchema(db, schema)
    await prepareMigrationTables(db, schema)
    // A database of one connection (PGlite) serves nothing while it migrates: nothing to prepare beside writes.
    if (db.getExecutor().adapter.supportsMultipleConnections !== false && options.sessionLocks !== false)
      await prepareResponsePartitions(db, schema)
  } catch (error) {
    throw new MigrationError(undefined, error)
  }
  // Read again now that the log is there (a database an earlier version migrated has it as a copy just made):
  // refused before the migrator runs, as on the usual path, and nothing left to run is the usual start.
  if ((await standing(db, schema)) === 'latest') {
    await ensurePartitionsAhead(db, schema)
    return []
  }
  const provider: MigrationProvider = { getMigrations: async () => migrations(schema) }
  const migrateOn = async (on: Kysely<any>) =>
    new Migrator({
      db: on,
      provider,
      migrationTableSchema: schema,
      // Own names, so that an application sharing the database can keep Kysely's default tables for itself.
      migrationTableName: LOG_TABLE,
      migrationLockTableName: `${LOG_TABLE}_lock`,
    }).migrateToLatest()
  const { error, results = [] } = options.sessionLocks === false ? await migrateInOneTransaction(db, migrateOn) : await migrateOn(db)
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName
    throw new MigrationError(failed, error)
  }
  await ensurePartitionsAhead(db, schema)
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName)
}

/**
 * Kysely's migrator takes a session lock before its transaction and lets go of it after, as separate statements,
 * which through PgBouncer in transaction mode may each reach another server connection: the lock then stays
 * with a connection PgBouncer keeps, and the next migration waits for it. Here the migrator runs inside one
 * transaction, where its lock is a transaction lock on the same key (so it still takes turns with migrators
 * that hold Kysely's session lock), let go of by the commit or the rollback.
 */
async function migrateInOneTransaction(
  db: Kysely<any>,
  migrateOn: (on: Kysely<any>) => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
  let outcome: MigrationResultSet = {}
  await db
    .transaction()
    .execute(async (trx) => {
      const executor = trx.getExecutor()
      const adapter = Object.create(executor.adapter, {
        acquireMigrationLock: {
          value: async (on: Kysely<any>) => {
            await sql`select pg_advisory_xact_lock(${sql.lit(KYSELY_MIGRATION_LOCK)})`.execute(on)
          },
        },
        releaseMigrationLock: { value: async () => {} },
      })
      const withAdapter = new Proxy(executor, { get: (target, property) => (property === 'adapter' ? adapter : bound(target, property)) })
      const on = new Proxy(trx, { get: (target, property) => (property === 'getExecutor' ? () => withAdapter : bound(target, property)) })
      outcome = await migrateOn(on)
      // Rolled back, with the lock: a failed migration leaves nothing behind.
      if (outcome.error !== undefined) throw outcome.error
    })
    .catch((error: unknown) => {
      if (outcome.error === undefined) outcome = { error }
    })
  return outcome
}

/** The key of Kysely's own migration lock (its `PostgresAdapter`). */
const KYSELY_MIGRATION_LOCK = BigInt('3853314791062309107')

function bound(target: object, property: string | symbol): unknown {
  const value = Reflect.get(target, property, target)
  return typeof value === 'function' ? value.bind(target) : value
}

/** Months of `responses` partitions ahead as of now, whenever a process starts (a migration made them as of its own day). */
async function ensurePartitionsAhead(db: Kysely<any>, schema: string): Promise<void> {
  try {
    const now = new Date()
    await ensureResponsePartitions(db, schemaNames(schema), { from: now, until: monthsAheadOf(now) })
  } catch (error) {
    throw new MigrationError(undefined, error)
  }
}

/**
 * Where the database stands against this version, read in one statement: `latest` when every migration is applied,
 * no tables are left in `public` to move and `responses` is partitioned (the usual start, which then skips the
 * statements that would each find nothing to do: on the embedded database, a tenth of a warm start). Anything
 * else, a database without the migration log or without the schema included, is `behind` and takes the full path.
 *
 * @throws {NewerSchemaError} when the database requires a migration this version does not know (a newer release
 *   contracted the schema), or has run migrations it does not know while it lacks some of its own (a newer
 *   release's log this migrator cannot follow). Migrations of a newer release that only add are not refused: this
 *   version serves beside them, as the previous release does during a rolling upgrade.
 */
async function standing(db: Kysely<any>, schema: string): Promise<'latest' | 'behind'> {
  const known = new Set(Object.keys(migrations(schema)))
  let logged: string[]
  let required: string[]
  let usual: boolean
  try {
    const { rows } = await sql<{ name: string | null; logged: boolean; inPublic: boolean; responsesKind: string | null }>`
      with shape as (
        select to_regclass('public.canvass_migration') is not null as "inPublic",
          (select c.relkind::text from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
            where n.nspname = ${schema} and c.relname = 'responses') as "responsesKind")
      select m.name, m.logged, shape.* from shape left join (
        select name::text as name, true as logged from ${sql.id(schema, LOG_TABLE)}
        union all select name::text, false from ${sql.id(schema, REQUIRED_TABLE)}) m on true`.execute(db)
    const first = rows[0]
    usual = first !== undefined && !(first.inPublic && schema !== 'public') && first.responsesKind === 'p'
    logged = rows.flatMap((row) => (row.logged && row.name !== null ? [row.name] : []))
    required = rows.flatMap((row) => (!row.logged && row.name !== null ? [row.name] : []))
  } catch {
    // No log yet (a database of a version before it, or none): the full path makes it, then reads again.
    return 'behind'
  }
  const unknown = required.filter((name) => !known.has(name))
  if (unknown.length > 0) throw new NewerSchemaError(unknown.sort())
  const applied = new Set(logged)
  const complete = [...known].every((name) => applied.has(name))
  const newer = logged.filter((name) => !known.has(name))
  if (newer.length > 0 && !complete) throw new NewerSchemaError(newer.sort())
  // A newer release that ran after this version's migrations left nothing for the full path to do.
  return complete && (usual || newer.length > 0) ? 'latest' : 'behind'
}
