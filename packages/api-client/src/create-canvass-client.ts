import type { paths } from '@canvass/core/openapi'
import createClient, { type Client } from 'openapi-fetch'

/** A client whose paths, parameters, bodies and answers are those of Canvass's OpenAPI document. */
export type CanvassClient = Client<paths>

export interface CanvassClientOptions {
  /**
   * Where the API lives: an origin, or a base path on the page's origin (`''` for the page's own). A function is
   * read on every call, so a host that sets it later (an element's attribute) needs no new client.
   */
  baseUrl: string | (() => string)
  /**
   * Headers every call carries, read on every call (the console's marker, CSRF token and environment). When it
   * gives any, no token is sent and the page's cookies go with the call (`credentials: 'same-origin'`).
   * @default none
   */
  headers?: () => Readonly<Record<string, string>> | null
  /**
   * A credential sent as `Authorization: Bearer …` (an API key or an editor token) when `headers` gives none;
   * cookies are then never sent.
   * @default none
   */
  token?: () => string | null
  /** The fetch to call, for tests and hosts without a global one. @default globalThis.fetch */
  fetch?: typeof fetch
}

/**
 * A typed client for Canvass. `baseUrl`, `headers` and `token` are read on every call; the requests and answers
 * are typed from the OpenAPI document core generates, so a route change shows up here as a type error. Use it
 * with `answerOf` to get the answer's JSON or a `CanvassApiError`.
 */
export function createCanvassClient(options: CanvassClientOptions): CanvassClient {
  const baseOf = typeof options.baseUrl === 'function' ? options.baseUrl : () => options.baseUrl as string
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  return createClient<paths>({
    // openapi-fetch builds a `Request`, which needs an absolute URL outside a page: it is built on a placeholder
    // origin, and the call goes to the base of the moment.
    baseUrl: PLACEHOLDER,
    headers: { accept: 'application/json, application/problem+json' },
    fetch: async (request) => {
      const given = options.headers?.() ?? null
      const headers = new Headers(request.headers)
      for (const [name, value] of Object.entries(given ?? {})) headers.set(name, value)
      const bearer = given ? null : (options.token?.() ?? null)
      if (bearer) headers.set('authorization', `Bearer ${bearer}`)
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
      return fetchImpl(`${baseOf()}${request.url.slice(PLACEHOLDER.length)}`, {
        method: request.method,
        headers,
        body: hasBody ? await request.arrayBuffer() : null,
        signal: request.signal,
        credentials: given ? 'same-origin' : 'omit',
      })
    },
  })
}

const PLACEHOLDER = 'http://canvass.invalid'
