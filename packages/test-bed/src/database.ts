import { execFileSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile, readdir, rename, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_PARSERS, migrate, withPreparedStatements } from '@canvass/storage-kysely'
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely'
import type { LogEvent } from 'kysely'
import pg from 'pg'
import { adminStatement, createMigratedDatabase, databaseUrl, withDatabase } from './postgres-server.mjs'

/** The module the drops at a process's exit run from. */
const POSTGRES_SERVER = new URL('./postgres-server.mjs', import.meta.url).href

/** A migrated database of a test's own. */
export interface TestDatabase {
  /** `pglite` (in this process) or `postgres` (a database of its own on `TEST_DATABASE_URL`'s server). */
  backend: TestBackend
  db: Kysely<unknown>
  /** Closes the connections and gives the database up (kept, emptied, for the next test of this process). */
  close(): Promise<void>
}

export type TestBackend = 'pglite' | 'postgres'

/**
 * The backend a test bed runs on when the test does not say: the Postgres server named by `TEST_DATABASE_URL`
 * when it is set (a database there is made in a fraction of a PGlite's time), unless
 * `CANVASS_TEST_BACKEND=pglite`; in-process PGlite otherwise.
 */
export function defaultBackend(): TestBackend {
  return process.env.TEST_DATABASE_URL && process.env.CANVASS_TEST_BACKEND !== 'pglite' ? 'postgres' : 'pglite'
}

/** Every backend this run can reach: PGlite always, Postgres when `TEST_DATABASE_URL` is set. */
export function availableBackends(): TestBackend[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
}

export interface OpenTestDatabaseOptions {
  /** Handed to the database's Kysely instance. */
  log?: (event: LogEvent) => void
  /**
   * On Postgres, the pool is wrapped by the storage package's `withPreparedStatements`, as the standalone server's
   * is: the server parses and plans each statement once per connection instead of on every call. No effect on
   * PGlite.
   * @default false
   */
  preparedStatements?: boolean
}

/** Opens a new, migrated, empty database on `backend`. */
export function openTestDatabase(
  backend: TestBackend = defaultBackend(),
  { log, preparedStatements = false }: OpenTestDatabaseOptions = {},
): Promise<TestDatabase> {
  if (backend === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL
    if (!serverUrl) throw new Error('the postgres backend needs TEST_DATABASE_URL')
    return openPostgres(serverUrl, preparedStatements, log)
  }
  return openPglite(log)
}

let migratedPglite: Promise<Blob> | undefined

/**
 * A migrated, empty PGlite database as `dumpDataDir` writes it, for `new PGlite({ loadDataDir })`: made once per
 * test run and kept beside the run's empty database (`CANVASS_TEST_PGLITE_SEED`, which `pnpm test` makes), under a
 * name that changes with the storage package's built code, so that every test process of the run loads it instead
 * of migrating a PGlite of its own (seconds of CPU each). Without that folder (a file run by hand) it is made once
 * per process. Loading it costs a fraction of an initdb and the migrations.
 */
export function migratedPgliteDump(): Promise<Blob> {
  migratedPglite ??= (async () => {
    const seed = process.env.CANVASS_TEST_PGLITE_SEED
    const cached = seed ? join(seed, `migrated-${await storageBuildHash()}.tar`) : undefined
    if (cached && existsSync(cached)) return new Blob([new Uint8Array(await readFile(cached))])
    const empty = seed ? new Blob([new Uint8Array(await readFile(join(seed, 'pgdata.tar')))]) : undefined
    const pglite = new PGlite({ parsers: PGLITE_PARSERS, ...(empty ? { loadDataDir: empty } : {}) })
    const db = new Kysely<unknown>({ dialect: new PGliteDialect({ pglite }) })
    let dump: Blob
    try {
      await migrate(db)
      dump = await pglite.dumpDataDir('none')
    } finally {
      await db.destroy()
    }
    if (cached) {
      // Written beside and renamed into place: a process that reads it never sees half of it.
      const building = `${cached}.${process.pid}`
      await writeFile(building, new Uint8Array(await dump.arrayBuffer()))
      await rename(building, cached)
      // Dumps of earlier builds' migrations are of no further use.
      for (const name of await readdir(seed as string)) {
        if (/^migrated-[0-9a-f]+\.tar$/.test(name) && join(seed as string, name) !== cached)
          await rm(join(seed as string, name), { force: true })
      }
    }
    return dump
  })()
  return migratedPglite
}

/** What the migrations are: a hash of the storage package's built code, which holds them. */
async function storageBuildHash(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@canvass/storage-kysely')
  return createHash('sha256')
    .update(await readFile(entry))
    .digest('hex')
    .slice(0, 16)
}

/**
 * Test databases are reused within a process: closing one empties it (`emptied`) and keeps it for the next open
 * of the same backend, which then skips most of a CPU-second of PGlite boot, or on Postgres the release, the next
 * database's emptying and the new connections' start. Kept ones left idle for `IDLE_MS` are closed (an open PGlite
 * or pool keeps its process alive) and, on Postgres, released (`PostgresTestDatabase.release`).
 */
interface Kept {
  backend: TestBackend
  /** On Postgres, whether the pool runs prepared statements (`OpenTestDatabaseOptions.preparedStatements`). */
  prepared: boolean
  /** Makes a Kysely instance on the kept database (each test database gets its own, with its own `log`). */
  kysely(log?: (event: LogEvent) => void): Kysely<unknown>
  /** Closes the database for good (and releases it, on Postgres). */
  dispose(): Promise<void>
}

const idle: Kept[] = []
const IDLE_MS = 2_000
let idleTimer: ReturnType<typeof setTimeout> | undefined

function keepIdle(kept: Kept): void {
  idle.push(kept)
  clearTimeout(idleTimer)
  idleTimer = setTimeout(() => {
    for (const stale of idle.splice(0)) void stale.dispose().catch(() => {})
  }, IDLE_MS)
}

function takeIdle(backend: TestBackend, prepared = false): Kept | undefined {
  const index = idle.findIndex((kept) => kept.backend === backend && kept.prepared === prepared)
  return index < 0 ? undefined : idle.splice(index, 1)[0]
}

/** The schema's shape as the migrations leave it, per backend; a database whose schema a test changed is not reused. */
const migratedShapes = new Map<TestBackend, string>()

/** A test database on `kept`: closing it empties it and keeps it for the next, or disposes of it. */
async function testDatabaseOn(kept: Kept, log?: (event: LogEvent) => void): Promise<TestDatabase> {
  const db = kept.kysely(log)
  if (!migratedShapes.has(kept.backend)) migratedShapes.set(kept.backend, await schemaShape(db))
  let closed = false
  return {
    backend: kept.backend,
    db,
    async close() {
      if (closed) return
      closed = true
      if (await emptied(db, kept.backend)) keepIdle(kept)
      else await kept.dispose()
    },
  }
}

async function openPglite(log?: (event: LogEvent) => void): Promise<TestDatabase> {
  let kept = takeIdle('pglite')
  if (!kept) {
    const pglite = new PGlite({ parsers: PGLITE_PARSERS, loadDataDir: await migratedPgliteDump() })
    kept = {
      backend: 'pglite',
      prepared: false,
      kysely: (log) => new Kysely<unknown>({ dialect: new PGliteDialect({ pglite }), log }),
      dispose: () => pglite.close(),
    }
  }
  return testDatabaseOn(kept, log)
}

/**
 * Puts a closed test's database back in the state a new one starts in: on a server, no other session at work on
 * it and no advisory lock held; on PGlite, the session as new (no transaction, setting, lock or prepared
 * statement left); every table of the `canvass` schema empty and its sequences restarted. False when that cannot
 * be done or the test changed the schema (a trigger, a function): then the database is disposed of.
 */
async function emptied(db: Kysely<unknown>, backend: TestBackend): Promise<boolean> {
  try {
    if (backend === 'pglite') {
      await sql`rollback`.execute(db)
      await sql`discard all`.execute(db)
    } else {
      // Another session still at work, or a session's advisory lock left held, would reach the next test.
      const { rows } = await sql<{ busy: number }>`
        select (select count(*)::int from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid() and state is distinct from 'idle')
             + (select count(*)::int from pg_locks l join pg_database d on d.oid = l.database
                where l.locktype = 'advisory' and d.datname = current_database()) as busy`.execute(db)
      if (rows[0]?.busy !== 0) return false
    }
    if ((await schemaShape(db)) !== migratedShapes.get(backend)) return false
    await emptyCanvassTables.execute(db)
    return true
  } catch {
    return false
  }
}

/**
 * What a test could change of a database that emptying its tables does not undo, as counts: schemas; the tables,
 * columns, functions, triggers and constraints of the `canvass` and `public` schemas; roles, extensions and
 * the database's settings (`alter database … set`).
 */
async function schemaShape(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ shape: string }>`
    select concat_ws(':',
      (select count(*) from pg_namespace),
      (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('canvass', 'public')),
      (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('canvass', 'public')),
      (select count(*) from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('canvass', 'public')),
      (select count(*) from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('canvass', 'public')),
      (select count(*) from pg_constraint k join pg_namespace n on n.oid = k.connamespace where n.nspname in ('canvass', 'public')),
      (select count(*) from pg_roles),
      (select count(*) from pg_extension),
      (select count(*) from pg_db_role_setting where setdatabase = (select oid from pg_database where datname = current_database()))
    ) as shape`.execute(db)
  return rows[0]?.shape ?? ''
}

/**
 * Empties every table of the `canvass` schema but the migrations' own and restarts its sequences: row deletes
 * with triggers and foreign keys not firing (`session_replication_role`), which on a test's few rows costs less
 * than a truncate's new files.
 */
export const emptyCanvassTables = sql`do $$
  declare
    item record;
  begin
    perform set_config('session_replication_role', 'replica', true);
    for item in select schemaname, tablename from pg_tables
      where schemaname = 'canvass' and tablename not like 'canvass\\_migration%' loop
      execute format('delete from %I.%I', item.schemaname, item.tablename);
    end loop;
    for item in select schemaname, sequencename from pg_sequences where schemaname = 'canvass' loop
      execute format('alter sequence %I.%I restart', item.schemaname, item.sequencename);
    end loop;
  end $$`

/** A database of a test's own on a Postgres server, by URL, for a test that hands it to another process. */
export interface PostgresTestDatabase {
  /** The database's connection URL (the server's URL with the database's name). */
  url: string
  /**
   * Ends the connections still open on the database and gives it up: a migrated one is emptied and kept for the
   * next `createPostgresTestDatabase` of this process (`recycled`), or dropped when that cannot be done; one that
   * was not migrated is dropped.
   */
  release(): Promise<void>
}

/**
 * A new, migrated, empty database on the Postgres server `serverUrl` (by default `TEST_DATABASE_URL`): one that a
 * test of this process released and that was emptied, or else a copy (`CREATE DATABASE … TEMPLATE`) of the run's
 * migrated database or of one this process migrated at its first call (`migratedTemplate`). A copy costs a third
 * of a CPU-second of the server's (it writes the whole database, 9 MB of it system catalogs); emptying a released
 * one, milliseconds. What is left when the process exits is dropped. A server started on it finds its migrations
 * done, as on every start but the first. With `migrated: false` the database holds nothing (for tests of the
 * migrations themselves) and is dropped when released.
 */
export async function createPostgresTestDatabase(
  serverUrl = process.env.TEST_DATABASE_URL,
  { migrated = true }: { migrated?: boolean } = {},
): Promise<PostgresTestDatabase> {
  if (!serverUrl) throw new Error('a Postgres test database needs TEST_DATABASE_URL')
  const spare = migrated ? spares.get(serverUrl)?.pop() : undefined
  const name = spare ?? `canvass_bed_${randomBytes(6).toString('hex')}`
  if (!spare) {
    await adminStatement(
      serverUrl,
      migrated ? `create database ${name} template ${await migratedTemplate(serverUrl)}` : `create database ${name}`,
    )
    dropAtExit(serverUrl, name)
    // A template this process did not make is not read (a connection to it would stop others' copies): its shape is
    // that of its first copy, new and untouched.
    if (migrated && !templateShapes.has(serverUrl))
      templateShapes.set(serverUrl, await withDatabase(databaseUrl(serverUrl, name), schemaShape))
  }
  let released = false
  return {
    url: databaseUrl(serverUrl, name),
    async release() {
      if (released) return
      released = true
      if (migrated && (await recycled(serverUrl, name))) keepSpare(serverUrl, name)
      else await adminStatement(serverUrl, `drop database if exists ${name} with (force)`)
    },
  }
}

/** What `serverDatabase` gives a server process: its environment and how to give up what was made for it. */
export interface ServerDatabase {
  /** `DATABASE_URL` of the database made for the process, or nothing (its own embedded PGlite). */
  env: Record<string, string>
  /** Releases the database (`PostgresTestDatabase.release`), ending connections still open on it; nothing on PGlite. */
  release(): Promise<void>
}

/**
 * The database of a server process whose subject is not the database (a mounted app, say): a migrated one of
 * its own on `TEST_DATABASE_URL`'s server when that is set, so that the process finds its migrations done and
 * skips an in-memory PGlite's initdb (seconds of CPU per start); else nothing, and the process opens its own
 * embedded PGlite as a user's would. `CANVASS_TEST_BACKEND=pglite` keeps PGlite with a server at hand.
 */
export async function serverDatabase(): Promise<ServerDatabase> {
  if (defaultBackend() !== 'postgres') return { env: {}, release: async () => {} }
  const database = await createPostgresTestDatabase()
  return { env: { DATABASE_URL: database.url }, release: database.release }
}

/** Migrated databases released and emptied, by server URL: the next ones `createPostgresTestDatabase` gives. */
const spares = new Map<string, string[]>()
/** The schema's shape in each server's migrated template (`schemaShape`), which a released database must still have. */
const templateShapes = new Map<string, string>()
/** How long `recycled` waits for the sessions it ended to be gone. */
const SESSIONS_GONE_MS = 2_000

/**
 * Puts a released database back in the state of a new copy of the template: ends every other session on it
 * (as `drop database … with (force)` would) and waits until they are gone, so that nothing of a test or of a
 * server it started reaches the next, then checks that the schema is the template's and empties every table.
 * False when any step fails: the database is then dropped.
 */
async function recycled(serverUrl: string, name: string): Promise<boolean> {
  const expected = templateShapes.get(serverUrl)
  if (!expected) return false
  const others = sql<{ count: number }>`
    select count(*)::int as count from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`
  try {
    return await withDatabase(databaseUrl(serverUrl, name), async (db) => {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`.execute(db)
      const deadline = Date.now() + SESSIONS_GONE_MS
      while ((await others.execute(db)).rows[0]?.count !== 0) {
        if (Date.now() > deadline) return false
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      if ((await schemaShape(db)) !== expected) return false
      await emptyCanvassTables.execute(db)
      return true
    })
  } catch {
    return false
  }
}

/** Every database this process made on a server, by server: those still there are dropped when it exits. */
const leftAtExit = new Map<string, Set<string>>()

let dropsAtExit = false

function keepSpare(serverUrl: string, name: string): void {
  spares.set(serverUrl, [...(spares.get(serverUrl) ?? []), name])
}

/** Drops `name` when the process exits, if it is still there: templates, spares, and what a test did not release. */
function dropAtExit(serverUrl: string, name: string): void {
  if (!dropsAtExit) {
    dropsAtExit = true
    // `exit` runs nothing asynchronous: the drops run in a short process of their own.
    process.once('exit', () => {
      const drops = [...leftAtExit].flatMap(([url, names]) => [...names].map((left) => [url, left]))
      const script = `import { dropDatabases } from ${JSON.stringify(POSTGRES_SERVER)}; await dropDatabases(${JSON.stringify(drops)})`
      try {
        execFileSync(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore', timeout: 20_000 })
      } catch {}
    })
  }
  const names = leftAtExit.get(serverUrl) ?? new Set<string>()
  names.add(name)
  leftAtExit.set(serverUrl, names)
}

const templates = new Map<string, Promise<string>>()

/** A database of its own on the server (`createPostgresTestDatabase`), with a pool on it. */
async function openPostgres(serverUrl: string, prepared: boolean, log?: (event: LogEvent) => void): Promise<TestDatabase> {
  let kept = takeIdle('postgres', prepared)
  if (!kept) {
    const database = await createPostgresTestDatabase(serverUrl)
    const pool = new pg.Pool({ connectionString: database.url, max: 10 })
    // The release ends every session on the database, and may reach one the pool is still closing: not the test's failure.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') console.error(error)
    })
    const dialectPool = prepared ? withPreparedStatements(pool) : pool
    kept = {
      backend: 'postgres',
      prepared,
      // A Kysely instance leaves the pool open until destroyed, and only `dispose` destroys one.
      kysely: (log) => new Kysely<unknown>({ dialect: new PostgresDialect({ pool: dialectPool }), log }),
      async dispose() {
        await pool.end()
        await database.release()
      },
    }
  }
  return testDatabaseOn(kept, log)
}

/**
 * The migrated database that `createPostgresTestDatabase` copies: the run's (`CANVASS_TEST_PG_TEMPLATE`, which
 * `pnpm test` makes on `TEST_DATABASE_URL`'s server) or one this process makes at its first call and drops at exit.
 */
function migratedTemplate(serverUrl: string): Promise<string> {
  const runs = process.env.CANVASS_TEST_PG_TEMPLATE
  if (runs && serverUrl === process.env.TEST_DATABASE_URL) return Promise.resolve(runs)
  let template = templates.get(serverUrl)
  if (template) return template
  template = (async () => {
    const name = `canvass_bed_template_${randomBytes(6).toString('hex')}`
    dropAtExit(serverUrl, name)
    templateShapes.set(serverUrl, await createMigratedDatabase(serverUrl, name, schemaShape))
    return name
  })()
  templates.set(serverUrl, template)
  return template
}
