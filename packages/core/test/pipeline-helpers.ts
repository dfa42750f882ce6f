import type { IRequest } from 'itty-router'
import { createLifecycle } from '../src/canvass-lifecycle'
import type { CanvassOptions } from '../src/canvass-options'
import { canvassSettings } from '../src/canvass-settings'
import type { CanvassContext, ConnectionInfo } from '../src/context'
import { createContext } from '../src/create-context'
import { createRequestProtocols } from '../src/http/request-protocol'
import type { Storage } from '../src/ports/storage'
import type { RouteCall } from '../src/pipeline/route-call'
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

/** What every handler of an instance over `storage` is given, made as `createCanvass` makes it. */
export function contextFor(storage: Storage, given: Partial<CanvassOptions> = {}): CanvassContext {
  const options: CanvassOptions = { storage, secret: 'pipeline-test-secret-0123456789', ...given }
  const settings = canvassSettings(options)
  const lifecycle = createLifecycle({ options, settings, storage, now: () => new Date(), readAssets: async () => undefined })
  return createContext(options, settings, lifecycle, createRequestProtocols(undefined))
}

/** A call of a route's steps: `request` as the router hands it over, with its route as registered and its parameters. */
export function routeCallOf(request: Request, ctx: CanvassContext, route: string, params: Record<string, string> = {}): RouteCall {
  return { request: Object.assign(request, { route, params, query: {} }) as IRequest, ctx, info: {} }
}
