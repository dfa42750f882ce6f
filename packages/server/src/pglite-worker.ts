/**
 * The thread that owns the embedded database (docs/deploying.md, "The embedded database"): PGlite runs a statement
 * in the thread that calls it, without a turn of that thread's event loop until it is done, so here it runs in a
 * worker thread of its own and the server's thread stays free to read, route and answer. The server sends one
 * statement at a time (`pglite-thread.ts`); each answer is posted back with the rows PGlite parsed here.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { parentPort } from 'node:worker_threads'
import { PGLITE_PARSERS } from '@canvass/storage-kysely/pglite-parsers'
import type { OpenRequest, ThreadAnswer, ThreadError, ThreadRequest } from './pglite-thread'

if (parentPort === null) throw new Error('pglite-worker runs as a worker thread')
const port = parentPort

const post = (answer: ThreadAnswer) => port.postMessage(answer)

/**
 * PGlite's code, loaded as soon as the thread starts, which may be before the server's own code has loaded
 * (`prestartPGliteThread`). Its WebAssembly is compiled when the database opens: compiled here beforehand, while
 * the server's thread loads, the start took longer on two cores, not shorter.
 */
const loading = import('@electric-sql/pglite')
// Awaited when the folder is named; a failure is reported then.
loading.catch(() => {})

port.once('message', (request: OpenRequest) => void open(request))

async function open({ dataDir, startParams }: OpenRequest): Promise<void> {
  try {
    const { PGlite } = await loading
    const pglite = await PGlite.create(dataDir, { parsers: PGLITE_PARSERS, startParams: [...PGlite.defaultStartParams, ...startParams] })
    port.on('message', (request: ThreadRequest) => {
      if (request.type === 'settle') {
        collectGarbage()
        post({ id: request.id, result: { rows: [], command: 'SETTLE' } })
        return
      }
      if (request.type === 'close') {
        void pglite.close().then(
          () => post({ id: request.id, result: { rows: [], command: 'CLOSE' } }),
          (error: unknown) => post({ id: request.id, error: plainError(error) }),
        )
        return
      }
      pglite.query<Record<string, unknown>>(request.sql, request.params, { rowMode: 'object' }).then(
        (result) => post({ id: request.id, result: { rows: result.rows, affectedRows: result.affectedRows, command: commandOf(result) } }),
        (error: unknown) => post({ id: request.id, error: plainError(error) }),
      )
    })
    post({ id: 0, result: { rows: [], command: 'READY' } })
  } catch (error) {
    post({ id: 0, error: plainError(error) })
  }
}

/**
 * What this thread allocated while the database opened and the server started (PGlite's loading, the migrations'
 * results) is garbage once the server listens, but V8 gives its pages back only when it sees the thread idle,
 * much later: one full collection now gives them back at once, as the server's own thread does (start.ts).
 */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void
  setFlagsFromString('--no-expose-gc')
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })
}

/** PGlite's results carry the command tag (`COMMIT`, or `ROLLBACK` when a commit found the transaction failed). */
function commandOf(result: object): string | undefined {
  const command = (result as { command?: unknown }).command
  return typeof command === 'string' ? command : undefined
}

/**
 * What the server's thread gets of an error: its message and the fields Postgres gives it (`code`, `constraint`,
 * `detail`, …), which the storage reads. Never `query` or `params`: PGlite attaches the whole statement and its
 * values, up to a request's body, and they must not travel on to a log.
 */
function plainError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error) }
  const fields: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(error)) {
    if (name === 'query' || name === 'params' || name === 'queryOptions') continue
    if (typeof value === 'string' || typeof value === 'number') fields[name] = value
  }
  return { ...fields, message: error.message, name: error.name }
}
