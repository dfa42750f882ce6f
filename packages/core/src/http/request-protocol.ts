/**
 * The protocol a client used to reach Canvass (docs/deploying.md, "Behind a proxy"): the request URL's, unless
 * the request came from a trusted proxy (`trusted-proxies.ts`) that says in `Forwarded: proto=` or
 * `X-Forwarded-Proto` what the client used to reach it. Only the value the nearest proxy appended counts (the
 * last one): what came before it is what the client sent, and anyone may send anything.
 */
import type { ConnectionInfo } from '../context'
import type { ProxyMatcher } from './trusted-proxies'

export type RequestProtocol = 'http:' | 'https:'

/** Records what the host said of each request, and answers the protocol of a request from it. */
export interface RequestProtocols {
  /** Called by `fetch` for every request: kept only when proxies are trusted, as only then it can matter. */
  record(request: Request, info: ConnectionInfo): void
  /** The protocol `request` came over, as the client used it. */
  of(request: Request): RequestProtocol
}

export function createRequestProtocols(proxies: ProxyMatcher | undefined): RequestProtocols {
  const connections = new WeakMap<Request, ConnectionInfo>()
  return {
    record(request, info) {
      if (proxies) connections.set(request, info)
    },
    of(request) {
      const own: RequestProtocol = new URL(request.url).protocol === 'https:' ? 'https:' : 'http:'
      if (!proxies?.(connections.get(request)?.clientAddress)) return own
      return forwardedProtocol(request.headers) ?? own
    },
  }
}

/**
 * What the nearest proxy says the client used: `proto` of the last element of `Forwarded` (RFC 7239), else the
 * last entry of `X-Forwarded-Proto`; undefined when neither says, or when the value is not http or https.
 */
export function forwardedProtocol(headers: Headers): RequestProtocol | undefined {
  const forwarded = headers.get('forwarded')
  const said = (forwarded === null ? undefined : nearestForwardedProto(forwarded)) ?? lastEntry(headers.get('x-forwarded-proto'))
  if (said === undefined) return undefined
  const proto = said.toLowerCase()
  return proto === 'https' ? 'https:' : proto === 'http' ? 'http:' : undefined
}

// ——— Internal helpers ————————————————————————————————————————————————————————————————————————————————————

function lastEntry(header: string | null): string | undefined {
  if (header === null) return undefined
  return header.slice(header.lastIndexOf(',') + 1).trim() || undefined
}

/** `proto` of the last element of a `Forwarded` header, whose quoted strings may hold `,` and `;`. */
function nearestForwardedProto(header: string): string | undefined {
  const elements = splitOutsideQuotes(header, ',')
  const last = elements[elements.length - 1] ?? ''
  for (const pair of splitOutsideQuotes(last, ';')) {
    const eq = pair.indexOf('=')
    if (eq === -1 || pair.slice(0, eq).trim().toLowerCase() !== 'proto') continue
    const value = pair.slice(eq + 1).trim()
    return value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value
  }
  return undefined
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = []
  let start = 0
  let quoted = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (quoted && char === '\\') index++
    else if (char === '"') quoted = !quoted
    else if (!quoted && char === separator) {
      parts.push(text.slice(start, index))
      start = index + 1
    }
  }
  parts.push(text.slice(start))
  return parts
}
