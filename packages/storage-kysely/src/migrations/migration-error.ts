/**
 * A schema migration failed and was rolled back. The cause is the database error. Usual fixes: the
 * database user needs the right to create tables and indexes, or the database was changed by hand
 * (compare it with `migrations/`), or the server is older than PostgreSQL 15.
 */
export class MigrationError extends Error {
  /** The migration that failed, or undefined when migrating failed before any ran (e.g. taking the lock). */
  readonly migrationName: string | undefined

  constructor(migrationName: string | undefined, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    super(
      migrationName === undefined
        ? `Canvass could not migrate the database: ${reason}`
        : `Canvass migration ${migrationName} failed: ${reason}`,
      { cause },
    )
    this.name = 'MigrationError'
    this.migrationName = migrationName
  }
}

/**
 * The database has run migrations this version of Canvass does not know (`migrations`): a newer version migrated
 * it. This version refuses to start on it rather than serve a schema it was not written for; the message is one
 * line that says what to do.
 */
export class NewerSchemaError extends Error {
  /** The migrations the database has run that this version does not know, by name. */
  readonly migrations: readonly string[]

  constructor(migrations: readonly string[]) {
    super(
      `The database was migrated by a newer Canvass (${migrations.join(', ')}, unknown to this version): run that version or a newer one`,
    )
    this.name = 'NewerSchemaError'
    this.migrations = migrations
  }
}
