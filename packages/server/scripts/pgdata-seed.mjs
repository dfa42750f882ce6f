// Part of the build: an empty, migrated embedded database in `dist/pgdata-seed`, which a first start copies
// instead of running PGlite's initdb and every migration (src/database.ts). It starts from the workspace's
// empty database when there is one (scripts/pglite-seed.mjs at the root, made once per PGlite version in
// node_modules/.cache by the tests), or from PGlite's initdb, and gets this build's migrations. The server
// still migrates on every start, so a seed from an older build is brought up to date like any database.
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { migrate } from '@canvass/storage-kysely'
import { Kysely, PGliteDialect } from 'kysely'
import { pgliteSeed } from '../../../scripts/pglite-seed.mjs'

const dist = fileURLToPath(new URL('../dist', import.meta.url))
const target = join(dist, 'pgdata-seed')
const building = `${target}.${process.pid}`
rmSync(target, { recursive: true, force: true })
rmSync(building, { recursive: true, force: true })
// The workspace's empty database when a test run has made it; otherwise PGlite's initdb here, in this process (a
// second process that also writes the tests' copy would cost a first start's build more).
const seed = pgliteSeed()
if (seed !== undefined && existsSync(join(seed, 'pgdata', 'PG_VERSION'))) cpSync(join(seed, 'pgdata'), building, { recursive: true })
const db = new Kysely({ dialect: new PGliteDialect({ pglite: await PGlite.create(building) }) })
try {
  await migrate(db)
} finally {
  await db.destroy()
}
renameSync(building, target)
