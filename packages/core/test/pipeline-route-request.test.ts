import { IttyRouter } from 'itty-router'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { CanvassContext, CanvassRouter } from '../src/context'
import { CanvassError } from '../src/errors'
import { routeRequest } from '../src/pipeline/route-request'
import { callTo } from './pipeline-helpers'

const routing = suite('pipeline: routeRequest')
const router: CanvassRouter = IttyRouter()
router.get('/things/:id', (request) => new Response(`thing ${request.params.id}`))
const allowed = (pathname: string) => (pathname.startsWith('/things/') ? ['GET', 'HEAD'] : [])
const last = routeRequest(router, {} as CanvassContext, allowed)

routing('the route that matches path and method answers', async () => {
  assert.is(await (await last(callTo('/things/7'))).text(), 'thing 7')
})

routing('a known path with another method is a 405 naming the allowed ones', async () => {
  const error = await last(callTo('/things/7', { method: 'DELETE' })).catch((thrown: unknown) => thrown)
  assert.instance(error, CanvassError)
  assert.is((error as CanvassError).status, 405)
  assert.equal((error as CanvassError).headers, { allow: 'GET, HEAD, OPTIONS' })
})

routing('OPTIONS on a known path is told the allowed methods; an unknown path is a 404', async () => {
  const options = await last(callTo('/things/7', { method: 'OPTIONS' }))
  assert.is(options.status, 204)
  assert.is(options.headers.get('allow'), 'GET, HEAD, OPTIONS')
  const missing = await last(callTo('/nothing')).catch((thrown: unknown) => thrown)
  assert.is((missing as CanvassError).status, 404)
})

routing.run()
