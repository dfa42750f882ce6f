import { suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { authenticate } from '../src/auth/authenticate'
import { authentication } from '../src/auth/authentication'
import { recordedRoute } from '../src/auth/console-auth'
import { mintEditorTokenForLibrary } from '../src/domain/editor-token-mint'
import { CanvassError } from '../src/errors'
import type { RouteDoc } from '../src/http/route-doc'
import { contextFor, routeCallOf } from './pipeline-helpers'

const { test, bed } = suiteWithBed('route step: authentication')
const PATH = '/api/v3/surveys'
const doc = (editorToken?: RouteDoc['editorToken']): RouteDoc => ({
  summary: 'List surveys',
  auth: 'apiKey',
  ...(editorToken ? { editorToken } : {}),
})

test('records the route as registered, which the console’s role check reads', async () => {
  const call = routeCallOf(new Request(`http://canvass.test${PATH}`), contextFor(bed().storage), PATH)
  await authentication('GET', PATH, doc())(call, async () => new Response('ok'))
  assert.equal(recordedRoute(call.request), { method: 'GET', path: PATH })
})

test('an editor token stands for a key on a route that takes one, and nowhere else', async () => {
  const ctx = contextFor(bed().storage)
  const { token } = await mintEditorTokenForLibrary(ctx, { workspaceId: bed().envA })
  const asked = async (route: RouteDoc) => {
    const request = new Request(`http://canvass.test${PATH}`, { headers: { authorization: `Bearer ${token}` } })
    const call = routeCallOf(request, ctx, PATH)
    return authentication('GET', PATH, route)(call, async () => Response.json(await authenticate(call.request, call.ctx)))
  }
  const caller = (await (await asked(doc('workspace'))).json()) as { environmentId: string; editor?: unknown }
  assert.is(caller.environmentId, bed().envA)
  assert.ok(caller.editor)
  const refused = await asked(doc()).catch((error: unknown) => error)
  assert.instance(refused, CanvassError)
  assert.is((refused as CanvassError).status, 401)
})

test.run()
