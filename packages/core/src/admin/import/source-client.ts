import { sourceGet } from './source-get'
import { listPages } from './source-list'
import type { ListOptions, SourcePage } from './source-list'
import { SourceError } from './source-error'

export { SourceError } from './source-error'
export { describeKey, retryAfter } from './source-get'
export type { ListOptions, SourcePage } from './source-list'

/**
 * Reads another instance's management API politely: one request at a time, a 429 waited out as its
 * `Retry-After` says, 5xx answers and network errors retried with a growing pause, every wait bounded.
 * It trusts the source with nothing: no redirect is followed and no URL off the `url`'s origin is asked for
 * (the API key goes to that origin only), every request has a deadline, and every body and list a bound
 * (see docs/migrating.md).
 */
export interface SourceClientOptions {
  /** The source server's base URL, e.g. `https://formbricks.example.com`. */
  url: string
  apiKey: string
  fetch?: typeof fetch
  /** Waits this long; tests pass a clock of their own. @default setTimeout */
  sleep?: (ms: number) => Promise<void>
  /** Tries per request before its error is reported. @default 6 */
  attempts?: number
  /** Longest single wait, for `Retry-After` and backoff alike. @default 60_000 */
  maxWaitMs?: number
  /** Largest page body read, in bytes: a page past it is reported, never held. @default 134217728 (128 MiB) */
  maxPageBytes?: number
  /**
   * Longest time one request may take, from asking to the last byte of its answer: a source that stalls or
   * sends its body a trickle at a time is cut off there (a try that failed). @default 60_000
   */
  requestTimeoutMs?: number
  /** Most pages read of one list: a source that links pages without end is stopped there. @default 100_000 */
  maxPages?: number
  /** Told of every wait (for the CLI to print). */
  onWait?: (info: { url: string; ms: number; reason: string }) => void
}

export interface SourceClient {
  readonly base: string
  /** One page of a list; `null` when the source has no such route (404). */
  page(pathAndQuery: string): Promise<SourcePage | null>
  /** A JSON object the source answers (`{ data: {…} }` unwrapped); `null` when it has no such route (404). */
  document(pathAndQuery: string): Promise<Record<string, unknown> | null>
  /**
   * Every item of a list, page by page (at most one page held): follows `Link` when given, else asks for
   * `skipParam` = items read so far until a page comes back empty (a source may cap `limit` below what was
   * asked). A source that ignores `limit` (answers more than asked) or answers the same page again ends the list.
   */
  list(path: string, options?: ListOptions): AsyncGenerator<unknown[], void>
}

export function createSourceClient(options: SourceClientOptions): SourceClient {
  const base = options.url.replace(/\/+$/, '')
  const maxPages = options.maxPages ?? 100_000
  const get = sourceGet({
    origin: new URL(base).origin,
    apiKey: options.apiKey,
    fetch: options.fetch ?? fetch,
    sleep: options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))),
    attempts: options.attempts ?? 6,
    maxWaitMs: options.maxWaitMs ?? 60_000,
    maxPageBytes: options.maxPageBytes ?? 128 * 1024 * 1024,
    requestTimeoutMs: options.requestTimeoutMs ?? 60_000,
    onWait: options.onWait,
  })

  async function json(pathAndQuery: string): Promise<{ url: string; body: unknown; headers: Headers } | null> {
    const url = new URL(pathAndQuery, `${base}/`).toString()
    const answer = await get(url)
    if (!answer) return null
    try {
      return { url, body: JSON.parse(answer.text), headers: answer.headers }
    } catch {
      throw new SourceError(`${url} answered something other than JSON`, answer.status)
    }
  }

  async function page(pathAndQuery: string): Promise<SourcePage | null> {
    const answer = await json(pathAndQuery)
    if (!answer) return null
    const { url, body } = answer
    const data = typeof body === 'object' && body !== null && 'data' in body ? (body as { data: unknown }).data : body
    if (!Array.isArray(data)) throw new SourceError(`${url} answered no list (\`data\` is not an array)`, 200)
    const link = answer.headers.get('link')
    const next = link ? /<([^>]+)>\s*;\s*rel="?next"?/.exec(link)?.[1] : undefined
    return { items: data, next: next ? new URL(next, url).toString() : null }
  }

  async function document(pathAndQuery: string): Promise<Record<string, unknown> | null> {
    const answer = await json(pathAndQuery)
    if (!answer) return null
    const { body } = answer
    const data = typeof body === 'object' && body !== null && 'data' in body ? (body as { data: unknown }).data : body
    if (typeof data !== 'object' || data === null || Array.isArray(data))
      throw new SourceError(`${answer.url} answered no JSON object`, 200)
    return data as Record<string, unknown>
  }
  function list(path: string, listOptions?: ListOptions): AsyncGenerator<unknown[], void> {
    return listPages(page, maxPages, path, listOptions)
  }

  return { base, page, document, list }
}
