import { cp, readFile, rm, writeFile } from 'node:fs/promises'
import { basename, join, relative } from 'node:path'

/** Tries at copying a live database before giving up (each one restarted by a checkpoint or a file removed meanwhile). */
const ATTEMPTS = 5

/**
 * Copies the embedded database's folder (`pgdata`) while the server that holds it keeps running, into `into`,
 * so that a read-only command (an import's dry run) can open the copy: PGlite has no lock of its own and no
 * read-only mode, and opening the live folder from a second process would write into it (its start-up
 * recovery, its checkpoints) beside the server, which loses data.
 *
 * The copy is what a backup tool makes: the control file first (it names the last checkpoint, where replay
 * starts), then every data file, then the write-ahead log last, so the log holds every change found in a data
 * file copied before it (Postgres writes a change's log before the page). Opening the copy replays the log
 * from that checkpoint, which mends pages copied half-written. This holds while no checkpoint ran during the
 * copy (one may recycle log files replay still needs): the control file is read again at the end, and a copy
 * during which it changed is made again. The postmaster lock file is left out (the copy's own start makes it).
 */
export async function copyLiveDatabase(pgdata: string, into: string): Promise<void> {
  const controlFile = join(pgdata, 'global', 'pg_control')
  const wal = join(pgdata, 'pg_wal')
  for (let attempt = 1; ; attempt++) {
    const control = await readFile(controlFile)
    await rm(into, { recursive: true, force: true })
    try {
      await cp(pgdata, into, {
        recursive: true,
        filter: (from) => {
          const path = relative(pgdata, from)
          return path !== 'pg_wal' && path !== join('global', 'pg_control') && basename(path) !== 'postmaster.pid'
        },
      })
      await cp(wal, join(into, 'pg_wal'), { recursive: true })
      await writeFile(join(into, 'global', 'pg_control'), control)
      if ((await readFile(controlFile)).equals(control)) return
    } catch (error) {
      // A file removed while it was copied (a table dropped, a log file recycled): the copy starts again.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= ATTEMPTS) throw error
      continue
    }
    if (attempt >= ATTEMPTS)
      throw new Error(`the embedded database in ${pgdata} checkpointed during each of ${ATTEMPTS} copies: try again when it is less busy`)
  }
}
