/**
 * `GET /health/live` and `GET /health/ready`, for orchestrators (docs/deploying.md, "Health and shutdown").
 * Live: the process answers. Ready: this instance should be sent requests: it is not draining (SIGTERM), the
 * database answers, and its schema is this version's, every migration this version knows run and none it does
 * not know (a newer version migrated it). A 503 names the first check that failed and says why in plain words;
 * it never repeats a database error, since the route takes no key.
 */
import { schemaStatus } from '@canvass/storage-kysely'
import type { SchemaStatus } from '@canvass/storage-kysely'
import type { Kysely } from 'kysely'
import { SERVER_VERSION } from './server-version'

export interface ReadinessChecks {
  /** Whether the server has begun to shut down. */
  draining: () => boolean
  /** How the database's schema stands; throws (or rejects) when the database cannot be reached. */
  schema: () => Promise<SchemaStatus>
  /**
   * How long the database may take to answer before the instance counts as not ready.
   * @default 2000
   */
  timeoutMs?: number
}

/** What failed, in the order the checks run. */
export type ReadinessFailure = 'draining' | 'database' | 'schema'

/** `/health/live`: the process runs its event loop and answers. */
export function liveAnswer(): Response {
  return Response.json({ status: 'ok', version: SERVER_VERSION }, { headers: SAFE_HEADERS })
}

/** `/health/ready`: 200 when every check passes, else 503 naming the first that failed. */
export async function readyAnswer(checks: ReadinessChecks): Promise<Response> {
  const failed = await firstFailure(checks)
  if (failed === undefined) return Response.json({ status: 'ok', version: SERVER_VERSION }, { headers: SAFE_HEADERS })
  return Response.json(
    { status: 'unavailable', version: SERVER_VERSION, failed: failed.check, reason: failed.reason },
    { status: 503, headers: SAFE_HEADERS },
  )
}

/**
 * The schema check of a server's database (`alive` given: the embedded one). Nothing but this process can migrate
 * the embedded database, and it did before listening: its schema is read once, and readiness never waits for a
 * turn on it. A Postgres server is asked at each check, since another version may have migrated it since.
 */
export async function schemaCheck(db: Kysely<unknown>, alive: (() => boolean) | undefined): Promise<() => Promise<SchemaStatus>> {
  if (alive === undefined) return () => schemaStatus(db)
  const once = await schemaStatus(db)
  return async () => {
    if (!alive()) throw new Error('The embedded database has stopped')
    return once
  }
}

async function firstFailure(checks: ReadinessChecks): Promise<{ check: ReadinessFailure; reason: string } | undefined> {
  if (checks.draining()) {
    return { check: 'draining', reason: 'This instance is shutting down: it finishes the requests it has; send new ones elsewhere.' }
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeoutMs = checks.timeoutMs ?? 2000
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)))
  const status = await Promise.race([checks.schema().catch(() => 'down' as const), late]).finally(() => clearTimeout(timer))
  if (status === 'down') return { check: 'database', reason: 'The database cannot be reached.' }
  if (status === 'late') return { check: 'database', reason: `The database did not answer within ${timeoutMs / 1000} s.` }
  if (status.unknown.length > 0) {
    return {
      check: 'schema',
      reason: `A newer version of Canvass migrated the database (${listed(status.unknown)}, unknown to version ${SERVER_VERSION}): run that version.`,
    }
  }
  if (status.missing.length > 0) {
    return {
      check: 'schema',
      reason: `The database lacks migrations of version ${SERVER_VERSION} (${listed(status.missing)}): they run when the server starts; restart it or run canvass migrate.`,
    }
  }
  return undefined
}

/** At most three names, then how many more. */
function listed(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(', ')
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown
}

/** The same safe headers as every API answer: never sniffed into HTML, never kept by a cache. */
const SAFE_HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' }
