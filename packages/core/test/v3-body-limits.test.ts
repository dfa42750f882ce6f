/**
 * The v3-wide request rules of the reference's 0.2.0 (docs/api.md, "Limits of v3 requests"): a body over
 * 2 MiB is a 413 problem before it is read; an array of more than 1,000 items, or more than 50,000 array items
 * in all, a 400 with one `invalid_params` entry naming the array; a 400 or 422 lists at most 50 entries;
 * a 429 is a problem with `code: too_many_requests` and an integer `Retry-After`.
 */
import { suiteWithBed } from '@canvass/test-bed'
import type { ApiResult } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const { test, bed } = suiteWithBed('v3 body limits')

const validate = (body: unknown) => bed().call('POST', '/api/v3/surveys/validate', { key: bed().keyA, body })

function assertProblem(res: ApiResult, status: number, code: string) {
  assert.is(res.status, status, res.text)
  assert.is(res.headers.get('content-type'), 'application/problem+json')
  assert.is(res.body.status, status)
  assert.is(res.body.code, code)
}

const MiB = 1024 * 1024

test('a body over 2 MiB is a 413 problem, with or without Content-Length; up to 2 MiB is read', async () => {
  const text = (bytes: number) => JSON.stringify({ operation: 'create', data: { name: 'x'.repeat(bytes - 40) } })
  const over = text(2 * MiB + 10)
  const declared = await bed().call('POST', '/api/v3/surveys/validate', {
    key: bed().keyA,
    rawBody: over,
    headers: { 'content-type': 'application/json', 'content-length': String(new TextEncoder().encode(over).byteLength) },
  })
  assertProblem(declared, 413, 'payload_too_large')
  assert.is(declared.body.title, 'Payload Too Large')
  // Streamed without a length: refused once the count passes the limit.
  const stream = new Blob([over]).stream()
  const streamed = await bed().call('POST', '/api/v3/surveys/validate', {
    key: bed().keyA,
    rawBody: stream,
    headers: { 'content-type': 'application/json' },
  })
  assertProblem(streamed, 413, 'payload_too_large')
  // 1.5 MiB (over v1's 1 MiB) is read: the survey name is what fails.
  const under = await bed().call('POST', '/api/v3/surveys/validate', { key: bed().keyA, rawBody: text(1.5 * MiB) })
  assert.is(under.status, 200, under.text.slice(0, 300))
  assert.is(under.body.data.valid, false)
  // v1 keeps its own 1 MiB limit.
  const v1 = await bed().call('POST', '/api/v1/management/surveys', { key: bed().keyA, rawBody: text(1.5 * MiB) })
  assert.is(v1.status, 413, v1.text.slice(0, 300))
})

test('an array of more than 1,000 items is a 400 naming it, before any field is validated', async () => {
  const res = await validate({ operation: 'nope', data: { blocks: [{ elements: Array.from({ length: 1001 }, () => 1) }] } })
  assertProblem(res, 400, 'bad_request')
  assert.equal(res.body.invalid_params, [{ name: 'data.blocks.0.elements', reason: 'Must hold at most 1000 items' }])
  // 1,000 is fine: the envelope's own problem is what is answered.
  const fine = await validate({ operation: 'nope', data: { list: Array.from({ length: 1000 }, () => 1) } })
  assertProblem(fine, 400, 'bad_request')
  assert.is(fine.body.invalid_params[0].name, 'operation')
})

test('more than 50,000 array items in all is a 400 naming the array that passed the total', async () => {
  const lists = Array.from({ length: 51 }, () => Array.from({ length: 1000 }, () => 0))
  const res = await validate({ operation: 'create', data: { lists } })
  assertProblem(res, 400, 'bad_request')
  assert.is(res.body.invalid_params.length, 1)
  assert.match(res.body.invalid_params[0].name, /^data\.lists(\.\d+)?$/)
  assert.match(res.body.invalid_params[0].reason, /more than 50000 items in all/)
})

test('a 400 lists at most 50 invalid_params, the last saying how many were left out', async () => {
  const data = Object.fromEntries(Array.from({ length: 120 }, (_, index) => [`unknown${index}`, 1]))
  const res = await bed().call('POST', '/api/v3/surveys', { key: bed().keyA, body: { workspaceId: bed().projectId, ...data } })
  assertProblem(res, 400, 'bad_request')
  assert.is(res.body.invalid_params.length, 50)
  assert.equal(res.body.invalid_params[49], { name: '', reason: '73 more problems are not listed' })
})

const limited = suiteWithBed('v3 rate limits', { rateLimits: { management: { limit: 2, windowMs: 60_000 } } })

limited.test('a v3 429 is a problem with an integer Retry-After; a Bearer key counts as that key', async () => {
  const b = limited.bed()
  const path = `/api/v3/surveys?workspaceId=${b.projectId}`
  const asBearer = () => b.call('GET', path, { headers: { authorization: `Bearer ${b.keyA}` } })
  assert.is((await asBearer()).status, 200)
  assert.is((await asBearer()).status, 200)
  // Another key has a budget of its own: the Bearer requests were counted under keyA, not the address.
  assert.is((await b.call('GET', path, { key: b.keyB })).status, 200)
  const refused = await asBearer()
  assertProblem(refused, 429, 'too_many_requests')
  assert.is(refused.body.title, 'Too Many Requests')
  assert.type(refused.body.requestId, 'string')
  assert.match(refused.headers.get('retry-after') ?? '', /^[1-9]\d*$/)
  assert.is(refused.headers.get('cache-control'), 'private, no-store')
  // v1 keeps its own error shape.
  const v1 = await b.call('GET', '/api/v1/management/surveys', { key: b.keyA })
  assert.is(v1.status, 429)
  assert.match(v1.headers.get('content-type') ?? '', /^application\/json/)
  assert.is(v1.body.code, 'too_many_requests')
})

test.run()
limited.test.run()
