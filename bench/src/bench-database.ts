import { randomBytes } from 'node:crypto'
import pg from 'pg'

export interface BenchDatabase {
  /** Connection URL of the fresh database. */
  url: string
  name: string
  /** Drops the database, cutting any connection a killed child left behind. Idempotent. */
  drop(): Promise<void>
}

/**
 * A fresh `canvass_bench_<random>` database on the server that `baseUrl` points at, so that runs never
 * see each other's rows and nothing is left behind.
 */
export async function createBenchDatabase(baseUrl: string): Promise<BenchDatabase> {
  const name = `canvass_bench_${randomBytes(6).toString('hex')}`
  await withClient(baseUrl, (client) => client.query(`CREATE DATABASE ${name}`))
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  let dropping: Promise<void> | undefined
  return {
    url: url.toString(),
    name,
    drop: () => {
      // WITH (FORCE) (Postgres 13+): a pool in a child that did not exit cleanly must not block the drop.
      dropping ??= withClient(baseUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined)
      return dropping
    },
  }
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
  } catch (error) {
    const where = new URL(url)
    throw new Error(
      `Cannot reach Postgres at ${where.hostname}:${where.port || 5432} (${(error as Error).message}). ` +
        'Start it (e.g. `pg_ctlcluster --skip-systemctl-redirect 15 main start`) or point BENCH_DATABASE_URL at one.',
      { cause: error },
    )
  }
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}
