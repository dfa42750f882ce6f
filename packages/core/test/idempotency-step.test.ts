import { suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { CanvassError } from '../src/errors'
import { idempotent } from '../src/http/idempotency'
import type { CanvassContext } from '../src/context'
import { contextFor, routeCallOf } from './pipeline-helpers'

const { test, bed } = suiteWithBed('route step: idempotency')
const PATH = '/api/v1/management/things'

function step(ctx: CanvassContext) {
  const run = idempotent({ scope: 'management', environment: async () => bed().envA })
  let runs = 0
  const send = (key: string | null, body: unknown) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (key !== null) headers['idempotency-key'] = key
    const request = new Request(`http://canvass.test${PATH}`, { method: 'POST', headers, body: JSON.stringify(body) })
    return run(routeCallOf(request, ctx, PATH), async () => {
      runs++
      return Response.json({ data: { id: `thing-${runs}` } }, { status: 201 })
    })
  }
  return { send, runs: () => runs }
}

test('the same request with the same key gets the first answer again, marked as replayed', async () => {
  const { send, runs } = step(contextFor(bed().storage))
  const first = await send('key-1', { name: 'a' })
  const again = await send('key-1', { name: 'a' })
  assert.equal([first.status, again.status], [201, 201])
  assert.equal(await again.json(), { data: { id: 'thing-1' } })
  assert.is(again.headers.get('idempotent-replayed'), 'true')
  assert.is(runs(), 1)
})

test('another request with the key is refused; without a key every request runs', async () => {
  const { send, runs } = step(contextFor(bed().storage))
  await send('key-2', { name: 'a' })
  const reused = await send('key-2', { name: 'b' }).catch((error: unknown) => error)
  assert.instance(reused, CanvassError)
  assert.is((reused as CanvassError).code, 'idempotency_key_reused')
  await send(null, { name: 'a' })
  await send(null, { name: 'a' })
  assert.is(runs(), 3)
})

test('a malformed key is a 400 before anything runs', async () => {
  const { send, runs } = step(contextFor(bed().storage))
  const refused = await send('bad\tkey', {}).catch((error: unknown) => error)
  assert.is((refused as CanvassError).status, 400)
  assert.is(runs(), 0)
})

test.run()
