import * as v from 'valibot'
import type { PageQuery } from '../ports/storage'
import { badRequest } from './errors'
import { parseInput } from './validate'

export const DEFAULT_PAGE_SIZE = 100
export const MAX_PAGE_SIZE = 1000

const integerParam = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, 'Must be a whole number'),
    v.transform(Number),
    v.minValue(min, `Must be at least ${min}`),
    v.maxValue(max, `Must be at most ${max}`),
  )

const pageQuerySchema = v.object({
  limit: v.optional(integerParam(1, MAX_PAGE_SIZE)),
  skip: v.optional(integerParam(0, 100_000_000)),
  offset: v.optional(integerParam(0, 100_000_000)),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(512))),
})

/**
 * Reads `limit`, `skip` (or `offset` where the route allows it) and `cursor` (contract §5). A repeated
 * parameter, an out-of-range number, an undecodable cursor or `skip` together with `cursor` is a 400.
 */
export function readPageQuery(query: Record<string, string | string[] | undefined>, allowOffset = false): PageQuery {
  const raw: Record<string, unknown> = { limit: query.limit, skip: query.skip, cursor: query.cursor }
  if (allowOffset) raw.offset = query.offset
  const parsed = parseInput(pageQuerySchema, raw)
  const skip = parsed.skip ?? parsed.offset
  if (skip !== undefined && parsed.cursor !== undefined) {
    throw badRequest('Fields are missing or incorrectly formatted', { cursor: 'Cannot be combined with skip' })
  }
  const page: PageQuery = { limit: parsed.limit ?? DEFAULT_PAGE_SIZE }
  if (skip) page.skip = skip
  if (parsed.cursor !== undefined) page.after = decodeCursor(parsed.cursor)
  return page
}

/** Cuts the extra row a storage list returns and builds the `Link` header of the next page, if any. */
export function paginate<T extends { createdAt: Date; id: string }>(
  rows: T[],
  page: PageQuery,
  nextUrl: URL & { relative?: true },
): { items: T[]; headers: Record<string, string> } {
  if (rows.length <= page.limit) return { items: rows, headers: {} }
  const items = rows.slice(0, page.limit)
  return { items, headers: { link: nextLink(items[items.length - 1] as T, nextUrl) } }
}

/**
 * The `Link` header of the page after `last`: absolute, or only path and query when `nextUrl` is marked
 * `relative` (see `externalUrl`).
 */
export function nextLink(last: { createdAt: Date; id: string }, nextUrl: URL & { relative?: true }): string {
  nextUrl.searchParams.delete('skip')
  nextUrl.searchParams.delete('offset')
  nextUrl.searchParams.set('cursor', encodeCursor(last))
  const target = nextUrl.relative ? nextUrl.pathname + nextUrl.search : nextUrl.href
  return `<${target}>; rel="next"`
}

function encodeCursor(row: { createdAt: Date; id: string }): string {
  return btoa(`${row.createdAt.toISOString()}|${row.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const invalid = () => badRequest('Fields are missing or incorrectly formatted', { cursor: 'Invalid cursor' })
  let text: string
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))
  } catch {
    throw invalid()
  }
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\|([A-Za-z0-9_-]{1,255})$/.exec(text)
  const createdAt = new Date(match?.[1] ?? Number.NaN)
  if (!match?.[2] || Number.isNaN(createdAt.getTime())) throw invalid()
  return { createdAt, id: match[2] }
}
