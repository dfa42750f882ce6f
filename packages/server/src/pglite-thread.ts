import { Worker } from 'node:worker_threads'

/** Where the embedded database lives, and the settings its Postgres starts with beside PGlite's own. */
export interface PGliteThreadOptions {
  dataDir: string
  /** `-c name=value` pairs, after `PGlite.defaultStartParams`. */
  startParams: string[]
}

/** The thread's first message: where the database is, once the server holds its folder. */
export type OpenRequest = { type: 'open' } & PGliteThreadOptions

/** A statement for the database's thread, or the request to close it. */
export type ThreadRequest = { id: number } & OwnRequest

type OwnRequest = { type: 'query'; sql: string; params: unknown[] } | { type: 'settle' } | { type: 'close' }

/** A statement's result as the thread posts it back. */
export interface ThreadResult {
  rows: Record<string, unknown>[]
  affectedRows?: number
  /** The command tag: `ROLLBACK` answers a `COMMIT` of a transaction that had failed. */
  command?: string
}

/** A statement's error as the thread posts it back: its message and the fields Postgres gave it. */
export type ThreadError = { message: string; name?: string; code?: string } & Record<string, string | number>

/** The thread's answer to request `id` (0: the database opened, or failed to). */
export type ThreadAnswer = { id: number; result: ThreadResult; error?: undefined } | { id: number; error: ThreadError; result?: undefined }

/** The embedded database in a thread of its own (`pglite-worker.ts`): statements in, rows out. */
export interface PGliteThread {
  /** Runs one statement; rejects with the database's error (its `code`, `constraint`, …) as the storage expects. */
  query(sql: string, params: readonly unknown[]): Promise<ThreadResult>
  /** Whether the thread still runs: false once it ended (closed, or PGlite's WebAssembly failed). */
  alive(): boolean
  /** Collects the thread's garbage at once (once the server has started: see `pglite-worker.ts`). */
  settle(): Promise<void>
  /** Closes the database and ends the thread. */
  close(): Promise<void>
}

/**
 * Starts the thread, which opens the database at `options.dataDir`, and resolves once it is open (rejects with
 * PGlite's own message when it cannot be). A thread that ends by itself (PGlite's WebAssembly failed) fails what
 * was waiting on it with a connection error, which the storage answers 503, and every later statement the same.
 */
export async function startPGliteThread(options: PGliteThreadOptions): Promise<PGliteThread> {
  const early = prestarted
  prestarted = undefined
  // A thread started early that has ended already (it could not load PGlite) is replaced by a new one, whose error,
  // if it has the same, is reported below.
  const worker = early !== undefined && early.threadId !== -1 ? early : newWorker()
  worker.ref()
  worker.postMessage({ type: 'open', ...options } satisfies OpenRequest)
  const pending = new Map<number, { resolve: (result: ThreadResult) => void; reject: (error: Error) => void }>()
  let nextId = 1
  let ended: Error | undefined
  let closing = false

  const opened = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject })
  })
  worker.on('message', (answer: ThreadAnswer) => {
    const waiter = pending.get(answer.id)
    if (waiter === undefined) return
    pending.delete(answer.id)
    if (answer.error !== undefined) waiter.reject(Object.assign(new Error(answer.error.message), answer.error))
    else waiter.resolve(answer.result)
  })
  const end = (error: Error) => {
    ended ??= error
    for (const waiter of pending.values()) waiter.reject(ended)
    pending.clear()
  }
  worker.on('error', (error) => end(lostDatabase(error.message)))
  worker.on('exit', (code) => end(lostDatabase(closing ? 'the database was closed' : `its thread ended with code ${code}`)))

  const send = (request: OwnRequest): Promise<ThreadResult> => {
    if (ended) return Promise.reject(ended)
    const id = nextId++
    return new Promise<ThreadResult>((resolve, reject) => {
      pending.set(id, { resolve, reject })
      try {
        worker.postMessage({ ...request, id })
      } catch (error) {
        // A value that cannot be copied to the thread (never one the storage sends): the statement's own failure.
        pending.delete(id)
        reject(error as Error)
      }
    })
  }

  try {
    await opened
  } catch (error) {
    await worker.terminate()
    throw error
  }
  return {
    // Kysely's parameters, read-only by type only: the message copies them.
    query: (sql, params) => send({ type: 'query', sql, params: params as unknown[] }),
    alive: () => ended === undefined,
    async settle() {
      await send({ type: 'settle' })
    },
    async close() {
      if (ended) return
      closing = true
      await send({ type: 'close' }).catch(() => {})
      await worker.terminate()
    },
  }
}

/**
 * A thread started before the server's own code loads (`main.ts`), which loads PGlite's code meanwhile and opens
 * no database until `startPGliteThread` names its folder: a warm start then waits for the longer of the two rather
 * than both. It keeps no process alive until taken.
 */
let prestarted: Worker | undefined

/** Starts the thread early, for `startPGliteThread` to take (once). */
export function prestartPGliteThread(): void {
  if (prestarted !== undefined) return
  prestarted = newWorker()
  prestarted.unref()
  // Its error, if any, is the taker's to report (its thread has ended by then, and a new one tries again).
  prestarted.on('error', () => {})
}

/**
 * Whether a server started with `args` and `env` will run on the embedded database: no `DATABASE_URL` and no
 * `--database-url`, and not asked for its help. A wrong guess costs only the early thread, which
 * `dropPrestartedThread` ends (or nothing takes, and the process exits without it).
 */
export function embeddedDatabaseLikely(args: readonly string[], env: NodeJS.ProcessEnv): boolean {
  if (env.DATABASE_URL) return false
  return !args.some((arg) => arg === '--help' || arg === '-h' || arg === '--database-url' || arg.startsWith('--database-url='))
}

/** Ends the thread started early when the server runs on a Postgres server instead. */
export async function dropPrestartedThread(): Promise<void> {
  const worker = prestarted
  prestarted = undefined
  await worker?.terminate()
}

/**
 * The thread's young generation is held to 16 MB (V8 would let it grow to several times that under load): an idle
 * server keeps ~5 MB less, and creates on one connection lost ~10 % at 4 MB, nothing measurable at 16.
 */
function newWorker(): Worker {
  return new Worker(workerUrl(), { resourceLimits: { maxYoungGenerationSizeMb: 16 } })
}

/**
 * The worker's module beside this one: `pglite-worker.js` in the built package, `pglite-worker.ts` when the server
 * runs from its sources (tests, through tsx, which the worker thread inherits from Node's flags).
 */
function workerUrl(): URL {
  const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js'
  return new URL(`./pglite-worker.${extension}`, import.meta.url)
}

/** What a statement fails with once the thread is gone: SQLSTATE 08006, which the storage answers with 503. */
function lostDatabase(why: string): Error {
  return Object.assign(new Error(`The embedded database is not available: ${why}`), { code: '08006' })
}
