import * as v from 'valibot'
import type { PageQuery } from '../ports/storage'
import { normalizeIsoDateTime } from '../schemas/common'
import { utf8Length } from '../domain/responses/response-size'
import { badRequest } from '../errors'
import { okItems } from './respond'
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

/**
 * The entries of a cursor-paged query of its own (`limit` from 1 to `max`, `cursor`), for lists that take no
 * `skip`: the audit log, the mail log, a question's answers.
 */
export const cursorPageEntries = (max: number) => ({
  limit: v.optional(integerParam(1, max)),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(512))),
})

/** The query of a list route (docs/design.md, "Lists"); the surveys' list also takes `offset` for `skip`. */
export const pageQuery = v.object({
  limit: v.optional(integerParam(1, MAX_PAGE_SIZE)),
  skip: v.optional(integerParam(0, 100_000_000)),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(512))),
})

export const pageQueryWithOffset = v.object({ ...pageQuery.entries, offset: v.optional(integerParam(0, 100_000_000)) })

const pageQuerySchema = pageQueryWithOffset

/**
 * Reads `limit`, `skip` (or `offset` where the route allows it) and `cursor` (docs/design.md, "Lists"). A repeated
 * parameter, an out-of-range number, an undecodable cursor or `skip` together with `cursor` is a 400.
 */
export function readPageQuery(query: Record<string, string | string[] | undefined>, allowOffset = false, cursorTag?: string): PageQuery {
  const raw: Record<string, unknown> = { limit: query.limit, skip: query.skip, cursor: query.cursor }
  if (allowOffset) raw.offset = query.offset
  const parsed = parseInput(pageQuerySchema, raw)
  const skip = parsed.skip ?? parsed.offset
  if (skip !== undefined && parsed.cursor !== undefined) {
    throw badRequest('Fields are missing or incorrectly formatted', { cursor: 'Cannot be combined with skip' })
  }
  const page: PageQuery = { limit: parsed.limit ?? DEFAULT_PAGE_SIZE }
  if (skip) page.skip = skip
  if (parsed.cursor !== undefined) page.after = decodeCursor(parsed.cursor, cursorTag)
  return page
}

/**
 * Most bytes of JSON in one page of a list. A page ends early, with a `Link` to the rest, once the next row
 * would pass it: a page of 1,000 surveys or responses of a MiB each never needs a GB, and the server holds at
 * most this much plus one batch of rows while it builds a page.
 */
export const PAGE_BYTES = 8 * 1024 * 1024

/** Rows per storage call for lists whose rows can be a MiB or more (`ListPageOptions.batch`). */
export const LARGE_ROW_BATCH = 20

export interface ListPageOptions<T> {
  /** Reads rows from `position` on, at most `limit` and one more when more exist (the storage lists' rule). */
  read: (position: PageQuery) => Promise<T[]>
  /** The API's shape of one row. */
  output: (row: T) => unknown
  /** Where the next page is, when there is one (see `externalUrl`); asked only then. */
  nextUrl: () => URL & { relative?: true }
  /**
   * Rows read per storage call. Lists whose rows can be large (surveys, responses) read a few at a time, so
   * that a page that ends early by bytes has not read the rest.
   * @default page.limit
   */
  batch?: number
  /** @default PAGE_BYTES */
  maxBytes?: number
  /**
   * The keyset position of a row in the list's order (`PageQuery.after`), for lists sorted by another field
   * than `createdAt`.
   * @default (row) => ({ createdAt: row.createdAt, id: row.id })
   */
  positionOf?: (row: T) => { createdAt: Date; id: string }
  /** Marks cursors of an order other than the default, so that one is never read in another order. */
  cursorTag?: string
  /** Headers of the answer besides `Link` (e.g. `X-Total-Count`). */
  headers?: Record<string, string>
}

/**
 * One page of a list route (docs/design.md, "Lists"), the only pagination implementation: reads `page` in batches, ends it
 * at `page.limit` rows or `maxBytes` of JSON (at least one row, so paging always advances), and answers
 * `{data:[…]}` with a `Link` to the next page when more rows exist.
 */
export async function listPage<T extends { createdAt: Date; id: string }>(page: PageQuery, options: ListPageOptions<T>): Promise<Response> {
  const maxBytes = options.maxBytes ?? PAGE_BYTES
  const positionOf = options.positionOf ?? ((row: T) => ({ createdAt: row.createdAt, id: row.id }))
  const items: string[] = []
  let bytes = 0
  let last: T | undefined
  let more = false
  let position: Omit<PageQuery, 'limit'> = {}
  if (page.skip) position.skip = page.skip
  if (page.after) position.after = page.after
  batches: for (;;) {
    const want = Math.min(options.batch ?? page.limit, page.limit - items.length)
    const rows = await options.read({ ...position, limit: want })
    for (const row of rows.slice(0, want)) {
      const text = JSON.stringify(options.output(row))
      const size = utf8Length(text)
      if (items.length > 0 && bytes + size > maxBytes) {
        more = true
        break batches
      }
      items.push(text)
      bytes += size
      last = row
    }
    if (rows.length <= want) break
    if (items.length >= page.limit) {
      more = true
      break
    }
    position = { after: positionOf(last as T) }
  }
  const headers = {
    ...options.headers,
    ...(more && last ? { link: nextLink(positionOf(last), options.nextUrl(), options.cursorTag) } : {}),
  }
  return okItems(items, Object.keys(headers).length > 0 ? headers : undefined)
}

/**
 * The `Link` header of the page after `last`: absolute, or only path and query when `nextUrl` is marked
 * `relative` (see `externalUrl`).
 */
export function nextLink(last: { createdAt: Date; id: string }, nextUrl: URL & { relative?: true }, cursorTag?: string): string {
  nextUrl.searchParams.delete('skip')
  nextUrl.searchParams.delete('offset')
  nextUrl.searchParams.set('cursor', encodeCursor(last, cursorTag))
  const target = nextUrl.relative ? nextUrl.pathname + nextUrl.search : nextUrl.href
  return `<${target}>; rel="next"`
}

/** `{position}|{id}`, prefixed `{tag}|` for an order other than a list's default; base64url. */
/** A keyset position as the opaque text a client sends back (`cursor`), tagged with its order when not the default. */
export function encodeCursor(row: { createdAt: Date; id: string }, tag?: string): string {
  const text = `${tag ? `${tag}|` : ''}${row.createdAt.toISOString()}|${row.id}`
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** `encodeCursor`'s text read back; a text it did not write, or one of another order, is a 400 naming `cursor`. */
export function decodeCursor(cursor: string, tag?: string): { createdAt: Date; id: string } {
  const invalid = () => badRequest('Fields are missing or incorrectly formatted', { cursor: 'Invalid cursor' })
  let text: string
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))
  } catch {
    throw invalid()
  }
  const tagged = /^([A-Za-z]+\.[a-z]+)\|/.exec(text)
  if ((tagged?.[1] ?? undefined) !== tag) {
    throw badRequest('Fields are missing or incorrectly formatted', {
      cursor: 'Belongs to another sortBy or order: start again without it',
    })
  }
  if (tagged) text = text.slice(tagged[0].length)
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\|([A-Za-z0-9_-]{1,255})$/.exec(text)
  // A date as the server writes it: year 0 or Feb 31 is no row's position (and year 0 is out of Postgres' range).
  const time = match?.[1] === undefined ? null : normalizeIsoDateTime(match[1])
  if (!match?.[2] || time !== match[1]) throw invalid()
  return { createdAt: new Date(time), id: match[2] }
}
