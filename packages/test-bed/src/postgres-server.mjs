// What the test bed and `pnpm test` (scripts/postgres-template.mjs) both do on a Postgres server: run one
// statement on a maintenance connection, make a migrated database, drop what is left. Plain JavaScript (typed by
// postgres-server.d.mts), because `pnpm test` runs it before any TypeScript loader is in place.
import pg from 'pg'

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl, name) {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.href
}

/** Runs `statement` (a `create database`, a `drop database`) on a connection of its own to `serverUrl`. */
export async function adminStatement(serverUrl, statement) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/**
 * Runs `work` on a Kysely instance over one connection of its own to the database at `url`, closed before this
 * returns. That connection may still be closing when a release or a drop ends the database's sessions (57P01): its
 * error then is no one's failure.
 */
export async function withDatabase(url, work) {
  // Loaded here, not at the top: the drops at a process's exit need neither this nor the migrations.
  const { Kysely, PostgresDialect } = await import('kysely')
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  pool.on('error', (error) => {
    if (error.code !== '57P01') console.error(error)
  })
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) })
  try {
    return await work(db)
  } finally {
    await db.destroy()
  }
}

/**
 * Creates database `name` on the server and applies the storage package's migrations to it, on one connection
 * that is closed before this returns (a template may have no connection while it is copied). `inspect`, when given,
 * reads the migrated database on that connection; its answer is returned.
 */
export async function createMigratedDatabase(serverUrl, name, inspect) {
  const { migrate } = await import('@canvass/storage-kysely')
  await adminStatement(serverUrl, `create database ${name}`)
  return withDatabase(databaseUrl(serverUrl, name), async (db) => {
    await migrate(db)
    return inspect ? inspect(db) : undefined
  })
}

/** Drops each `[serverUrl, name]` that is still there, one after another, ending its sessions; errors are ignored. */
export async function dropDatabases(databases) {
  for (const [serverUrl, name] of databases) await adminStatement(serverUrl, `drop database if exists ${name} with (force)`).catch(() => {})
}
