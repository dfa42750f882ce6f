import { suiteWithBed } from '@canvass/test-bed'
import * as v from 'valibot'
import * as assert from 'uvu/assert'
import { audited, isAudited } from '../src/http/audit'
import { readJsonBody } from '../src/http/body'
import type { RouteDoc } from '../src/http/route-doc'
import { contextFor, routeCallOf } from './pipeline-helpers'

const { test, bed } = suiteWithBed('route step: audit')
const PATH = '/api/v1/management/things'
const doc: RouteDoc = {
  summary: 'Create a thing',
  auth: 'apiKey',
  body: v.object({ name: v.string(), tags: v.array(v.string()) }),
  audit: { action: 'create', resourceType: 'thing', resourceId: 'answer' },
}

const post = (body: unknown) =>
  new Request(`http://canvass.test${PATH}`, {
    method: 'POST',
    headers: { 'x-api-key': bed().keyA, 'content-type': 'application/json', 'x-request-id': 'audit-step' },
    body: JSON.stringify(body),
  })

test('a 2xx answer is followed by one entry: who, what, the answer’s id, and the body’s known fields, never their values', async () => {
  const ctx = contextFor(bed().storage)
  const call = routeCallOf(post({ name: 'secret name', tags: ['a', 'b'], madeUp: 1 }), ctx, PATH)
  call.request.requestId = 'audit-step'
  const response = await audited(
    'POST',
    PATH,
    doc,
  )(call, async () => {
    await readJsonBody(call.request)
    return Response.json({ data: { id: 'thing-1' } })
  })
  assert.is(response.status, 200)
  const [entry] = await bed().storage.auditLog.list(bed().envA, { limit: 1, resourceType: 'thing' })
  assert.ok(entry)
  assert.equal(
    { action: entry.action, route: entry.route, resourceId: entry.resourceId, summary: entry.summary, requestId: entry.requestId },
    {
      action: 'create',
      route: PATH,
      resourceId: 'thing-1',
      summary: { fields: ['name', 'tags'], counts: { tags: 2 } },
      requestId: 'audit-step',
    },
  )
  assert.not.match(JSON.stringify(entry), /secret name/)
})

test('an answer that is not 2xx, and a HEAD, are not recorded', async () => {
  const ctx = contextFor(bed().storage)
  const before = await bed().storage.auditLog.list(bed().envA, { limit: 100, resourceType: 'thing' })
  await audited('POST', PATH, doc)(routeCallOf(post({ name: 'x', tags: [] }), ctx, PATH), async () => Response.json({}, { status: 404 }))
  const head = new Request(`http://canvass.test${PATH}`, { method: 'HEAD', headers: { 'x-api-key': bed().keyA } })
  await audited('GET', PATH, doc)(routeCallOf(head, ctx, PATH), async () => new Response(null))
  assert.is((await bed().storage.auditLog.list(bed().envA, { limit: 100, resourceType: 'thing' })).length, before.length)
})

test('every management write is audited, and a read only where it says how', () => {
  assert.ok(isAudited('DELETE', { summary: 'Delete', auth: 'apiKey' }))
  assert.not.ok(isAudited('POST', { summary: 'Validate', auth: 'apiKey', readOnly: true }))
  assert.not.ok(isAudited('GET', { summary: 'List', auth: 'apiKey' }))
})

test.run()
