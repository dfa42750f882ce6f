import type { ConnectionInfo } from '../src/context'
import type { RequestCall } from '../src/pipeline/request-call'
import { requestCall } from '../src/pipeline/request-call'

/** A call for a request to `path` on `http://canvass.test`, with the path split as the `target` step does. */
export function callTo(path: string, init: RequestInit = {}, info: ConnectionInfo = {}): RequestCall {
  const url = new URL(path, 'http://canvass.test')
  const call = requestCall(new Request(url, init), info)
  call.pathname = url.pathname
  call.search = url.search.slice(1)
  return call
}

/** A `next` that answers `response` and counts its calls. */
export function answering(response: () => Response = () => new Response('answer')): (() => Promise<Response>) & { calls: number } {
  const next = Object.assign(
    () => {
      next.calls++
      return Promise.resolve(response())
    },
    { calls: 0 },
  )
  return next
}
