/**
 * Instances started together on an empty Postgres database (docs/deploying.md, "Running several instances"):
 * each creates the schema, migrates and finds no project at once; all of them must come up, and exactly one
 * project be made. Each round is a database with nothing in it (not the migrated template the other suites
 * copy), and the race is run several times, since one round in many lost it; the schema's race itself is
 * reproduced in-process by the migrate suite of @canvass/storage-kysely. Needs TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { skipSuiteUnless } from '@canvass/test-utils'
import pg from 'pg'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { ServerProcess } from './processes'
import { removeDir, spawnServer } from './processes'
import { newKey } from './server'

const ROUNDS = 5
const INSTANCES = 3

const serverUrl = process.env.TEST_DATABASE_URL
const test = skipSuiteUnless(
  suite('instances started together on an empty database'),
  serverUrl ? undefined : 'TEST_DATABASE_URL is unset: the instances share a Postgres server',
)

async function admin<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(statement)).rows
  } finally {
    await client.end()
  }
}

function databaseUrl(name: string): string {
  const url = new URL(serverUrl as string)
  url.pathname = `/${name}`
  return url.href
}

test(`${ROUNDS} rounds of ${INSTANCES} instances at once: all come up, and exactly one project is made`, async () => {
  const upIn: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const t0 = Date.now()
    const name = `canvass_together_${randomBytes(6).toString('hex')}`
    await admin(serverUrl as string, `CREATE DATABASE ${name}`)
    const dataRoot = await mkdtemp(join(tmpdir(), 'canvass-together-'))
    let servers: ServerProcess[] = []
    try {
      // Every other round with an initial key, which only the instance that makes the project may take.
      const env: Record<string, string> = { DATABASE_URL: databaseUrl(name), ...(round % 2 === 1 ? { CANVASS_INIT_API_KEY: newKey() } : {}) }
      servers = Array.from({ length: INSTANCES }, (_, i) => spawnServer({ ...env, DATA_DIR: join(dataRoot, `instance-${i}`) }))
      const started = await Promise.allSettled(servers.map((server) => server.listening))
      started.forEach((result, i) => {
        if (result.status === 'rejected') assert.unreachable(`round ${round}, instance ${i} did not come up: ${String(result.reason)}`)
      })
      upIn.push(Date.now() - t0)
      const projects = await admin<{ n: number }>(databaseUrl(name), 'select count(*)::int as n from canvass.projects')
      assert.is(projects[0]?.n, 1, `round ${round}: one project, whichever instance made it`)
    } finally {
      await Promise.all(servers.map((server) => server.stop('SIGKILL')))
      await admin(serverUrl as string, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await removeDir(dataRoot)
    }
  }
  console.log(`  [start-together] all ${INSTANCES} up in ${upIn.join(', ')} ms`)
})

test.run()
