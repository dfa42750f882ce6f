/**
 * Lists that page by cursor (the audit log, deliveries): the next page's cursor is in the answer's `Link`
 * header, which `api.data` does not show, so these reads go through `readPage`.
 */
import type { Api, Query } from './api'
import { ApiError, errorWords } from './api'

export interface Page<T> {
  data: T[]
  /** The `cursor` of the next page, or null on the last. */
  next: string | null
}

export async function readPage<T>(api: Api, path: string, query: Query, signal?: AbortSignal): Promise<Page<T>> {
  let answer: Response
  try {
    answer = await fetch(api.url(path, query), { headers: api.headers(), credentials: 'same-origin', signal })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.')
  }
  const text = await answer.text()
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  if (!answer.ok) throw new ApiError(answer.status, errorWords(answer.status, json), json)
  return { data: ((json as { data?: T[] } | undefined)?.data ?? []) as T[], next: nextCursor(answer.headers.get('link')) }
}

/** The `cursor` of a `Link: <…?cursor=…>; rel="next"` header. */
export function nextCursor(link: string | null): string | null {
  const match = link ? /<([^>]*)>\s*;\s*rel="?next"?/.exec(link) : null
  if (!match) return null
  return new URL(match[1] as string, location.href).searchParams.get('cursor')
}

/** Whether a call failed because the server has no such route (an older server): a 405, or a 404 naming a Route. */
export function routeMissing(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  if (error.status === 405) return true
  const details = (error.details as { details?: { resource_type?: unknown } } | undefined)?.details
  return error.status === 404 && details?.resource_type === 'Route'
}
