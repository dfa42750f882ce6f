import { existsSync } from 'node:fs'
import { cp, readdir, rename, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { migrate } from '@canvass/storage-kysely'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { blobFolder, openS3BlobStore } from '../blob-store'
import { readManifest } from '../backup/manifest'
import { runPostgresTool } from '../backup/postgres-tools'
import { bucketHoldsObjects, bucketName, restoreBucket, s3Failure } from '../backup/s3-blobs'
import { readConfig } from '../config'
import { openDatabase } from '../database'
import { DataDirLockedError, lockDataDir } from '../data-dir-lock'
import type { Cli } from './cli-context'
import { print } from './output'
import { UsageError } from './usage-error'

/**
 * `canvass restore <folder>`: checks a backup `canvass backup` made against its manifest, then puts its
 * database and uploads in place of the configured ones (uploads into their folder, or into the S3 bucket
 * configured now, which may be another than the backup's) and runs the migrations a newer version brings
 * (docs/backups.md). A database that holds Canvass data, or uploads, are replaced only with `--force`.
 */
export function addRestoreCommand(cli: Cli): void {
  cli.program
    .command('restore')
    .argument('<folder>', 'a folder `canvass backup` wrote')
    .description('Restore a backup into the database and the uploads folder or S3 bucket (the embedded database: with the server stopped)')
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
  const s3 = openS3BlobStore(env)
  const blobs = manifest.blobs
  if (blobs.kind === 's3' && !s3)
    throw new UsageError(
      `The backup's uploads came from ${bucketName(blobs)} and this configuration keeps uploads in a folder: set S3_BUCKET and its keys to restore them into a bucket (docs/backups.md)`,
    )
  if (blobs.kind === 'folder' && s3)
    throw new UsageError(
      `The backup's uploads came from a folder and this configuration keeps uploads in ${bucketName(s3)}: unset S3_BUCKET to restore them into a folder (docs/backups.md)`,
    )
  const uploads = blobFolder(env, config.dataDir, env.INIT_CWD ?? process.cwd())
  // Looked at before anything is replaced.
  if (s3) {
    const { store, ...where } = s3
    const holds = await bucketHoldsObjects(store).catch((error: unknown) => {
      throw s3Failure(where, 'listing its objects', error)
    })
    if (holds && !force)
      throw new UsageError(`${bucketName(where)} already holds objects: restore into an empty bucket, or add --force to replace them`)
  } else if (!force && (await readdir(uploads).catch(() => [])).length > 0)
    throw new UsageError(`${uploads} already holds uploads: add --force to replace them`)
  if (config.databaseUrl) await restorePostgres(config.databaseUrl, folder, force)
  else await restoreEmbedded(config.dataDir, folder, force)
  let restoredInto = ''
  if (s3) {
    const { store, ...where } = s3
    const started = Date.now()
    const restored = await restoreBucket(store, join(folder, 'blobs'), force).catch((error: unknown) => {
      throw s3Failure(where, 'putting the uploads back', error)
    })
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    restoredInto = `${restored.count} upload${restored.count === 1 ? '' : 's'} put into ${bucketName(where)} in ${seconds} s`
    if (blobs.kind === 's3' && bucketName(blobs) !== bucketName(where)) restoredInto += ` (the backup's came from ${bucketName(blobs)})`
    if (restored.removed > 0)
      restoredInto += `, and deleted its ${restored.removed} other object${restored.removed === 1 ? '' : 's'}, which the backup does not hold`
  } else {
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
  if (restoredInto) print(`with ${restoredInto}`)
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
