/**
 * Management keys as `Authorization: Bearer <key>` (docs/api.md, "Authentication"): accepted wherever
 * `x-api-key` is, with the same checks; a v3 401 carries the reference's challenge
 * (`WWW-Authenticate: Bearer realm="formbricks"`); two different keys, or a malformed Bearer header, are a 401.
 */
import { suiteWithBed } from '@canvass/test-bed'
import type { ApiResult } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const { test, bed } = suiteWithBed('v3 bearer keys')

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })

const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  bed().call(method, path, { headers, ...(body !== undefined ? { body } : {}) })

function assertUnauthorized(res: ApiResult) {
  assert.is(res.status, 401, res.text)
  assert.is(res.headers.get('content-type'), 'application/problem+json')
  assert.is(res.headers.get('www-authenticate'), 'Bearer realm="formbricks"')
  assert.is(res.body.code, 'not_authenticated')
}

/** One read per v3 route family, each answered 200 with the key as Bearer. */
async function routeTable(): Promise<Array<[string, string, unknown?]>> {
  const survey = await bed().call('POST', '/api/v3/surveys', {
    key: bed().keyA,
    body: {
      workspaceId: bed().projectId,
      name: 'Bearer',
      blocks: [{ name: 'B', elements: [{ id: 'q1', type: 'openText', headline: { 'en-US': 'Why?' }, required: false }] }],
    },
  })
  assert.is(survey.status, 201, survey.text)
  const surveyId = survey.body.data.id as string
  const workspace = `workspaceId=${bed().projectId}`
  return [
    ['GET', `/api/v3/surveys?${workspace}`],
    ['GET', `/api/v3/surveys/${surveyId}`],
    ['PATCH', `/api/v3/surveys/${surveyId}`, { name: 'Renamed with Bearer' }],
    ['POST', '/api/v3/surveys/validate', { operation: 'patch', surveyId, data: { name: 'x' } }],
    ['GET', `/api/v3/responses?${workspace}`],
    ['GET', `/api/v3/responses/count?${workspace}`],
    ['GET', `/api/v3/tags?${workspace}`],
    ['GET', `/api/v3/action-classes?${workspace}`],
    ['GET', `/api/v3/contact-attribute-keys?${workspace}`],
  ]
}

test('every v3 route family takes the key as Bearer, as it takes x-api-key', async () => {
  for (const [method, path, body] of await routeTable()) {
    const withBearer = await send(method, path, bearer(bed().keyA), body)
    assert.is(withBearer.status, 200, `${method} ${path}: ${withBearer.text}`)
    const withHeader = await send(method, path, { 'x-api-key': bed().keyA }, body)
    assert.is(withHeader.status, 200, `${method} ${path}: ${withHeader.text}`)
    // The scheme is case-insensitive (RFC 9110), and the same key in both headers is one key.
    const both = await send(method, path, { authorization: `bearer ${bed().keyA}`, 'x-api-key': bed().keyA }, body)
    assert.is(both.status, 200, `${method} ${path}: ${both.text}`)
  }
})

test('a v3 401 carries WWW-Authenticate: no key, an unknown key, a revoked-looking key, a malformed Bearer', async () => {
  const path = `/api/v3/surveys?workspaceId=${bed().projectId}`
  assertUnauthorized(await send('GET', path, {}))
  assertUnauthorized(await send('GET', path, bearer(`cvs_${'A'.repeat(43)}`)))
  assertUnauthorized(await send('GET', path, bearer('not-a-key')))
  assertUnauthorized(await send('GET', path, { authorization: 'Bearer' }))
  assertUnauthorized(await send('GET', path, { authorization: `Bearer ${bed().keyA} extra` }))
  // Another scheme carries no key.
  assertUnauthorized(await send('GET', path, { authorization: `Basic ${btoa(`user:${bed().keyA}`)}` }))
  // A 401 before the body or query is looked at, on a write too.
  assertUnauthorized(await send('POST', '/api/v3/surveys/validate?bogus=1', {}, { operation: 'nope' }))
})

test('two different keys in x-api-key and Bearer are a 401, even when both are live', async () => {
  const path = `/api/v3/surveys?workspaceId=${bed().projectId}`
  assertUnauthorized(await send('GET', path, { 'x-api-key': bed().keyA, ...bearer(bed().keyB) }))
  // A proxy's Basic header beside the key is left alone.
  const proxied = await send('GET', path, { 'x-api-key': bed().keyA, authorization: 'Basic dXNlcjpwYXNz' })
  assert.is(proxied.status, 200, proxied.text)
  // A malformed Bearer beside a good key is still a 401: which one was meant cannot be known.
  assertUnauthorized(await send('GET', path, { 'x-api-key': bed().keyA, authorization: 'Bearer' }))
})

test("a key of another workspace as Bearer is a 403 on this workspace's routes", async () => {
  const other = await bed().newProject('Other')
  const list = await send('GET', `/api/v3/surveys?workspaceId=${bed().projectId}`, bearer(other.key))
  assert.is(list.status, 403, list.text)
  assert.is(list.headers.get('content-type'), 'application/problem+json')
  assert.not.ok(list.headers.get('www-authenticate'))
  const [, path] = (await routeTable())[1] as [string, string]
  const one = await send('GET', path, bearer(other.key))
  assert.is(one.status, 403, one.text)
  const own = await send('GET', `/api/v3/surveys?workspaceId=${other.projectId}`, bearer(other.key))
  assert.is(own.status, 200, own.text)
})

test('v1 management routes take Bearer too (as the reference v1 does); their 401 keeps the v1 shape', async () => {
  const res = await send('GET', '/api/v1/management/surveys', bearer(bed().keyA))
  assert.is(res.status, 200, res.text)
  const refused = await send('GET', '/api/v1/management/surveys', bearer('nope'))
  assert.is(refused.status, 401, refused.text)
  assert.match(refused.headers.get('content-type') ?? '', /^application\/json/)
  assert.not.ok(refused.headers.get('www-authenticate'))
})

test.run()
