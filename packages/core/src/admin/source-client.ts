/**
 * Reads another instance's management API politely: one request at a time, a 429 waited out as its
 * `Retry-After` says, 5xx answers and network errors retried with a growing pause, every wait bounded.
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
  /** Told of every wait (for the CLI to print). */
  onWait?: (info: { url: string; ms: number; reason: string }) => void
}

/** The source answered an error that retrying does not mend, or kept failing. */
export class SourceError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message)
    this.name = 'SourceError'
  }
}

export interface SourcePage {
  items: unknown[]
  /** The URL of the next page when the source says where it is (`Link: <…>; rel="next"`). */
  next: string | null
}

export interface SourceClient {
  readonly base: string
  /** One page of a list; `null` when the source has no such route (404). */
  page(pathAndQuery: string): Promise<SourcePage | null>
  /**
   * Every item of a list, page by page (at most one page held): follows `Link` when given, else asks for
   * `skipParam` = items read so far until a page comes back empty (a source may cap `limit` below what was
   * asked). A source that ignores `limit` (answers more than asked) or answers the same page again ends the list.
   */
  list(path: string, options?: ListOptions): AsyncGenerator<unknown[], void>
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

export function createSourceClient(options: SourceClientOptions): SourceClient {
  const base = options.url.replace(/\/+$/, '')
  const doFetch = options.fetch ?? fetch
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const attempts = options.attempts ?? 6
  const maxWaitMs = options.maxWaitMs ?? 60_000
  const maxPageBytes = options.maxPageBytes ?? 128 * 1024 * 1024

  async function get(url: string): Promise<Response | null> {
    let lastError = ''
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let response: Response
      try {
        response = await doFetch(url, { headers: { 'x-api-key': options.apiKey, accept: 'application/json' } })
      } catch (error) {
        lastError = `network error: ${error instanceof Error ? error.message : String(error)}`
        if (attempt < attempts) await wait(url, backoff(attempt), lastError)
        continue
      }
      if (response.ok) return response
      if (response.status === 404) {
        await response.body?.cancel()
        return null
      }
      const text = (await response.text().catch(() => '')).slice(0, 300)
      if (response.status === 429 || response.status >= 500) {
        lastError = `${response.status} ${text}`.trim()
        const after = response.status === 429 || response.status === 503 ? retryAfter(response.headers.get('retry-after')) : null
        if (attempt < attempts)
          await wait(url, after ?? backoff(attempt), response.status === 429 ? 'rate limited (429)' : `${response.status}`)
        continue
      }
      throw new SourceError(`${response.status} from ${url}: ${text}`, response.status)
    }
    throw new SourceError(`${url} failed ${attempts} times, last: ${lastError}`, null)
  }

  async function wait(url: string, ms: number, reason: string): Promise<void> {
    const bounded = Math.min(Math.max(ms, 0), maxWaitMs)
    options.onWait?.({ url, ms: bounded, reason })
    await sleep(bounded)
  }

  function backoff(attempt: number): number {
    return Math.min(250 * 2 ** (attempt - 1), maxWaitMs)
  }

  async function page(pathAndQuery: string): Promise<SourcePage | null> {
    const url = new URL(pathAndQuery, `${base}/`).toString()
    const response = await get(url)
    if (!response) return null
    let body: unknown
    const text = await boundedText(response, maxPageBytes)
    if (text === null)
      throw new SourceError(`${url} answered more than ${maxPageBytes} bytes in one page: give a smaller page size`, response.status)
    try {
      body = JSON.parse(text)
    } catch {
      throw new SourceError(`${url} answered something other than JSON`, response.status)
    }
    const data = typeof body === 'object' && body !== null && 'data' in body ? (body as { data: unknown }).data : body
    if (!Array.isArray(data)) throw new SourceError(`${url} answered no list (\`data\` is not an array)`, response.status)
    const link = response.headers.get('link')
    const next = link ? /<([^>]+)>\s*;\s*rel="?next"?/.exec(link)?.[1] : undefined
    return { items: data, next: next ? new URL(next, url).toString() : null }
  }

  async function* list(
    path: string,
    { limit = 100, skipParam = 'skip', query = {}, found }: ListOptions = {},
  ): AsyncGenerator<unknown[], void> {
    const withQuery = (extra: Record<string, string>) => `${path}?${new URLSearchParams({ ...query, limit: String(limit), ...extra })}`
    let read = 0
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
      // The next page is read while this one is written: still one request at a time.
      if (next !== null) {
        pending = page(next)
        // Settled by the next turn of the loop; a consumer that stops early leaves it unobserved, not unhandled.
        pending.catch(() => {})
      }
      if (answer.items.length > 0) yield answer.items
    }
  }

  return { base, page, list }
}

/** The body as text, or null (the rest not read) once it passes `max` bytes. */
async function boundedText(response: Response, max: number): Promise<string | null> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let bytes = 0
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return text + decoder.decode()
    bytes += value.byteLength
    if (bytes > max) {
      await reader.cancel()
      return null
    }
    text += decoder.decode(value, { stream: true })
  }
}

/** `Retry-After` in ms: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}
