import { existsSync } from 'node:fs'
import { cp, readdir, rename, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { migrate } from '@canvass/storage-kysely'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { blobFolder } from '../blob-store'
import { readManifest } from '../backup/manifest'
import { runPostgresTool } from '../backup/postgres-tools'
import { readConfig } from '../config'
import { openDatabase } from '../database'
import { DataDirLockedError, lockDataDir } from '../data-dir-lock'
import type { Cli } from './cli-context'
import { print } from './output'
import { UsageError } from './usage-error'

/**
 * `canvass restore <folder>`: checks a backup `canvass backup` made against its manifest, then puts its
 * database and uploads in place of the configured ones and runs the migrations a newer version brings
 * (docs/backups.md). A database that holds Canvass data is replaced only with `--force`.
 */
export function addRestoreCommand(cli: Cli): void {
  cli.program
    .command('restore')
    .argument('<folder>', 'a folder `canvass backup` wrote')
    .description('Restore a backup into the database and the uploads folder (the embedded database: with the server stopped)')
    .option('--force', 'replace a database that holds Canvass data, and its uploads')
    .action((folder: string, options: { force?: boolean }) => restore(cli, resolve(folder), options.force === true))
}

async function restore(cli: Cli, folder: string, force: boolean): Promise<void> {
  const env = cli.settings()
  const config = readConfig(env)
  const manifest = await readManifest(folder).catch((error: unknown) => {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  })
  const kind = config.databaseUrl ? 'postgres' : 'embedded'
  if (manifest.database.kind !== kind)
    throw new UsageError(
      `The backup holds ${manifest.database.kind === 'postgres' ? 'a Postgres' : 'an embedded'} database and this configuration uses ${kind === 'postgres' ? 'Postgres (DATABASE_URL)' : 'the embedded one'}: restore it where it came from (docs/backups.md)`,
    )
  const uploads = blobFolder(env, config.dataDir, env.INIT_CWD ?? process.cwd())
  // Looked at before anything is replaced.
  if (!force && manifest.blobs.kind === 'folder' && (await readdir(uploads).catch(() => [])).length > 0)
    throw new UsageError(`${uploads} already holds uploads: add --force to replace them`)
  if (config.databaseUrl) await restorePostgres(config.databaseUrl, folder, force)
  else await restoreEmbedded(config.dataDir, folder, force)
  if (manifest.blobs.kind === 'folder') {
    await rm(uploads, { recursive: true, force: true })
    await cp(join(folder, 'blobs'), uploads, { recursive: true })
  }
  // A backup of an older version gets this version's migrations (the server would run them at its start).
  const { db } = await openDatabase(config)
  try {
    await migrate(db)
  } finally {
    await db.destroy()
  }
  print(`Restored the backup Canvass ${manifest.canvassVersion} made at ${manifest.createdAt}`)
  if (manifest.blobs.kind === 's3')
    print(`Its uploads are in the S3 bucket ${manifest.blobs.bucket}, which the backup does not hold (docs/backups.md)`)
}

/** Drops the `canvass` schema (only with `force` when it holds data) and restores the dump into the database. */
async function restorePostgres(databaseUrl: string, folder: string, force: boolean): Promise<void> {
  const { db } = await openDatabase({ databaseUrl, dataDir: folder })
  try {
    if (!force && (await holdsCanvassData(db)))
      throw new UsageError('The database already holds Canvass data: restore into an empty one, or add --force to replace it')
    // Dropped whole: a table of a newer version, which the dump does not name, would keep pg_restore --clean from dropping the schema.
    await sql`drop schema if exists canvass cascade`.execute(db)
  } finally {
    await db.destroy()
  }
  await runPostgresTool('pg_restore', databaseUrl, [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--single-transaction',
    '--exit-on-error',
    join(folder, 'database.dump'),
  ])
}

/** Whether the `canvass` schema has a project (a server's first start makes one). */
async function holdsCanvassData(db: Kysely<unknown>): Promise<boolean> {
  const found = await sql<{ found: boolean }>`select to_regclass('canvass.projects') is not null as found`.execute(db)
  if (!found.rows[0]?.found) return false
  return (await sql`select 1 from canvass.projects limit 1`.execute(db)).rows.length > 0
}

/**
 * Puts the backup's `pgdata` in place of `DATA_DIR/pgdata`, holding the data folder's lock meanwhile: a server
 * running on it refuses the restore. Any database there is replaced only with `force`.
 */
async function restoreEmbedded(dataDir: string, folder: string, force: boolean): Promise<void> {
  const lock = await lockDataDir(dataDir).catch((error: unknown) => {
    if (!(error instanceof DataDirLockedError)) throw error
    throw new UsageError(
      `DATA_DIR ${dataDir} is in use by a running Canvass server (${error.pid === null ? 'pid unknown' : `pid ${error.pid}`}): stop it, restore, then start it again`,
    )
  })
  try {
    const pgdata = join(dataDir, 'pgdata')
    if (!force && existsSync(join(pgdata, 'PG_VERSION')))
      throw new UsageError(`${dataDir} already holds an embedded database: restore into a new DATA_DIR, or add --force to replace it`)
    const copying = `${pgdata}.restoring`
    await rm(copying, { recursive: true, force: true })
    await cp(join(folder, 'pgdata'), copying, { recursive: true })
    await rm(pgdata, { recursive: true, force: true })
    await rename(copying, pgdata)
  } finally {
    await lock.release()
  }
}
