import { request as httpRequest } from 'node:http'
import { Readable } from 'node:stream'

/**
 * A `fetch` that sends every request to 127.0.0.1:`port` whatever its host name, with that host name in the
 * Host header: how a test reaches a virtual-hosted bucket (`bucket.s3.localhost`) without DNS. (The Fetch
 * API does not let a caller set Host, so this speaks node:http.)
 */
export function loopbackFetch(port: number, seenHosts: string[] = []): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url)
    seenHosts.push(url.host)
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined
    const headers: Record<string, string> = Object.fromEntries(request.headers)
    headers.host = url.host
    if (body) headers['content-length'] = String(body.length)
    return new Promise<Response>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: '127.0.0.1', port, method: request.method, path: url.pathname + url.search, headers, signal: request.signal },
        (incoming) => {
          const status = incoming.statusCode ?? 500
          const responseHeaders = new Headers()
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const one of [value ?? []].flat()) responseHeaders.append(name, one)
          }
          const empty = request.method === 'HEAD' || status === 204 || status === 304
          if (empty) incoming.resume()
          const stream = empty ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>)
          resolve(new Response(stream, { status, headers: responseHeaders }))
        },
      )
      outgoing.on('error', reject)
      outgoing.end(body)
    })
  }
}
