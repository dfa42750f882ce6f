import { SourceError } from './source-error'

export interface SourcePage {
  items: unknown[]
  /** The URL of the next page when the source says where it is (`Link: <…>; rel="next"`). */
  next: string | null
}

export interface ListOptions {
  /** Items asked for per page. @default 100 */
  limit?: number
  /** The query parameter that skips items, where the source has no `Link`. @default 'skip' */
  skipParam?: string
  query?: Record<string, string>
  /** Set to false when the source has no such route (404 on the first page). */
  found?: { value: boolean }
}

/**
 * Every item of a list, page by page (at most one page held), reading each page with `page`; see
 * `SourceClient.list`. At most `maxPages` pages are read.
 */
export async function* listPages(
  page: (pathAndQuery: string) => Promise<SourcePage | null>,
  maxPages: number,
  path: string,
  { limit = 100, skipParam = 'skip', query = {}, found }: ListOptions = {},
): AsyncGenerator<unknown[], void> {
  const withQuery = (extra: Record<string, string>) => `${path}?${new URLSearchParams({ ...query, limit: String(limit), ...extra })}`
  let read = 0
  let pages = 1
  let firstIdBefore: unknown
  let linked = false
  let pending: Promise<SourcePage | null> | null = page(withQuery({}))
  while (pending) {
    const answer: SourcePage | null = await pending
    pending = null
    if (!answer) {
      if (read === 0 && found) found.value = false
      return
    }
    const firstId = (answer.items[0] as { id?: unknown } | undefined)?.id
    if (read > 0 && firstId !== undefined && firstId === firstIdBefore) return
    firstIdBefore = firstId
    read += answer.items.length
    let next: string | null = null
    if (answer.next) {
      next = answer.next
      linked = true
    }
    // A source that links its pages says where the last one is by giving no link. More than asked: the source
    // ignores `limit` and answered everything. None: the end. Fewer than asked may be the end or the source's
    // own cap on `limit`, which only the next page tells.
    else if (!linked && answer.items.length > 0 && answer.items.length <= limit) next = withQuery({ [skipParam]: String(read) })
    if (next !== null && pages >= maxPages) {
      if (answer.items.length > 0) yield answer.items
      throw new SourceError(`${path} went on past ${maxPages} pages (${read} items): the rest was not read`, null)
    }
    // The next page is read while this one is written: still one request at a time.
    if (next !== null) {
      pages++
      pending = page(next)
      // Settled by the next turn of the loop; a consumer that stops early leaves it unobserved, not unhandled.
      pending.catch(() => {})
    }
    if (answer.items.length > 0) yield answer.items
  }
}
