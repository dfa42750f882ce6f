import { existsSync } from 'node:fs'
import { cp, mkdir, readdir, rename, rm } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { migrationNames, schemaStatus } from '@canvass/storage-kysely'
import type { Kysely } from 'kysely'
import { blobFolder, openS3BlobStore } from '../blob-store'
import { folderSize, writeManifest } from '../backup/manifest'
import type { BackupManifest } from '../backup/manifest'
import { runPostgresTool } from '../backup/postgres-tools'
import { BLOB_TEMP_PREFIX, bucketHoldsObjects, bucketName, copyBucket, s3Failure } from '../backup/s3-blobs'
import { readConfig } from '../config'
import { copyLiveDatabase } from '../data-dir-copy'
import { openDatabase } from '../database'
import type { Cli } from './cli-context'
import { print } from './output'
import { UsageError } from './usage-error'

/**
 * `canvass backup <folder>`: the database and the uploads in a new folder, with a manifest (docs/backups.md).
 * Postgres is dumped with pg_dump; the embedded database is copied while its server keeps running; the uploads
 * are copied from their folder, or every object of the S3 bucket is.
 */
export function addBackupCommand(cli: Cli): void {
  cli.program
    .command('backup')
    .argument('<folder>', 'a new (or empty) folder to write the backup into')
    .description('Back up the database and the uploads into a new folder, with a manifest (the server may keep running)')
    .action((folder: string) => backup(cli, resolve(folder)))
}

async function backup(cli: Cli, folder: string): Promise<void> {
  const env = cli.settings()
  const config = readConfig(env)
  const present = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  if (present.length > 0) throw new UsageError(`${folder} is not empty: back up into a new folder`)
  await mkdir(folder, { recursive: true })
  try {
    // There even when no upload is: a restore finds the layout it expects.
    await mkdir(join(folder, 'blobs'))
    const s3 = openS3BlobStore(env)
    // A bucket that cannot be listed stops the backup before the database is dumped rather than after.
    if (s3)
      await bucketHoldsObjects(s3.store).catch((error: unknown) => {
        throw s3Failure(s3, 'listing its objects', error)
      })
    const database = config.databaseUrl ? await dumpPostgres(config.databaseUrl, folder) : await copyEmbedded(config.dataDir, folder)
    // After the database: every upload a response of the copy names was in the store before it.
    const started = Date.now()
    let leftOut: string[] = []
    let blobs: BackupManifest['blobs']
    if (s3) {
      const { store, ...where } = s3
      ;({ leftOut } = await copyBucket(store, join(folder, 'blobs')).catch((error: unknown) => {
        throw s3Failure(where, 'copying its objects', error)
      }))
      blobs = { kind: 's3', ...where, ...(await folderSize(join(folder, 'blobs'))) }
    } else {
      blobs = {
        kind: 'folder',
        ...(await copyBlobs(blobFolder(env, config.dataDir, env.INIT_CWD ?? process.cwd()), join(folder, 'blobs'))),
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    await writeManifest(folder, { database, blobs })
    print(
      `Backed up the ${database.kind === 'postgres' ? 'Postgres' : 'embedded'} database (${database.migrations.length} migrations) into ${folder}`,
    )
    const files = `${blobs.count} uploaded file${blobs.count === 1 ? '' : 's'} (${blobs.bytes} bytes)`
    if (blobs.kind === 'folder') print(`with ${files}`)
    else print(`with ${files} from ${bucketName(blobs)}, copied in ${seconds} s`)
    if (leftOut.length > 0)
      print(
        `Left out ${leftOut.length} object${leftOut.length === 1 ? '' : 's'} whose key is no upload's (docs/backups.md): ${leftOut.slice(0, 3).join(', ')}${leftOut.length > 3 ? ', …' : ''}`,
      )
  } catch (error) {
    // No half-made backup is left to be taken for a whole one.
    await rm(folder, { recursive: true, force: true })
    throw error
  }
}

/** pg_dump's custom format of the `canvass` schema, in `database.dump`. */
async function dumpPostgres(databaseUrl: string, folder: string): Promise<BackupManifest['database']> {
  const { db } = await openDatabase({ databaseUrl, dataDir: folder })
  let migrations: string[]
  try {
    migrations = await appliedMigrations(db)
  } finally {
    await db.destroy()
  }
  if (migrations.length === 0) throw new UsageError('The database holds no Canvass schema: there is nothing to back up')
  await runPostgresTool('pg_dump', databaseUrl, ['--format=custom', '--schema=canvass', `--file=${join(folder, 'database.dump')}`])
  return { kind: 'postgres', migrations }
}

/**
 * The embedded database's folder, copied as a backup tool copies a running Postgres (`copyLiveDatabase`), then
 * opened once: its start replays the log into the copy, which is then a database shut down cleanly, and tells
 * which migrations it had. The copy is made beside the backup and moved into it once it opened.
 */
async function copyEmbedded(dataDir: string, folder: string): Promise<BackupManifest['database']> {
  const pgdata = join(dataDir, 'pgdata')
  if (!existsSync(join(pgdata, 'PG_VERSION')))
    throw new UsageError(`There is no embedded database in ${dataDir}: point DATA_DIR at the server's folder`)
  const scratch = join(folder, '.opening')
  await copyLiveDatabase(pgdata, join(scratch, 'pgdata'))
  const { db } = await openDatabase({ databaseUrl: undefined, dataDir: scratch })
  let migrations: string[]
  try {
    migrations = await appliedMigrations(db)
  } finally {
    await db.destroy()
  }
  await rename(join(scratch, 'pgdata'), join(folder, 'pgdata'))
  await rm(scratch, { recursive: true, force: true })
  return { kind: 'embedded', migrations }
}

/** The migrations the database had, in the order this version runs them (any it does not know last). */
async function appliedMigrations(db: Kysely<unknown>): Promise<string[]> {
  const { missing, unknown, newer } = await schemaStatus(db)
  return [...migrationNames().filter((name) => !missing.includes(name)), ...[...newer, ...unknown].sort()]
}

/** Copies the uploads folder (none yet is no file), leaving out uploads still being written. */
async function copyBlobs(from: string, into: string): Promise<{ count: number; bytes: number }> {
  await mkdir(into, { recursive: true })
  if (existsSync(from)) await cp(from, into, { recursive: true, filter: (path) => !basename(path).startsWith(BLOB_TEMP_PREFIX) })
  return folderSize(into)
}
