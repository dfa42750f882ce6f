import { performance } from 'node:perf_hooks'
import { createSummaryKeeper } from '@canvass/core'
import { createKyselyStorage } from '@canvass/storage-kysely'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'

/**
 * Runs this checkout's summary keeper (core's loop over the storage's primitives, as a server's background work
 * runs it) in this process until every survey is kept: how long keeping every closed period takes.
 */
export async function runSummaryKeeper(databaseUrl: string): Promise<number> {
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 4 }) }) })
  try {
    const keeper = createSummaryKeeper({ storage: createKyselyStorage({ db }), periods: 4 })
    const started = performance.now()
    for (let passes = 0; passes < 10_000; passes++) {
      const report = await keeper.runOnce()
      if (report.left === 0 && report.surveys < 20) break
    }
    return performance.now() - started
  } finally {
    await db.destroy()
  }
}
