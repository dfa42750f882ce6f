import { execFileSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { closedPort } from '@canvass/test-utils'
import pg from 'pg'
import { waitFor } from './wait-for'

/** Where Debian's and Ubuntu's packages put PostgreSQL 15's server programs. */
const PG_BIN = '/usr/lib/postgresql/15/bin'

/** A Postgres server of the test's own, in a temporary folder on a free loopback port. */
export interface OwnPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`; every connection is trusted (`initdb -A trust`). */
  url: string
  port: number
  /** Stops it as a power cut would: no shutdown checkpoint; the next start replays the write-ahead log. */
  stopImmediately(): void
  start(): void
  /** Stops it if it runs and deletes its folder. */
  remove(): Promise<void>
}

/** A streaming replica of an `OwnPostgres` (`startStreamingReplica`), read-only, on a loopback port of its own. */
export interface StreamingReplica {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string
  port: number
  /** `pg_wal_replay_pause()`: the replica keeps receiving the primary's changes but applies none of them. */
  pauseReplay(): Promise<void>
  /** `pg_wal_replay_resume()`. */
  resumeReplay(): Promise<void>
  /** Waits until the replica has applied everything the primary had written when this was called. */
  waitUntilCaughtUp(timeoutMs?: number): Promise<void>
  /** Stops it at once (`pg_ctl stop -m immediate`): its connections break, new ones are refused. */
  stop(): void
  /** Starts it again and waits until it streams from the primary. */
  start(): Promise<void>
  /** Stops it if it runs and deletes its folder. */
  remove(): Promise<void>
}

/**
 * Why the test cannot run its own Postgres here, or undefined when it can: the binaries are missing, or this
 * process is root (initdb refuses root) without a `postgres` user to run them as. With `failUnderCi`, a reason
 * while the `CI` variable is set throws instead: a suite that CI must run is never skipped there.
 */
export function ownPostgresUnavailable(options: { failUnderCi?: boolean } = {}): string | undefined {
  const reason = whyUnavailable()
  if (reason !== undefined && options.failUnderCi && process.env.CI) {
    throw new Error(`this suite must run under CI, but it cannot run its own Postgres: ${reason}`)
  }
  return reason
}

function whyUnavailable(): string | undefined {
  if (!existsSync(join(PG_BIN, 'initdb')) || !existsSync(join(PG_BIN, 'pg_basebackup'))) return `no PostgreSQL 15 binaries in ${PG_BIN}`
  if (userInfo().uid !== 0) return undefined
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' })
    execFileSync('runuser', ['--help'], { stdio: 'ignore' })
    return undefined
  } catch {
    return 'running as root without a postgres user and runuser to run initdb as'
  }
}

/** A temporary folder Postgres's programs may use, and a way to run them: as the `postgres` user when this is root. */
async function clusterFolder(prefix: string): Promise<{ dir: string; run: (tool: string, args: string[]) => void }> {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  const asRoot = userInfo().uid === 0
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    await chown(dir, uid, gid)
  }
  await chmod(dir, 0o700)
  const run = (tool: string, args: string[]) => {
    const command = join(PG_BIN, tool)
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe', cwd: dir })
    else execFileSync(command, args, { stdio: 'pipe', cwd: dir })
  }
  return { dir, run }
}

/** `pg_ctl start`'s options: the port, a socket folder of its own, loopback only. */
function serverOptions(port: number, dir: string): string {
  return `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`
}

/**
 * initdb in a temporary folder and start on a free loopback port, as the `postgres` user when this is root.
 * Postgres 15's defaults (`wal_level=replica`, ten WAL senders) and initdb's trust rules let
 * `startStreamingReplica` copy it.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const { dir, run } = await clusterFolder('canvass-pg-')
  const data = join(dir, 'data')
  removeAtExit(dir, data, run)
  const port = await closedPort()
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'])
    const start = () => run('pg_ctl', ['-D', data, '-o', serverOptions(port, dir), '-l', join(dir, 'log'), '-w', '-t', '30', 'start'])
    start()
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      stopImmediately: () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
      start,
      remove: () => removeCluster(dir, data, run),
    }
  } catch (error) {
    await removeCluster(dir, data, run)
    throw error
  }
}

/**
 * A streaming replica of `primary`: `pg_basebackup -R -X stream` into a temporary folder, started on a free
 * loopback port; answers once the replica is in recovery and streams from the primary.
 */
export async function startStreamingReplica(primary: Pick<OwnPostgres, 'port' | 'url'>): Promise<StreamingReplica> {
  const { dir, run } = await clusterFolder('canvass-replica-')
  const data = join(dir, 'data')
  removeAtExit(dir, data, run)
  const port = await closedPort()
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const startServer = () => run('pg_ctl', ['-D', data, '-o', serverOptions(port, dir), '-l', join(dir, 'log'), '-w', '-t', '30', 'start'])
  const streaming = () =>
    waitFor(
      'the replica to stream from its primary',
      async () =>
        (
          await queryOne(
            url,
            "select pg_is_in_recovery() and exists (select 1 from pg_stat_wal_receiver where status = 'streaming') as ok",
          ).catch(() => undefined)
        )?.ok === true,
      { timeoutMs: 30_000, everyMs: 50 },
    )
  try {
    // `-R` writes `standby.signal` and the primary's address into `postgresql.auto.conf`; a fast checkpoint starts
    // the copy at once rather than after a spread one.
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '--checkpoint=fast',
      '--no-sync',
    ])
    startServer()
    await streaming()
  } catch (error) {
    await removeCluster(dir, data, run)
    throw error
  }
  const replica: StreamingReplica = {
    url,
    port,
    async pauseReplay() {
      await queryOne(url, 'select pg_wal_replay_pause()')
    },
    async resumeReplay() {
      await queryOne(url, 'select pg_wal_replay_resume()')
    },
    async waitUntilCaughtUp(timeoutMs = 10_000) {
      const { lsn } = await queryOne(primary.url, 'select pg_current_wal_lsn()::text as lsn')
      await waitFor(
        `the replica to replay up to ${lsn}`,
        async () => (await queryOne(url, 'select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [lsn])).ok === true,
        { timeoutMs, everyMs: 20 },
      )
    },
    stop: () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    async start() {
      startServer()
      await streaming()
    },
    remove: () => removeCluster(dir, data, run),
  }
  return replica
}

/**
 * The clusters not removed yet, each with its removal as the process's exit can run it (synchronously): a test
 * process that ends before its `after` hook (an uncaught error) leaves no server running and no folder behind.
 */
const leftBehind = new Map<string, () => void>()
let removingAtExit = false

function removeAtExit(dir: string, data: string, run: (tool: string, args: string[]) => void): void {
  leftBehind.set(dir, () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
    } catch {}
    rmSync(dir, { recursive: true, force: true })
  })
  if (removingAtExit) return
  removingAtExit = true
  process.once('exit', () => {
    for (const remove of leftBehind.values()) remove()
  })
}

async function removeCluster(dir: string, data: string, run: (tool: string, args: string[]) => void): Promise<void> {
  leftBehind.delete(dir)
  try {
    run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
  } catch {}
  await rm(dir, { recursive: true, force: true })
}

/** One statement on a connection of its own, its first row (`{}` when none). */
async function queryOne(url: string, text: string, values: unknown[] = []): Promise<Record<string, unknown>> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    return (await client.query(text, values)).rows[0] ?? {}
  } finally {
    await client.end()
  }
}
