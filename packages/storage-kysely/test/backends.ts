import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely'
import type { LogEvent } from 'kysely'
import pg from 'pg'
import { createPostgresTestDatabase, emptyCanvassTables, openTestDatabase } from '@canvass/test-bed'
import { PGLITE_PARSERS, migrate, withPreparedStatements } from '../src'

/** A database to test on, opened empty (not migrated, unless asked) and closed (released, for a server) afterwards. */
export interface Backend {
  name: string
  /**
   * `migrated`: opened with every migration applied (a copy of a database the run migrated once), for suites
   * that migrate first thing: `migrate` then finds nothing to do.
   */
  open(options?: OpenOptions): Promise<OpenBackend>
}

export interface OpenOptions {
  log?: (event: LogEvent) => void
  migrated?: boolean
}

export interface OpenBackend {
  db: Kysely<unknown>
  close(): Promise<void>
}

/**
 * PGlite in memory always; the Postgres server too when `TEST_DATABASE_URL` names one, and with `prepared`
 * the Postgres server once more through `withPreparedStatements`: for the suites whose statements that
 * wrapper changes (the storage's queries), not for those of schema, dispatch or process behaviour.
 */
export function backends({ prepared = false }: { prepared?: boolean } = {}): Backend[] {
  const list: Backend[] = [{ name: 'PGlite', open: openPglite }]
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) {
    list.push({ name: 'Postgres', open: (options) => openPostgres(serverUrl, options) })
  }
  if (serverUrl && prepared) {
    list.push({
      name: 'Postgres with prepared statements',
      open: (options) => openPostgres(serverUrl, { ...options, prepared: true }),
    })
  }
  return list
}

let seed: Blob | undefined

/**
 * PGlite in memory. Migrated: the test bed's (a database a closed test left behind, emptied, or a copy of the
 * run's migrated dump). Otherwise from the empty database `pnpm test` made for the whole run
 * (CANVASS_TEST_PGLITE_SEED) when there is one: loading it costs a third of the CPU of the initdb that a new
 * PGlite runs otherwise.
 */
async function openPglite(options: OpenOptions = {}): Promise<OpenBackend> {
  if (options.migrated) return openTestDatabase('pglite', { log: options.log })
  const db = new Kysely<unknown>({ dialect: new PGliteDialect({ pglite: await emptyPglite() }), log: options.log })
  return { db, close: () => db.destroy() }
}

/** An empty PGlite in memory: from the run's empty database when there is one (see `openPglite`). */
export async function emptyPglite(): Promise<PGlite> {
  const folder = process.env.CANVASS_TEST_PGLITE_SEED
  if (folder) seed ??= new Blob([new Uint8Array(await readFile(join(folder, 'pgdata.tar')))])
  return new PGlite({ parsers: PGLITE_PARSERS, ...(seed ? { loadDataDir: seed } : {}) })
}

/** A database of its own on the server (the test bed's `createPostgresTestDatabase`), released on close. */
async function openPostgres(serverUrl: string, options: OpenOptions & { prepared?: boolean } = {}): Promise<OpenBackend> {
  // Migrated: the test bed's (a database a closed test left behind, emptied, with its pool), with the statement
  // wrapper or without it as asked.
  if (options.migrated && serverUrl === process.env.TEST_DATABASE_URL)
    return openTestDatabase('postgres', { log: options.log, preparedStatements: options.prepared === true })
  // A database of its own on the server; migrated, a copy of the one the test bed migrated once for this process.
  const database = await createPostgresTestDatabase(serverUrl, { migrated: options.migrated ?? false })
  const url = new URL(database.url)
  const connect = () => {
    const pool = new pg.Pool({ connectionString: url.href, max: 10 })
    // The release's end of the database's sessions may reach a connection that `pool.end()` is still closing; that
    // connection's error must not crash the run.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') console.error(error)
    })
    return new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: options.prepared ? withPreparedStatements(pool) : pool }),
      log: options.log,
    })
  }
  const open: OpenBackend = {
    db: connect(),
    async close() {
      await open.db.destroy()
      await database.release()
    },
  }
  return open
}

/** A database that the tests of a suite take in turn, put back in the same state before each. */
export interface SharedDatabase {
  /** The database, in the state it was shared in, whatever the test before did to it. */
  take(): Promise<Kysely<unknown>>
  /** Closes it, if a test took it. */
  close(): Promise<void>
}

/**
 * One database for the tests of a suite instead of one each: a PGlite takes seconds to start and migrating
 * a few hundred milliseconds, putting the database back takes milliseconds. `migrated`: every table of the
 * `canvass` schema is emptied and its sequences restart, so that a test sees only its own rows and numbers;
 * the migrations stay applied. `empty`: every schema is dropped and `public` made anew, as a new database has
 * it. Opened at the first `take`, so that a suite of several backends opens each only when it gets there.
 */
export function sharedDatabase(
  backend: Backend,
  state: 'migrated' | 'empty',
  options: { log?: (event: LogEvent) => void } = {},
): SharedDatabase {
  let open: OpenBackend | undefined
  return {
    async take() {
      if (open) {
        await (state === 'migrated' ? emptyCanvassTables : dropSchemas).execute(open.db)
        // The pool stays: connections already open, as a long-running server's are (a claim made while one
        // opens hid a dispatcher race that only shows on a warm pool).
        return open.db
      }
      open = await backend.open({ ...options, migrated: state === 'migrated' })
      if (state === 'migrated') await migrate(open.db)
      return open.db
    },
    async close() {
      await open?.close()
      open = undefined
    },
  }
}

const dropSchemas = sql`do $$
  declare
    item text;
  begin
    for item in select nspname from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema' loop
      execute format('drop schema %I cascade', item);
    end loop;
    -- As Postgres 15 makes it in a new database.
    create schema public authorization pg_database_owner;
    grant usage on schema public to public;
  end $$`
