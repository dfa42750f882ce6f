import type { Canvass, Storage } from '@canvass/core'
import type { Kysely } from 'kysely'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCanvass } from '@canvass/core'
import { createKyselyStorage, migrate } from '@canvass/storage-kysely'
import { readConfig } from '../config'
import { openDatabase } from '../database'
import { copyLiveDatabase } from '../data-dir-copy'
import { DataDirLockedError } from '../data-dir-lock'
import { writableFolder } from '../writable-folder'
import type { Cli } from './cli-context'
import { UsageError } from './usage-error'

/**
 * Opens the database, migrates it, runs `work` with the admin functions and closes the database again.
 * `dryRunCopy`: a command that writes nothing may run while the server holds the embedded database, on a copy
 * of it (see `copyLiveDatabase`), removed afterwards.
 */
export async function withCanvass(
  cli: Cli,
  work: (canvass: Canvass, storage: Storage) => Promise<void>,
  dryRunCopy = false,
  whileServing?: (locked: DataDirLockedError) => Promise<void>,
): Promise<void> {
  const config = readConfig(cli.settings())
  await withDatabase(
    cli,
    async (db) => {
      await migrate(db, { sessionLocks: !config.databasePgbouncer })
      const storage = createKyselyStorage({ db, sessionLocks: !config.databasePgbouncer })
      // Share links the import makes are printed with the server's address.
      const canvass = createCanvass({
        storage,
        webhooks: { allowPrivateAddresses: config.allowPrivateWebhookUrls },
        publicUrl: config.publicUrl,
      })
      await work(canvass, storage)
    },
    dryRunCopy,
    whileServing,
  )
}

/**
 * Opens the database (as `withCanvass` does, without migrating it), runs `work` on it and closes it again.
 */
export async function withDatabase(
  cli: Cli,
  work: (db: Kysely<unknown>) => Promise<void>,
  dryRunCopy = false,
  whileServing?: (locked: DataDirLockedError) => Promise<void>,
): Promise<void> {
  const config = readConfig(cli.settings())
  if (!config.databaseUrl) {
    // Looked at before it is made: a folder that cannot be would otherwise hang the command (see writable-folder.ts).
    const problem = await writableFolder(config.dataDir)
    if (problem !== undefined) {
      throw new UsageError(
        `DATA_DIR ${JSON.stringify(config.dataDir)} cannot be written (${problem}): point DATA_DIR at the server's folder`,
      )
    }
    if (!dryRunCopy && !whileServing)
      process.stderr.write(`Using the embedded database in ${config.dataDir} (the server must be stopped)\n`)
  }
  let scratch: string | undefined
  let served = false
  const opened = await openDatabase(config).catch(async (error: unknown) => {
    if (!(error instanceof DataDirLockedError)) throw error
    if (whileServing) {
      served = true
      return whileServing(error)
    }
    if (dryRunCopy) {
      scratch = await mkdtemp(join(tmpdir(), 'canvass-dry-run-'))
      process.stderr.write(
        `DATA_DIR ${error.dataDir} is in use by a running Canvass server: the dry run reads a copy of its database (in ${scratch}, removed afterwards)\n`,
      )
      await copyLiveDatabase(join(config.dataDir, 'pgdata'), join(scratch, 'pgdata'))
      return openDatabase({ ...config, dataDir: scratch })
    }
    // The server's own advice (start it with another DATA_DIR) does not fit a command.
    throw new UsageError(
      `DATA_DIR ${error.dataDir} is in use by a running Canvass server (${error.pid === null ? 'pid unknown' : `pid ${error.pid}`}): ` +
        'the embedded database can be used by one process at a time. Stop the server, run this command, then start the server again',
    )
  })
  if (served || !opened) return
  const { db } = opened
  try {
    await work(db)
  } finally {
    await db.destroy()
    if (scratch) await rm(scratch, { recursive: true, force: true })
  }
}

/** What to do about an environment without an API key, which no request can reach yet. */
export function noKeyYet(environmentId: string): string {
  return `The environment ${environmentId} has no API key yet: make one with \`canvass keys create --environment ${environmentId}\``
}

/** An environment id as given, or the first project's environment of that type. */
export async function resolveEnvironment(canvass: Canvass, value: string, alternative = ''): Promise<string> {
  const projects = await canvass.admin.listProjects()
  if (value === 'production' || value === 'development') {
    const first = projects[0]
    if (!first)
      throw new UsageError(
        `There is no project yet: make one with \`canvass project create <name>\` (starting the server once also makes one)${alternative}`,
      )
    return first.environments[value]
  }
  const known = projects.some((p) => p.environments.production === value || p.environments.development === value)
  if (!known) throw new UsageError(`No environment has the id ${value} (see \`canvass environments\`)`)
  return value
}
