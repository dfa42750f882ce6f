/**
 * The reference's v3 block editing and visibility (its spec `docs/api-v3-reference/openapi.yml`, version 0.2.0;
 * docs/api.md, "Editing blocks in v3" and "Survey visibility in v3"): operations, order, problem codes,
 * preconditions, and no lost write between a concurrent edit and reorder.
 */
import { createTestClock, suiteWithBed } from '@canvass/test-bed'
import type { ApiResult } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const clock = createTestClock('2026-11-20T10:00:00.000Z')
const { test, bed } = suiteWithBed('v3 survey blocks and visibility', { clock })

const call = (method: string, path: string, body?: unknown, key = bed().keyA) =>
  bed().call(method, path, { key, ...(body !== undefined ? { body } : {}) })

function assertProblem(res: ApiResult, status: number, names: string[] = [], code?: string) {
  assert.is(res.status, status, res.text)
  assert.is(res.headers.get('content-type'), 'application/problem+json')
  assert.is(res.body.status, status)
  assert.type(res.body.requestId, 'string')
  if (code !== undefined) assert.is(res.body.code, code)
  const listed = (res.body.invalid_params ?? []).map((param: { name: string }) => param.name)
  for (const name of names) assert.ok(listed.includes(name), `invalid_params names ${name}: ${JSON.stringify(res.body.invalid_params)}`)
}

const element = (id: string, text = `Question ${id}?`) => ({
  id,
  type: 'openText',
  headline: { 'en-US': text, 'de-DE': `Frage ${id}?` },
  required: false,
})
const block = (id: string, elementId: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Block ${id}`,
  elements: [element(elementId)],
  ...extra,
})

/** A survey of blocks `ba` (q1), `bb` (q2), `bc` (q3), in English and German. */
async function create(blocks: unknown[] = [block('ba', 'q1'), block('bb', 'q2'), block('bc', 'q3')]) {
  const res = await call('POST', '/api/v3/surveys', {
    workspaceId: bed().projectId,
    name: 'Blocks',
    defaultLanguage: 'en-US',
    languages: [{ code: 'de-DE' }],
    blocks,
  })
  assert.is(res.status, 201, res.text)
  return res.body.data as { id: string; updatedAt: string; blocks: Array<{ id: string; elements: Array<{ headline: unknown }> }> }
}

const ids = (survey: { blocks: Array<{ id: string }> }) => survey.blocks.map((entry) => entry.id)

test('PATCH blocks applies update, insert and remove in order and answers the SurveyResource', async () => {
  const survey = await create()
  clock.advance(1000)
  const res = await call('PATCH', `/api/v3/surveys/${survey.id}/blocks`, {
    ops: [
      { op: 'update', id: 'bb', block: { name: 'Changed', elements: [element('q2', 'New wording?')] } },
      { op: 'insert', position: { type: 'after', blockId: 'bb' }, block: block('bx', 'qx') },
      // Anchored after a block an earlier op inserted; the server makes its id.
      { op: 'insert', position: { type: 'after', blockId: 'bx' }, block: { name: 'No id', elements: [element('qy')] } },
      { op: 'remove', id: 'ba' },
      { op: 'insert', position: { type: 'start' }, block: block('bz', 'qz') },
    ],
    expectedUpdatedAt: survey.updatedAt,
  })
  assert.is(res.status, 200, res.text)
  assert.is(res.headers.get('cache-control'), 'private, no-store')
  const data = res.body.data
  const [first, second, third, generated, last] = ids(data)
  assert.equal([first, second, third, last], ['bz', 'bb', 'bx', 'bc'])
  assert.match(String(generated), /^[a-z0-9]{10,}$/)
  assert.is(data.blocks[1].name, 'Changed')
  assert.equal(data.blocks[1].elements[0].headline, { 'en-US': 'New wording?', 'de-DE': 'Frage q2?' })
  assert.is(data.updatedAt, clock.now().toISOString())
  // The v1 view of the same survey: its questions follow the blocks.
  const v1 = await call('GET', `/api/v1/management/surveys/${survey.id}`)
  assert.equal(
    v1.body.data.questions.map((question: { id: string }) => question.id),
    ['qz', 'q2', 'qx', 'qy', 'q3'],
  )
})

test('PATCH blocks refuses an op that cannot apply with 422 naming it, and writes none of the ops', async () => {
  const survey = await create()
  const unknown = await call('PATCH', `/api/v3/surveys/${survey.id}/blocks`, {
    ops: [
      { op: 'remove', id: 'ba' },
      { op: 'update', id: 'nope', block: { name: 'X', elements: [element('q9')] } },
    ],
  })
  assertProblem(unknown, 422, ['ops.1.id'], 'unprocessable_content')
  assert.equal(unknown.body.invalid_params[0], {
    name: 'ops.1.id',
    reason: "Block 'nope' does not exist on this survey",
    code: 'dangling_reference',
    identifier: 'nope',
    referenceType: 'block',
    missingId: 'nope',
  })
  const duplicate = await call('PATCH', `/api/v3/surveys/${survey.id}/blocks`, {
    ops: [{ op: 'insert', position: { type: 'end' }, block: block('bb', 'q8') }],
  })
  assertProblem(duplicate, 422, ['ops.0.block.id'])
  assert.is(duplicate.body.invalid_params[0].code, 'duplicate_identifier')
  assert.is(duplicate.body.invalid_params[0].firstUsedAt, 'blocks.1.id')
  const renamed = await call('PATCH', `/api/v3/surveys/${survey.id}/blocks`, {
    ops: [{ op: 'update', id: 'ba', block: block('other', 'q1') }],
  })
  assert.is(renamed.body.invalid_params?.[0]?.code, 'immutable_identifier', renamed.text)
  const empty = await call('PATCH', `/api/v3/surveys/${survey.id}/blocks`, {
    ops: [{ op: 'insert', position: { type: 'end' }, block: { id: ' ', name: 'X', elements: [element('q8')] } }],
  })
  assert.is(empty.body.invalid_params?.[0]?.code, 'missing_required_field', empty.text)
  const anchor = await call('PATCH', `/api/v3/surveys/${survey.id}/blocks`, {
    ops: [{ op: 'insert', position: { type: 'after', blockId: 'gone' }, block: block('bn', 'qn') }],
  })
  assertProblem(anchor, 422, ['ops.0.position.blockId'])
  const none = await call('PATCH', `/api/v3/surveys/${survey.id}/blocks`, {
    ops: ['ba', 'bb', 'bc'].map((id) => ({ op: 'remove', id })),
  })
  assertProblem(none, 422, ['ops.2.id'])
  // A locale the survey does not declare, named at the op that sent it.
  const locale = await call('PATCH', `/api/v3/surveys/${survey.id}/blocks`, {
    ops: [
      {
        op: 'update',
        id: 'bc',
        block: { name: 'C', elements: [{ ...element('q3'), headline: { 'en-US': 'Hi', 'fr-FR': 'Salut' } }] },
      },
    ],
  })
  assertProblem(locale, 422, ['ops.0.block.elements.0.headline.fr-FR'])
  const after = await call('GET', `/api/v3/surveys/${survey.id}`)
  assert.equal(ids(after.body.data), ['ba', 'bb', 'bc'])
  assert.is(after.body.data.updatedAt, survey.updatedAt)
})

test('PATCH blocks: a malformed body is a 400, a foreign or unknown survey a 403, an archived one a 422', async () => {
  const survey = await create()
  const path = `/api/v3/surveys/${survey.id}/blocks`
  assertProblem(await call('PATCH', path, { ops: [] }), 400, ['ops'])
  assertProblem(await call('PATCH', path, { ops: [{ op: 'remove', id: 'ba' }], extra: 1 }), 400, ['extra'])
  assertProblem(await call('PATCH', path, { ops: [{ op: 'move', id: 'ba' }] }), 400)
  assertProblem(await call('PATCH', path, { ops: [{ op: 'remove', id: 'ba' }], expectedUpdatedAt: 'yesterday' }), 400, [
    'expectedUpdatedAt',
  ])
  assertProblem(await call('PATCH', `${path}?workspaceId=${bed().projectId}`, { ops: [{ op: 'remove', id: 'ba' }] }), 400, ['workspaceId'])
  const body = { ops: [{ op: 'remove', id: 'ba' }] }
  const foreign = await call('PATCH', path, body, bed().keyB)
  const unknown = await call('PATCH', '/api/v3/surveys/clunknown00000000000000000/blocks', body)
  assertProblem(foreign, 403, [], 'forbidden')
  assert.is(foreign.body.detail, unknown.body.detail)
  assert.is((await call('POST', `/api/v3/surveys/${survey.id}/archive`)).status, 200)
  assertProblem(await call('PATCH', path, body), 422, ['archivedAt'])
})

test('a stale expectedUpdatedAt is a 409 conflict with the current updatedAt; nothing is written', async () => {
  const survey = await create()
  clock.advance(1000)
  const renamed = await call('PATCH', `/api/v3/surveys/${survey.id}`, { name: 'Renamed' })
  assert.is(renamed.status, 200, renamed.text)
  const current = renamed.body.data.updatedAt
  const edit = await call('PATCH', `/api/v3/surveys/${survey.id}/blocks`, {
    ops: [{ op: 'remove', id: 'ba' }],
    expectedUpdatedAt: survey.updatedAt,
  })
  assertProblem(edit, 409, [], 'conflict')
  assert.is(edit.body.title, 'Conflict')
  assert.equal(edit.body.details, { expectedUpdatedAt: survey.updatedAt, currentUpdatedAt: current })
  // On the order route too, even for an order that would change nothing.
  const order = await call('PUT', `/api/v3/surveys/${survey.id}/blocks/order`, {
    order: ['ba', 'bb', 'bc'],
    expectedUpdatedAt: survey.updatedAt,
  })
  assertProblem(order, 409, [], 'conflict')
  const after = await call('GET', `/api/v3/surveys/${survey.id}`)
  assert.equal(ids(after.body.data), ['ba', 'bb', 'bc'])
  assert.is(after.body.data.updatedAt, current)
})

test('PUT blocks/order sets the order; the order it already has writes nothing', async () => {
  const survey = await create()
  clock.advance(1000)
  const path = `/api/v3/surveys/${survey.id}/blocks/order`
  const same = await call('PUT', path, { order: ['ba', 'bb', 'bc'], expectedUpdatedAt: survey.updatedAt })
  assert.is(same.status, 200, same.text)
  assert.is(same.body.data.updatedAt, survey.updatedAt)
  const res = await call('PUT', path, { order: [' bc', 'ba', 'bb '] })
  assert.is(res.status, 200, res.text)
  assert.equal(ids(res.body.data), ['bc', 'ba', 'bb'])
  assert.is(res.body.data.updatedAt, clock.now().toISOString())
  assert.equal(res.body.data.blocks[0].elements[0].headline, { 'en-US': 'Question q3?', 'de-DE': 'Frage q3?' })
})

test('PUT blocks/order lists every unknown, repeated and missing id at once (422); a blank id is a 400', async () => {
  const survey = await create()
  const path = `/api/v3/surveys/${survey.id}/blocks/order`
  const res = await call('PUT', path, { order: ['bc', 'zz', 'bc'] })
  assertProblem(res, 422, ['order', 'order.1', 'order.2'], 'unprocessable_content')
  const codes = res.body.invalid_params.map((entry: { name: string; code: string }) => `${entry.name}:${entry.code}`)
  assert.equal(codes.sort(), [
    'order.1:dangling_reference',
    'order.2:duplicate_identifier',
    'order:missing_required_field',
    'order:missing_required_field',
  ])
  const missing = res.body.invalid_params.filter((entry: { name: string }) => entry.name === 'order')
  assert.equal(missing.map((entry: { missingId: string }) => entry.missingId).sort(), ['ba', 'bb'])
  assertProblem(await call('PUT', path, { order: ['ba', '  ', 'bc'] }), 400, ['order.1'])
  assertProblem(await call('PUT', path, { order: [] }), 400, ['order'])
  assertProblem(await call('PUT', path, { order: Array.from({ length: 1001 }, (_, index) => `b${index}`) }), 400, ['order'])
  assertProblem(await call('PUT', path, { order: ['ba', 'bb', 'bc'] }, bed().keyB), 403)
})

test('PUT blocks/order refuses an order that makes logic or recall read a later answer (misordered_reference)', async () => {
  const logic = [
    {
      id: 'rule1',
      conditions: {
        id: 'group1',
        connector: 'and',
        conditions: [{ id: 'cond1', leftOperand: { type: 'element', value: 'q1' }, operator: 'isSubmitted' }],
      },
      actions: [{ id: 'act1', objective: 'jumpToBlock', target: 'bc' }],
    },
  ]
  const recall = {
    ...element('q3'),
    headline: { 'en-US': 'You said #recall:q1/fallback:nothing#?', 'de-DE': 'Du sagtest #recall:q1/fallback:nichts#?' },
  }
  const survey = await create([block('ba', 'q1'), block('bb', 'q2', { logic }), { id: 'bc', name: 'C', elements: [recall] }])
  const path = `/api/v3/surveys/${survey.id}/blocks/order`
  const res = await call('PUT', path, { order: ['bb', 'bc', 'ba'] })
  assertProblem(res, 422, [], 'unprocessable_content')
  const found = res.body.invalid_params.map((entry: { name: string; code: string; identifier: string }) => [
    entry.name,
    entry.code,
    entry.identifier,
  ])
  assert.equal(found.sort(), [
    ['blocks.0.logic.0.conditions.conditions.0.leftOperand', 'misordered_reference', 'q1'],
    ['blocks.1.elements.0.headline.de-DE', 'misordered_reference', 'q1'],
    ['blocks.1.elements.0.headline.en-US', 'misordered_reference', 'q1'],
  ])
  // Moving the block the answers come from is fine while it stays first.
  const fine = await call('PUT', path, { order: ['ba', 'bc', 'bb'] })
  assert.is(fine.status, 200, fine.text)
})

test('a concurrent block edit and reorder both land: neither overwrites the other', async () => {
  for (let round = 0; round < 3; round++) {
    const survey = await create()
    const [edit, reorder, insert] = await Promise.all([
      call('PATCH', `/api/v3/surveys/${survey.id}/blocks`, {
        ops: [{ op: 'update', id: 'bb', block: { name: 'Edited', elements: [element('q2', 'Edited?')] } }],
      }),
      call('PUT', `/api/v3/surveys/${survey.id}/blocks/order`, { order: ['bc', 'bb', 'ba'] }),
      call('PATCH', `/api/v3/surveys/${survey.id}/blocks`, {
        ops: [{ op: 'update', id: 'bc', block: { name: 'Also edited', elements: [element('q3')] } }],
      }),
    ])
    assert.is(edit.status, 200, edit.text)
    assert.is(reorder.status, 200, reorder.text)
    assert.is(insert.status, 200, insert.text)
    const after = (await call('GET', `/api/v3/surveys/${survey.id}`)).body.data
    assert.equal(ids(after), ['bc', 'bb', 'ba'])
    assert.is(after.blocks[1].name, 'Edited')
    assert.is(after.blocks[0].name, 'Also edited')
  }
})

test('concurrent inserts each land', async () => {
  const survey = await create()
  const results = await Promise.all(
    ['b1', 'b2', 'b3', 'b4'].map((id, index) =>
      call('PATCH', `/api/v3/surveys/${survey.id}/blocks`, {
        ops: [{ op: 'insert', position: { type: 'end' }, block: block(id, `qi${index}`) }],
      }),
    ),
  )
  for (const res of results) assert.is(res.status, 200, res.text)
  const after = (await call('GET', `/api/v3/surveys/${survey.id}`)).body.data
  assert.equal(ids(after).slice(0, 3), ['ba', 'bb', 'bc'])
  assert.equal(ids(after).slice(3).sort(), ['b1', 'b2', 'b3', 'b4'])
})

test('visibility answers an API key 403 forbidden, the body of an unknown survey, after checking query and body', async () => {
  const survey = await create()
  const path = `/api/v3/surveys/${survey.id}/visibility`
  const read = await call('GET', path)
  const unknown = await call('GET', '/api/v3/surveys/clunknown00000000000000000/visibility')
  assertProblem(read, 403, [], 'forbidden')
  assert.is(read.body.detail, 'You are not authorized to access this resource')
  assert.equal({ ...read.body, requestId: '' }, { ...unknown.body, requestId: '' })
  assertProblem(await call('POST', path, { visibility: 'restricted' }), 403, [], 'forbidden')
  assertProblem(await call('POST', path, { visibility: 'workspace' }), 403, [], 'forbidden')
  assertProblem(await call('POST', path, { visibility: 'private' }), 400, ['visibility'])
  assertProblem(await call('POST', path, { visibility: 'workspace', owner: null }), 400, ['owner'])
  assertProblem(await call('GET', `${path}?workspaceId=${bed().projectId}`), 400, ['workspaceId'])
  assertProblem(await bed().call('GET', path), 401)
})

test('the survey resource says a key sees it as workspace-visible; PATCH takes those fields back only unchanged', async () => {
  const survey = await create()
  const read = await call('GET', `/api/v3/surveys/${survey.id}`)
  const { visibility, owner, access } = read.body.data
  assert.equal(
    { visibility, owner, access },
    { visibility: 'workspace', owner: null, access: { via: 'workspace', canManageVisibility: false } },
  )
  const echoed = await call('PATCH', `/api/v3/surveys/${survey.id}`, {
    name: 'Echoed',
    visibility,
    owner,
    access: { canManageVisibility: false, via: 'workspace' },
  })
  assert.is(echoed.status, 200, echoed.text)
  assert.is(echoed.body.data.name, 'Echoed')
  const changed = await call('PATCH', `/api/v3/surveys/${survey.id}`, { visibility: 'restricted', owner: { name: 'Me' } })
  assertProblem(changed, 422, ['visibility', 'owner'])
  assert.equal(
    changed.body.invalid_params.map((entry: { code: string }) => entry.code),
    ['unsupported_field', 'unsupported_field'],
  )
})
test.run()
