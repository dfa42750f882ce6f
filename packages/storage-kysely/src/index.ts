/**
 * @module
 * Postgres storage for Canvass on Kysely: the `Storage` port of `@canvass/core` for a Postgres server (through
 * `pg`) or embedded PGlite, with the schema migrations kept in code. Every table lives in one Postgres schema
 * of its own (`canvass` by default), so Canvass can share a database with an application.
 *
 * ```ts
 * import { PGlite } from '@electric-sql/pglite'
 * import { Kysely, PGliteDialect } from 'kysely'
 * import { createKyselyStorage, migrate } from '@canvass/storage-kysely'
 *
 * const db = new Kysely({ dialect: new PGliteDialect({ pglite: new PGlite() }) })
 * await migrate(db)
 * const storage = createKyselyStorage({ db })
 * ```
 */
export { createKyselyStorage } from './create-kysely-storage'
export type { KyselyStorage, KyselyStorageOptions } from './create-kysely-storage'
export type { ResponseBatchOptions } from './responses/response-batch'
export { createReplicaReads } from './postgres/replica-reads'
export type { PrimaryReadReason, ReplicaReads, ReplicaReadsOptions, ReplicaStats } from './postgres/replica-reads'
export { migrate, migrationNames } from './migrations/migrate'
export type { MigrateOptions } from './migrations/migrate'
export { MigrationError, NewerSchemaError } from './migrations/migration-error'
export { schemaStatus } from './migrations/schema-status'
export type { SchemaStatus } from './migrations/schema-status'
export { postgresSettingWarnings } from './postgres/postgres-setting-warnings'
export { withPreparedStatements } from './postgres/prepared-statements'
export { tracedDialect } from './postgres/traced-dialect'
export type { PostgresPoolClientLike, PostgresPoolLike, PreparedStatementsOptions } from './postgres/prepared-statements'
export { PGLITE_PARSERS, parsePostgresTimestamp } from './postgres/pglite-parsers'
export { createPostgresRateLimiter } from './postgres/postgres-rate-limiter'
export type { PostgresRateLimiterOptions } from './postgres/postgres-rate-limiter'
