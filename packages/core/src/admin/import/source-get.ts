import { SourceError } from './source-error'

/** What `sourceGet` needs, every default settled (see `SourceClientOptions`). */
export interface SourceGetSettings {
  origin: string
  apiKey: string
  fetch: typeof fetch
  sleep: (ms: number) => Promise<void>
  attempts: number
  maxWaitMs: number
  maxPageBytes: number
  requestTimeoutMs: number
  onWait?: (info: { url: string; ms: number; reason: string }) => void
}

/**
 * GETs on the source, one at a time: a 429 waited out as its `Retry-After` says, 5xx answers and network
 * errors retried with a growing pause, no redirect followed and no URL off the origin asked for.
 */
export function sourceGet(
  settings: SourceGetSettings,
): (url: string) => Promise<{ status: number; headers: Headers; text: string } | null> {
  const { origin, attempts, maxWaitMs, maxPageBytes, requestTimeoutMs, sleep } = settings
  const doFetch = settings.fetch

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
          headers: { 'x-api-key': settings.apiKey, accept: 'application/json' },
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
          `The source refused the API key ${describeKey(settings.apiKey)} (${response.status} to GET ${url}): it is wrong, revoked, or has no read access to the environment`,
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
    settings.onWait?.({ url, ms: bounded, reason })
    await sleep(bounded)
  }

  function backoff(attempt: number): number {
    return Math.min(250 * 2 ** (attempt - 1), maxWaitMs)
  }

  return get
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
