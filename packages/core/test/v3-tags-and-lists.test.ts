/**
 * The reference's v3 tags, action classes, contact attribute keys, and the v3 routes Canvass does not implement
 * (docs/api.md, "The reference's v3"): shapes, pages, 403 for what is not the key's, merge in one step, 501
 * with a link to the docs.
 */
import { suiteWithBed } from '@canvass/test-bed'
import type { ApiResult } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const { test, bed } = suiteWithBed('v3 tags, discovery lists, not implemented')

const call = (method: string, path: string, body?: unknown, key = bed().keyA) =>
  bed().call(method, path, { key, allow5xx: true, ...(body !== undefined ? { body } : {}) })

function assertProblem(res: ApiResult, status: number, names: string[] = []) {
  assert.is(res.status, status, res.text)
  assert.is(res.headers.get('content-type'), 'application/problem+json')
  assert.is(res.body.status, status)
  const listed = (res.body.invalid_params ?? []).map((param: { name: string }) => param.name)
  for (const name of names) assert.ok(listed.includes(name), `invalid_params names ${name}: ${JSON.stringify(res.body.invalid_params)}`)
}

/** Three responses tagged through the import port (the only writer of tags besides the reference's app). */
async function tagged(environmentId: string, key: string, tags: string[][]) {
  const made = await bed().call('POST', '/api/v1/management/surveys', {
    key,
    body: { name: 'Tagged', questions: [{ id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: false }] },
  })
  const survey = made.body.data
  const ids: string[] = []
  for (const names of tags) {
    const res = await bed().call('POST', `/api/v1/client/${environmentId}/responses`, {
      body: { surveyId: survey.id, finished: true, data: {} },
    })
    ids.push(res.body.data.id)
    await bed().storage.imports.insertNotesAndTags(environmentId, [{ responseId: res.body.data.id, notes: [], tags: names }])
  }
  return ids
}

async function tagsOf(workspaceId: string, key = bed().keyA) {
  const res = await call('GET', `/api/v3/tags?workspaceId=${workspaceId}`, undefined, key)
  assert.is(res.status, 200, res.text)
  return res.body.data as Array<{ id: string; name: string; count: number; workspaceId: string }>
}

test('tags: listed by name with counts; rename (422 on a taken name), delete, merge moves the responses', async () => {
  const project = await bed().newProject('tags')
  const responses = await tagged(project.environmentId, project.key, [['vip', 'churn'], ['vip'], ['churn', 'later']])
  const list = await tagsOf(project.projectId, project.key)
  assert.equal(
    list.map((tag) => [tag.name, tag.count, tag.workspaceId]),
    [
      ['churn', 2, project.projectId],
      ['later', 1, project.projectId],
      ['vip', 2, project.projectId],
    ],
  )
  const byName = Object.fromEntries(list.map((tag) => [tag.name, tag]))
  const churn = byName.churn!.id
  const vip = byName.vip!.id
  const later = byName.later!.id
  const renamed = await call('PATCH', `/api/v3/tags/${later}`, { name: '  follow up  ' }, project.key)
  assert.is(renamed.status, 200, renamed.text)
  assert.is(renamed.body.data.name, 'follow up')
  assertProblem(await call('PATCH', `/api/v3/tags/${later}`, { name: 'vip' }, project.key), 422, ['name'])
  assertProblem(await call('PATCH', `/api/v3/tags/${later}`, { name: '' }, project.key), 400, ['name'])
  assertProblem(await call('PATCH', `/api/v3/tags/${later}`, { name: 'x', color: 'red' }, project.key), 400, ['color'])
  // Merge churn into vip: the response that had both keeps one vip, the other gains it; churn is gone.
  const merged = await call('POST', `/api/v3/tags/${churn}/merge`, { newTagId: vip }, project.key)
  assert.is(merged.status, 200, merged.text)
  assert.equal(merged.body.data, { id: vip })
  const after = await tagsOf(project.projectId, project.key)
  assert.equal(
    after.map((tag) => [tag.name, tag.count]),
    [
      ['follow up', 1],
      ['vip', 3],
    ],
  )
  const third = await bed().call('GET', `/api/v1/management/responses/${responses[2]}`, { key: project.key })
  assert.equal([...third.body.data.tags.map((tag: { name: string }) => tag.name)].sort(), ['follow up', 'vip'])
  assertProblem(await call('POST', `/api/v3/tags/${vip}/merge`, { newTagId: vip }, project.key), 400, ['newTagId'])
  assertProblem(await call('POST', `/api/v3/tags/${churn}/merge`, { newTagId: vip }, project.key), 403)
  const deleted = await call('DELETE', `/api/v3/tags/${later}`, undefined, project.key)
  assert.equal(deleted.body.data, { id: later })
  assert.equal(
    (await tagsOf(project.projectId, project.key)).map((tag) => tag.name),
    ['vip'],
  )
  assertProblem(await call('DELETE', `/api/v3/tags/${later}`, undefined, project.key), 403)
})

test('tags of another workspace are a 403 for every route, and a merge never crosses workspaces', async () => {
  const one = await bed().newProject('one')
  const two = await bed().newProject('two')
  await tagged(one.environmentId, one.key, [['a']])
  await tagged(two.environmentId, two.key, [['b']])
  const [a] = await tagsOf(one.projectId, one.key)
  const [b] = await tagsOf(two.projectId, two.key)
  assertProblem(await call('GET', `/api/v3/tags?workspaceId=${two.projectId}`, undefined, one.key), 403)
  assertProblem(await call('PATCH', `/api/v3/tags/${b!.id}`, { name: 'mine' }, one.key), 403)
  assertProblem(await call('DELETE', `/api/v3/tags/${b!.id}`, undefined, one.key), 403)
  assertProblem(await call('POST', `/api/v3/tags/${a!.id}/merge`, { newTagId: b!.id }, one.key), 403)
  assert.is((await tagsOf(two.projectId, two.key))[0]!.count, 1)
  // A method the path does not have is answered by the router, before any route (docs/api.md, "Errors").
  assert.is((await call('GET', `/api/v3/tags/${a!.id}`, undefined, one.key)).status, 405)
  assertProblem(await bed().call('GET', `/api/v3/tags?workspaceId=${one.projectId}`), 401)
})

test('action classes and contact attribute keys: the reference shapes, cursor pages, required workspaceId', async () => {
  const project = await bed().newProject('discovery')
  for (const name of ['One', 'Two', 'Three']) {
    const res = await bed().call('POST', '/api/v1/management/action-classes', {
      key: project.key,
      body: { name, type: 'code', key: name.toLowerCase() },
    })
    assert.is(res.status, 200, res.text)
  }
  const seen: string[] = []
  let cursor: string | null = null
  do {
    const res: ApiResult = await call(
      'GET',
      `/api/v3/action-classes?workspaceId=${project.projectId}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      undefined,
      project.key,
    )
    assert.is(res.status, 200, res.text)
    assert.is(res.headers.get('cache-control'), 'private, no-store')
    assert.is(res.body.meta.limit, 2)
    for (const item of res.body.data) assert.equal(Object.keys(item).sort(), ['description', 'id', 'key', 'name', 'type'])
    seen.push(...res.body.data.map((item: { name: string }) => item.name))
    // The reference's v3 enum: the built-in `New Session` (`automatic` in v1) is a no-code class.
    for (const item of res.body.data) assert.ok(['code', 'noCode'].includes(item.type), `${item.name}: ${item.type}`)
    const session = res.body.data.find((item: { name: string }) => item.name === 'New Session')
    if (session) assert.equal([session.type, session.key], ['noCode', null])
    cursor = res.body.meta.nextCursor
  } while (cursor)
  assert.equal(seen.slice(0, 3), ['Three', 'Two', 'One'])
  assert.ok(seen.includes('New Session'))
  const keys = await call('GET', `/api/v3/contact-attribute-keys?workspaceId=${project.environmentId}`, undefined, project.key)
  assert.is(keys.status, 200, keys.text)
  const email = keys.body.data.find((item: { key: string }) => item.key === 'email')
  assert.equal(Object.keys(email).sort(), ['dataType', 'description', 'id', 'key', 'name', 'type'])
  assert.is(email.dataType, 'string')
  assert.is(email.type, 'default')
  // The page is 1 to 250 long, 50 unless asked; above 250 is refused, not reduced.
  for (const list of ['action-classes', 'contact-attribute-keys']) {
    const base = `/api/v3/${list}?workspaceId=${project.projectId}`
    assert.is((await call('GET', base, undefined, project.key)).body.meta.limit, 50)
    assert.is((await call('GET', `${base}&limit=250`, undefined, project.key)).body.meta.limit, 250)
    assertProblem(await call('GET', `${base}&limit=251`, undefined, project.key), 400, ['limit'])
  }
  assertProblem(await call('GET', '/api/v3/action-classes', undefined, project.key), 400, ['workspaceId'])
  assertProblem(await call('GET', `/api/v3/action-classes?workspaceId=${bed().projectId}`, undefined, project.key), 403)
  assertProblem(await call('GET', `/api/v3/contact-attribute-keys?workspaceId=${project.projectId}&skip=1`, undefined, project.key), 400, [
    'skip',
  ])
  assertProblem(
    await call('GET', `/api/v3/contact-attribute-keys?workspaceId=${project.projectId}&cursor=abc`, undefined, project.key),
    400,
    ['cursor'],
  )
})

test('AI generation, workflows and feedback records answer 501 with a link to the docs (after the key check), never a 404', async () => {
  const routes: Array<[string, string]> = [
    ['POST', '/api/v3/surveys/generate'],
    ['GET', '/api/v3/workflows'],
    ['POST', '/api/v3/workflows'],
    ['GET', '/api/v3/workflows/runs'],
    ['GET', '/api/v3/workflows/runs/r1'],
    ['GET', '/api/v3/workflows/w1'],
    ['PATCH', '/api/v3/workflows/w1'],
    ['DELETE', '/api/v3/workflows/w1'],
    ['POST', '/api/v3/workflows/w1/enable'],
    ['POST', '/api/v3/workflows/w1/test'],
    ['GET', '/api/v3/feedbackRecords'],
    ['POST', '/api/v3/feedbackRecords'],
    ['DELETE', '/api/v3/feedbackRecords?user_id=u1'],
    ['POST', '/api/v3/feedbackRecords/search/semantic'],
    ['GET', '/api/v3/feedbackRecords/f1'],
    ['PATCH', '/api/v3/feedbackRecords/f1'],
    ['DELETE', '/api/v3/feedbackRecords/f1'],
    ['GET', '/api/v3/feedbackRecords/f1/similar'],
  ]
  for (const [method, path] of routes) {
    const res = await call(method, path, method === 'GET' || method === 'DELETE' ? undefined : { prompt: 'x' })
    assertProblem(res, 501)
    assert.is(res.body.code, 'not_implemented')
    assert.match(res.body.type, /docs\/api\.md#not-implemented-in-v3$/)
    assertProblem(await bed().call(method, path), 401)
  }
})

test.run()
