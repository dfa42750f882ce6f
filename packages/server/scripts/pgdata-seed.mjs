// Part of the build: an empty, migrated embedded database in `dist/pgdata-seed`, which a first start unpacks
// instead of running PGlite's initdb and every migration (src/database.ts). Each file of the database folder is
// written gzipped, with `.gz` added to its name: 6 MB to ship where the folder takes 41 MB. It starts from the workspace's
// empty database when there is one (scripts/pglite-seed.mjs at the root, made once per PGlite version in
// node_modules/.cache by the tests), or from PGlite's initdb, and gets this build's migrations. The server
// still migrates on every start, so a seed from an older build is brought up to date like any database.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { constants, gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { migrate } from '@canvass/storage-kysely'
import { Kysely, PGliteDialect } from 'kysely'
import { pgliteSeed } from '../../../scripts/pglite-seed.mjs'

const dist = fileURLToPath(new URL('../dist', import.meta.url))
const target = join(dist, 'pgdata-seed')
const building = `${target}.${process.pid}`
const packing = `${target}.${process.pid}.packed`
rmSync(target, { recursive: true, force: true })
rmSync(building, { recursive: true, force: true })
rmSync(packing, { recursive: true, force: true })
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
// Empty folders are left out (npm packs none): the server makes those Postgres needs.
for (const entry of readdirSync(building, { withFileTypes: true, recursive: true })) {
  if (!entry.isFile()) continue
  const source = join(entry.parentPath, entry.name)
  const packed = join(packing, `${relative(building, source)}.gz`)
  mkdirSync(dirname(packed), { recursive: true })
  writeFileSync(packed, gzipSync(readFileSync(source), { level: constants.Z_BEST_COMPRESSION }))
}
rmSync(building, { recursive: true, force: true })
renameSync(packing, target)
