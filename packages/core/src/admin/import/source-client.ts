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

/** The source answered an error that retrying does not mend, or kept failing. */
export class SourceError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /**
     * Whether nothing more can be read from this source: it refused the key (401, 403), it redirects, or it
     * could not be reached before it ever answered. An import stops there rather than failing every list alike.
     */
    readonly fatal = false,
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
  /** A JSON object the source answers (`{ data: {…} }` unwrapped); `null` when it has no such route (404). */
  document(pathAndQuery: string): Promise<Record<string, unknown> | null>
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
  const origin = new URL(base).origin
  const doFetch = options.fetch ?? fetch
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const attempts = options.attempts ?? 6
  const maxWaitMs = options.maxWaitMs ?? 60_000
  const maxPageBytes = options.maxPageBytes ?? 128 * 1024 * 1024
  const requestTimeoutMs = options.requestTimeoutMs ?? 60_000
  const maxPages = options.maxPages ?? 100_000
  /** Whether the source has answered anything yet: until then, not reaching it ends the import. */
  let answered = false

  /** The answer to a GET of `url` with its body read (bounded), or null for a 404. */
  async function get(url: string): Promise<{ status: number; headers: Headers; text: string } | null> {
    if (new URL(url).origin !== origin)
      throw new SourceError(`The source pointed to ${url}, off ${origin}: not read (the API key is sent to ${origin} only)`, null)
    let lastError = ''
    // A source that never answered is given fewer tries: a mistyped --url is said within a second.
    const tries = () => (answered ? attempts : Math.min(attempts, 3))
    let attempt = 0
    while (++attempt <= tries()) {
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), requestTimeoutMs)
      let response: Response
      let text: string | null
      try {
        response = await doFetch(url, {
          headers: { 'x-api-key': options.apiKey, accept: 'application/json' },
          redirect: 'manual',
          signal: controller.signal,
        })
        if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400) || response.redirected) {
          await response.body?.cancel().catch(() => {})
          const location = response.headers.get('location')
          throw new SourceError(
            `${url} answered a redirect (${response.status || 'opaque'}${location ? ` to ${location}` : ''}): the import follows none, so that the API key stays on ${origin}; give --url the address the source is served at`,
            response.status || null,
            true,
          )
        }
        answered = true
        if (response.status === 404) {
          await response.body?.cancel().catch(() => {})
          return null
        }
        text = await boundedText(response, response.ok ? maxPageBytes : 64 * 1024, controller.signal)
      } catch (error) {
        if (error instanceof SourceError) throw error
        lastError = controller.signal.aborted
          ? `no complete answer within ${requestTimeoutMs / 1000} s`
          : `network error: ${causeOf(error)}`
        if (attempt < tries()) await wait(url, backoff(attempt), lastError)
        continue
      } finally {
        clearTimeout(timer)
      }
      if (response.ok) {
        if (text === null)
          throw new SourceError(`${url} answered more than ${maxPageBytes} bytes in one page: give a smaller page size`, response.status)
        return { status: response.status, headers: response.headers, text }
      }
      const excerpt = (text ?? '').slice(0, 300)
      if (response.status === 401 || response.status === 403)
        throw new SourceError(
          `The source refused the API key ${describeKey(options.apiKey)} (${response.status} to GET ${url}): it is wrong, revoked, or has no read access to the environment`,
          response.status,
          true,
        )
      if (response.status === 429 || response.status >= 500) {
        lastError = `${response.status} ${excerpt}`.trim()
        const after = response.status === 429 || response.status === 503 ? retryAfter(response.headers.get('retry-after')) : null
        if (attempt < tries())
          await wait(url, after ?? backoff(attempt), response.status === 429 ? 'rate limited (429)' : `${response.status}`)
        continue
      }
      throw new SourceError(`${response.status} from ${url}: ${excerpt}`, response.status)
    }
    if (!answered) throw new SourceError(`Cannot reach ${url}: ${lastError} (${tries()} tries)`, null, true)
    throw new SourceError(`${url} failed ${tries()} times, last: ${lastError}`, null)
  }

  async function wait(url: string, ms: number, reason: string): Promise<void> {
    const bounded = Math.min(Math.max(ms, 0), maxWaitMs)
    options.onWait?.({ url, ms: bounded, reason })
    await sleep(bounded)
  }

  function backoff(attempt: number): number {
    return Math.min(250 * 2 ** (attempt - 1), maxWaitMs)
  }

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

  async function* list(
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

  return { base, page, document, list }
}

/** The key as a person recognises it, without giving it away: its start and its length. */
export function describeKey(key: string): string {
  const shown = key.slice(0, Math.min(8, Math.floor(key.length / 3)))
  return `${shown}… (${key.length} characters)`
}

/** Why a fetch failed, from the error Node wraps its cause in ("fetch failed"). */
function causeOf(error: unknown): string {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error
  if (cause instanceof AggregateError && cause.errors.length > 0) return causeOf(cause.errors[0])
  if (cause instanceof Error) return cause.message || (cause as { code?: string }).code || cause.name
  return String(cause)
}

/**
 * The body as text, or null (the rest not read) once it passes `max` bytes. Each read waits at most until
 * `signal` aborts, so a body that stalls cannot hold the import past its deadline.
 */
async function boundedText(response: Response, max: number, signal: AbortSignal): Promise<string | null> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(new Error('aborted'))
    signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true })
  })
  aborted.catch(() => {})
  const decoder = new TextDecoder()
  let bytes = 0
  let text = ''
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted])
      if (done) return text + decoder.decode()
      bytes += value.byteLength
      if (bytes > max) return null
      text += decoder.decode(value, { stream: true })
    }
  } finally {
    await reader.cancel().catch(() => {})
  }
}

/** `Retry-After` in ms: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}
