/**
 * The console's one network client. Every call goes to the server's public API (the routes any client may use),
 * with the session the page's cookie carries, marked as a console call (`x-canvass-console`), the CSRF token on
 * changes and the environment the person is looking at. Errors come back as `ApiError` with the server's words.
 */
import type { Boot } from './boot'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export type Query = Record<string, string | number | boolean | undefined | null | Array<string | number>>

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  query?: Query
  signal?: AbortSignal
}

export interface Api {
  /** The answer's JSON (`undefined` for a 204). */
  call<T = unknown>(path: string, options?: CallOptions): Promise<T>
  /** A v1 answer's `data`. */
  data<T = unknown>(path: string, options?: CallOptions): Promise<T>
  /** An absolute URL on the server, for links (exports, the link page). */
  url(path: string, query?: Query): string
  /** The headers every call carries (handed to the editor). */
  headers(): Record<string, string>
  environmentId(): string
  setEnvironment(id: string): void
}

export function createApi(boot: Boot, fetchImpl: typeof fetch = (...args) => fetch(...args)): Api {
  const production = boot.environments.find((environment) => environment.type === 'production') ?? boot.environments[0]
  let environmentId = production?.id ?? ''
  const url = (path: string, query?: Query) => {
    const search = new URLSearchParams()
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null || value === '') continue
      if (Array.isArray(value)) for (const item of value) search.append(name, String(item))
      else search.set(name, String(value))
    }
    const text = search.toString()
    return `${boot.basePath}${path}${text ? `?${text}` : ''}`
  }
  const headers = () => ({
    'x-canvass-console': '1',
    'x-canvass-csrf': boot.csrfToken,
    'x-canvass-environment': environmentId,
  })
  const call = async <T>(path: string, options: CallOptions = {}): Promise<T> => {
    const init: RequestInit = {
      method: options.method ?? 'GET',
      headers: { ...headers(), ...(options.body === undefined ? {} : { 'content-type': 'application/json' }) },
      credentials: 'same-origin',
      signal: options.signal,
    }
    if (options.body !== undefined) init.body = JSON.stringify(options.body)
    let answer: Response
    try {
      answer = await fetchImpl(url(path, options.query), init)
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error
      throw new ApiError(0, 'The server could not be reached. Check your connection and try again.')
    }
    if (answer.status === 204) return undefined as T
    const text = await answer.text()
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    if (!answer.ok) throw new ApiError(answer.status, errorWords(answer.status, json), json)
    return json as T
  }
  return {
    call,
    data: async <T>(path: string, options?: CallOptions) => ((await call<{ data: T }>(path, options)) ?? { data: undefined as T }).data,
    url,
    headers,
    environmentId: () => environmentId,
    setEnvironment: (id) => {
      environmentId = id
    },
  }
}

/** What to tell a person about a failed call: the server's message (v1 `message`/`details`, v3 `detail`). */
export function errorWords(status: number, json: unknown): string {
  const body = (json ?? {}) as { message?: unknown; detail?: unknown; title?: unknown; details?: unknown; invalid_params?: unknown }
  const said = [body.message, body.detail, body.title].find((value) => typeof value === 'string' && value !== '') as string | undefined
  const fields =
    body.details && typeof body.details === 'object'
      ? Object.entries(body.details as Record<string, unknown>)
          .map(([name, why]) => `${name}: ${String(why)}`)
          .join('; ')
      : ''
  if (status === 401) return 'Your session has ended. Sign in again to go on.'
  if (status === 403) return said ?? 'Your role does not allow this.'
  if (status === 429) return 'Too many requests. Wait a moment and try again.'
  const base = said ?? (status >= 500 ? 'The server could not do this. Try again later.' : `The request failed (${status}).`)
  return fields ? `${base} (${fields})` : base
}
