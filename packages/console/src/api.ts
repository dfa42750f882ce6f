/**
 * The console's one network client, over the shared `@canvass/api-client`. Every call goes to the server's
 * public API (the routes any client may use), with the session the page's cookie carries, marked as a console
 * call (`x-canvass-console`), the CSRF token on changes and the environment the person is looking at. Errors
 * come back as `ApiError` with words for a person. Callers name what an answer holds with the OpenAPI types
 * (`AnswerData<'/api/…/{id}'>`), never a shape of their own.
 */
import { answerOf, CanvassApiError, createCanvassClient, type FetchAnswer } from '@canvass/api-client'
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
  /** One page of a list route, v1 (`Link` cursor, `X-Total-Count` with `count=true`) or v3 (`meta`). */
  page<T = unknown>(path: string, options?: CallOptions): Promise<Page<T>>
  /** A v1 answer's `data`. */
  data<T = unknown>(path: string, options?: CallOptions): Promise<T>
  /** An absolute URL on the server, for links (exports, the link page). */
  url(path: string, query?: Query): string
  /** The headers every call carries (handed to the editor). */
  headers(): Record<string, string>
  environmentId(): string
  setEnvironment(id: string): void
}

/** A page of a list: its items, the cursor of the next page (null on the last) and the total when told. */
export interface Page<T> {
  items: T[]
  next: string | null
  total: number | null
  /** `gte` when the server stopped counting (v1 counts exactly up to 10,000). */
  totalRelation: 'eq' | 'gte'
}

/** The `cursor` of a `Link: <…?cursor=…>; rel="next"` header, as v1 list routes send it. */
export function nextCursorOf(link: string | null): string | null {
  const next = (link ?? '').split(',').find((part) => /rel="?next"?/.test(part))
  const target = next?.match(/<([^>]*)>/)?.[1]
  if (!target) return null
  return new URL(target, 'http://x').searchParams.get('cursor')
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
  const client = createCanvassClient({ baseUrl: boot.basePath, headers, fetch: fetchImpl })
  // The console names a resource by its concrete path (`/api/v1/webhooks/abc`), which openapi-fetch sends as it
  // is; what the answer holds is named by the caller, from the OpenAPI types.
  const request = client.request as unknown as (
    method: string,
    path: string,
    init: { params: { query: Query }; body?: unknown; signal?: AbortSignal | undefined },
  ) => Promise<FetchAnswer<unknown>>
  const send = async (path: string, options: CallOptions = {}) => {
    const query = Object.fromEntries(Object.entries(options.query ?? {}).filter(([, value]) => value !== ''))
    try {
      return await answerOf(
        request(options.method ?? 'GET', path, {
          params: { query },
          ...(options.body === undefined ? {} : { body: options.body }),
          signal: options.signal,
        }),
      )
    } catch (error) {
      if (!(error instanceof CanvassApiError)) throw error
      if (error.status === 0) throw new ApiError(0, 'The server could not be reached. Check your connection and try again.')
      throw new ApiError(error.status, errorWords(error.status, error.body), error.body)
    }
  }
  const call = async <T>(path: string, options?: CallOptions): Promise<T> => (await send(path, options)).data as T
  const page = async <T>(path: string, options?: CallOptions): Promise<Page<T>> => {
    const { response: answer, data: json } = await send(path, options)
    const body = (json ?? {}) as { data?: T[]; meta?: { nextCursor?: string | null; totalCount?: number | null } }
    const header = answer.headers.get('x-total-count')
    return {
      items: body.data ?? [],
      next: body.meta ? (body.meta.nextCursor ?? null) : nextCursorOf(answer.headers.get('link')),
      total: body.meta ? (body.meta.totalCount ?? null) : header === null ? null : Number(header),
      totalRelation: answer.headers.get('x-total-count-relation') === 'gte' ? 'gte' : 'eq',
    }
  }
  return {
    call,
    page,
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
