import { existsSync, rmSync } from 'node:fs'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PACKED, unpackSeed } from '../src/database'
import { spawnProcess } from '@canvass/test-utils'
import type { SpawnedProcess } from '@canvass/test-utils'

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url))

/** A standalone server process that a test may stop or kill at any moment. */
export type ServerProcess = SpawnedProcess

/**
 * Spawns `dist/main.js` (or `main`: another build's, as the upgrade test runs the previous release's) with `env`
 * on a clean environment (PORT 0 on loopback unless given). Rate limits are
 * off unless `env` sets them: a test's load must not be throttled, and hostile sweeps send hundreds of requests.
 * SIGTERM stops it without a drain unless `env` sets `CANVASS_DRAIN_SECONDS` (drain.test.ts does).
 */
export function spawnServer(env: Record<string, string>, timeoutMs = 60_000, main = MAIN): ServerProcess {
  return spawnProcess(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', CANVASS_RATE_LIMITS: 'off', CANVASS_DRAIN_SECONDS: '0', ...env },
    timeoutMs,
  })
}

/** The empty, migrated embedded database the build made (`scripts/pgdata-seed.mjs`), which a first start copies. */
const BUILD_SEED = fileURLToPath(new URL('../dist/pgdata-seed', import.meta.url))

/**
 * Puts an embedded database that holds nothing into `dataDir` (made if missing): the copy of the build's empty,
 * migrated database that a user's first start makes, so no project yet; a server's first start on the folder
 * finds its migrations done and bootstraps as on an empty one. For tests whose subject is what comes after the
 * copy (the CLI, the bootstrap, faults), and whose servers must not run the copy themselves. Migrations are
 * tested where they live (`@canvass/storage-kysely`'s migrate suite, the Postgres start races) and run by the
 * build that made the copy.
 */
export async function emptyDatabaseInto(dataDir: string): Promise<void> {
  await cp(await unpackedSeed(), join(dataDir, 'pgdata'), { recursive: true })
}

let unpacked: Promise<string> | undefined

/** The build's seed unpacked once for this process, into a folder removed when the process exits. */
function unpackedSeed(): Promise<string> {
  unpacked ??= (async () => {
    if (!existsSync(join(BUILD_SEED, `PG_VERSION${PACKED}`))) throw new Error(`no ${BUILD_SEED}: build the standalone server first`)
    const folder = await mkdtemp(join(tmpdir(), 'canvass-seed-'))
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }))
    unpackSeed(BUILD_SEED, join(folder, 'pgdata'))
    return join(folder, 'pgdata')
  })()
  return unpacked
}

/** Ends a server the hard way (a power cut, `kill -9`) and waits until it is gone. */
export async function killHard(server: ServerProcess): Promise<void> {
  await server.stop('SIGKILL')
}

/** Stops a server gracefully and returns its exit code. */
export async function stopGracefully(server: ServerProcess): Promise<number | null> {
  return server.stop('SIGTERM')
}

/** What a load of response creates saw, per attempt; every attempt carries a marker of its own. */
export interface LoadResult {
  /** Markers whose create was answered 200: these must be stored exactly once. */
  acknowledged: Set<string>
  /** Markers of every attempt, answered or not: nothing else may be stored. */
  attempted: Set<string>
  statuses: Map<number, number>
  /** Attempts that got no answer (connection refused or reset, e.g. the server was killed). */
  noAnswer: number
  /** Attempts that got no answer within the client's timeout: a hang. */
  timedOut: number
  /** When each 200 came, to tell when service resumed. */
  okTimes: number[]
  unavailableTimes: number[]
  /** When each answer of 500 or more, or each attempt without an answer, came. */
  failureTimes: number[]
}

/**
 * `concurrency` clients that each create responses one after another, with a unique marker in `data`,
 * until `stop()` is called. Each request is bounded by `requestTimeoutMs`.
 */
export function startLoad(
  url: string,
  environmentId: string,
  surveyId: string,
  options: { concurrency?: number; requestTimeoutMs?: number; prefix: string },
): { result: LoadResult; stop(): Promise<LoadResult> } {
  const result: LoadResult = {
    acknowledged: new Set(),
    attempted: new Set(),
    statuses: new Map(),
    noAnswer: 0,
    timedOut: 0,
    okTimes: [],
    unavailableTimes: [],
    failureTimes: [],
  }
  let running = true
  let counter = 0
  const worker = async (w: number) => {
    while (running) {
      const marker = `${options.prefix}-${w}-${counter++}`
      result.attempted.add(marker)
      try {
        const response = await fetch(`${url}/api/v1/client/${environmentId}/responses`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ surveyId, finished: true, data: { q1: marker } }),
          signal: AbortSignal.timeout(options.requestTimeoutMs ?? 15_000),
        })
        const text = await response.text()
        result.statuses.set(response.status, (result.statuses.get(response.status) ?? 0) + 1)
        if (response.status >= 500) result.failureTimes.push(Date.now())
        if (response.status === 200) {
          result.acknowledged.add(marker)
          result.okTimes.push(Date.now())
        } else if (response.status === 503) {
          result.unavailableTimes.push(Date.now())
          if (response.headers.get('retry-after') === null) throw new Error(`503 without Retry-After: ${text}`)
          // A client that honours Retry-After would wait seconds; a short pause keeps the load going.
          await new Promise((resolve) => setTimeout(resolve, 50))
        } else if (response.status >= 500) await new Promise((resolve) => setTimeout(resolve, 50))
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') {
          result.timedOut++
          result.failureTimes.push(Date.now())
        } else if ((error as Error).message.startsWith('503 without')) throw error
        else {
          result.failureTimes.push(Date.now())
          result.noAnswer++
          // A client's pause before it tries again, as after a 503.
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
      }
    }
  }
  const workers = Array.from({ length: options.concurrency ?? 16 }, (_, w) => worker(w))
  return {
    result,
    async stop() {
      running = false
      await Promise.all(workers)
      return result
    },
  }
}

/** Compares what is stored (marker → count) with what the load saw. */
export function reconcile(stored: Map<string, number>, load: LoadResult) {
  let lost = 0
  let duplicated = 0
  let foreign = 0
  let unacknowledgedStored = 0
  for (const marker of load.acknowledged) {
    const count = stored.get(marker) ?? 0
    if (count === 0) lost++
    if (count > 1) duplicated++
  }
  for (const [marker, count] of stored) {
    if (!load.attempted.has(marker)) foreign++
    else if (count > 1 && !load.acknowledged.has(marker)) duplicated++
    else if (!load.acknowledged.has(marker)) unacknowledgedStored++
  }
  return { acknowledged: load.acknowledged.size, lost, duplicated, foreign, unacknowledgedStored }
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
}
