import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash } from 'node:crypto'

/**
 * Who the statements of the code running now are for: the lane the embedded database's fair queue counts them
 * in (docs/deploying.md, "The embedded database"). Set by the server around each request; work outside any
 * request (webhook delivery, retention, the start) is in `BACKGROUND_LANE`.
 */
const lanes = new AsyncLocalStorage<string>()

export const BACKGROUND_LANE = 'background'

/** The lane of the code running now. */
export function currentLane(): string {
  return lanes.getStore() ?? BACKGROUND_LANE
}

/**
 * Runs `fn` with `lane` as the current lane, and keeps it for what `fn` starts later from here (the pages of a
 * streamed answer included: `enterWith` marks the caller's own context too, which is the host's for this
 * request alone, so that the body it reads after `fn` returned is still counted in `lane`).
 */
export function enterLane<T>(lane: string, fn: () => T): T {
  lanes.enterWith(lane)
  return fn()
}

/** Runs `fn`, and what it starts, in `lane`, leaving the caller's own lane as it was. */
export function inLane<T>(lane: string, fn: () => T): T {
  return lanes.run(lane, fn)
}

/**
 * The caller a request is for, as the fair queue tells callers apart: its API key (hashed: the lane's name may
 * be kept while its statements wait, and a key is never kept in memory longer than its request), else the
 * environment, survey or shared-results key its path names (the widget's and the pages' routes, which take no
 * key), else its client's address.
 */
export function laneOfRequest(request: Request, clientAddress: string | undefined): string {
  const key = request.headers.get('x-api-key') ?? bearer(request.headers.get('authorization'))
  if (key) return `key:${createHash('sha256').update(key).digest('base64url').slice(0, 22)}`
  const named = PATH_SUBJECT.exec(pathOf(request.url))
  if (named) return `path:${named[1]}`
  return `address:${clientAddress ?? 'unknown'}`
}

/**
 * Paths whose first id says whose data they read (under any mount prefix): the client routes
 * (`/api/v1/client/{environmentId}/…`, `/api/v2/client/{environmentId}/…`, and the spec form
 * `/api/v1/client/responses/{responseId}`), the link page (`/s/{surveyId}`), the shared results (`/share/{key}`),
 * uploaded files (`/storage/{environmentId}/…`).
 */
const PATH_SUBJECT = /\/(?:api\/v1\/client\/responses|api\/v[12]\/client|s|share|storage)\/([^/?#]{1,128})/

function bearer(header: string | null): string | undefined {
  if (header === null) return undefined
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match?.[1]
}

function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start < 0) return '/'
  const end = url.indexOf('?', start)
  return end < 0 ? url.slice(start) : url.slice(start, end)
}
