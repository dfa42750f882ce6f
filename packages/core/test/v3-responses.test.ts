/**
 * Issue 61: responses in the reference's v3 style (docs/api.md, "Responses in v3"; the reference's v3 0.1.0 has
 * no responses routes): list, count, create, get, patch, delete and batch delete. Status codes, shapes, cursor
 * pages through a filter, every filter kind, hostile values, the 403 and 400 rules, an atomic batch delete
 * scoped to the workspace, and counts past 10,000. On PGlite, and on the Postgres server when
 * TEST_DATABASE_URL is set.
 */
import { availableBackends, createSurvey, createTestClock, suiteWithBed } from '@canvass/test-bed'
import type { ApiResult, TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { MAX_FILTER_VALUE_LENGTH, MAX_RESPONSE_FILTERS } from '../src/http/response-filters'
import { HOSTILE_FILTER_VALUES, filterCases, hostileFilterQueries, seedFilterResponses, seedPastCountCap } from './response-filter-fixtures'

function assertProblem(res: ApiResult, status: number, names: string[] = []) {
  assert.is(res.status, status, res.text)
  assert.is(res.headers.get('content-type'), 'application/problem+json')
  assert.is(res.headers.get('cache-control'), 'private, no-store')
  assert.is(res.body.status, status)
  assert.type(res.body.detail, 'string')
  assert.type(res.body.requestId, 'string')
  const listed = (res.body.invalid_params ?? []).map((param: { name: string }) => param.name)
  for (const name of names) assert.ok(listed.includes(name), `invalid_params names ${name}: ${JSON.stringify(res.body.invalid_params)}`)
}

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`v3 responses (${backend})`, () => ({ backend, clock: createTestClock('2026-11-20T10:00:00.000Z') }))

  const call = (method: string, path: string, body?: unknown, options: { key?: string; headers?: Record<string, string> } = {}) =>
    bed().call(method, path, { key: options.key ?? bed().keyA, ...(body !== undefined ? { body } : {}), headers: options.headers ?? {} })

  /** A response made through `POST /api/v3/responses`; its id. */
  async function create(x: TestCanvass, surveyId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const res = await call('POST', '/api/v3/responses', { workspaceId: x.projectId, surveyId, ...body }, { headers })
    assert.is(res.status, 201, res.text)
    x.clock!.advance(5)
    return res.body.data.id as string
  }

  const seed = (x: TestCanvass) => seedFilterResponses(x, (surveyId, body, headers) => create(x, surveyId, body, headers))

  const list = async (x: TestCanvass, query: string) => {
    const res = await call('GET', `/api/v3/responses?workspaceId=${x.projectId}&${query}`)
    assert.is(res.status, 200, `list ${query}: ${res.text}`)
    return res
  }
  const idsOf = (res: ApiResult) => (res.body.data as Array<{ id: string }>).map((row) => row.id)
  const count = async (x: TestCanvass, query: string) => {
    const res = await call('GET', `/api/v3/responses/count?workspaceId=${x.projectId}&${query}`)
    assert.is(res.status, 200, `count ${query}: ${res.text}`)
    return res.body.data as { count: number; relation: string }
  }

  test('POST creates: 201, Location, the response; the v1 routes read the same response', async () => {
    const x = bed()
    const survey = await createSurvey(x, { status: 'draft' })
    const res = await call('POST', '/api/v3/responses', {
      workspaceId: x.projectId,
      surveyId: survey.id,
      finished: true,
      data: { q1: 'Yes' },
      createdAt: '2026-01-01T00:00:00.000Z',
    })
    assert.is(res.status, 201, res.text)
    const created = res.body.data
    assert.is(res.headers.get('location'), `/api/v3/responses/${created.id}`)
    assert.is(res.headers.get('cache-control'), 'private, no-store')
    assert.is(created.surveyId, survey.id)
    assert.equal(created.data, { q1: 'Yes' })
    assert.is(created.createdAt, '2026-01-01T00:00:00.000Z', 'an import keeps its own time')
    const v1 = await call('GET', `/api/v1/management/responses/${created.id}`)
    assert.equal(v1.body.data, created)
    const again = await call('GET', `/api/v3/responses/${created.id}`)
    assert.is(again.status, 200)
    assert.equal(again.body.data, created)
    // The environment's own id is the workspace too.
    const byEnvironment = await call('POST', '/api/v3/responses', { workspaceId: x.envA, surveyId: survey.id, finished: false, data: {} })
    assert.is(byEnvironment.status, 201, byEnvironment.text)
  })

  test('POST refuses unknown fields, a foreign workspace (403), a survey that is not the workspace’s (422), bad bodies (400)', async () => {
    const x = bed()
    const survey = await createSurvey(x, { status: 'inProgress' })
    const body = { workspaceId: x.projectId, surveyId: survey.id, finished: true, data: {} }
    const unknown = await call('POST', '/api/v3/responses', { ...body, environmentId: x.envA, pinAuthToken: 'x' })
    assertProblem(unknown, 400, ['environmentId', 'pinAuthToken'])
    assert.is(unknown.body.invalid_params[0].code, 'unsupported_field')
    const missing = await call('POST', '/api/v3/responses', { surveyId: survey.id, finished: true, data: {} })
    assertProblem(missing, 400, ['workspaceId'])
    assert.is(missing.body.invalid_params[0].code, 'missing_required_field')
    assertProblem(
      await call('POST', '/api/v3/responses', { ...body, createdAt: '2026-01-02T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' }),
      400,
      ['updatedAt'],
    )
    assertProblem(await call('POST', '/api/v3/responses', { ...body, workspaceId: 'clxx1234567890123456789012' }), 403)
    const other = await x.newProject()
    assertProblem(await call('POST', '/api/v3/responses', { ...body, workspaceId: other.projectId }), 403)
    const foreignSurvey = await createSurvey(x, { status: 'inProgress' }, 'B')
    for (const surveyId of [foreignSurvey.id, 'clxx1234567890123456789012']) {
      const res = await call('POST', '/api/v3/responses', { ...body, surveyId })
      assertProblem(res, 422, ['surveyId'])
      assert.is(res.body.invalid_params[0].code, 'invalid_reference')
    }
    assertProblem(await call('POST', '/api/v3/responses?workspaceId=x', body), 400, ['workspaceId'])
    // 401 before anything in the query or body is looked at.
    assertProblem(await x.call('POST', '/api/v3/responses?bogus=1', { body: {} }), 401)
    assertProblem(await x.call('GET', '/api/v3/responses?bogus=1'), 401)
  })

  test('every filter kind on the list and the count; dates on either field', async () => {
    const x = bed()
    const s = await seed(x)
    for (const [query, expected] of filterCases(s)) {
      const res = await list(x, `surveyId=${s.survey.id}&${query}`)
      assert.equal(idsOf(res).sort(), [...expected].sort(), `list ${query}`)
      assert.is(res.body.meta.totalCount, expected.length, `totalCount ${query}`)
      assert.is(res.body.meta.totalCountRelation, 'eq')
      assert.equal(await count(x, `surveyId=${s.survey.id}&${query}`), { count: expected.length, relation: 'eq' }, `count ${query}`)
    }
    // Without surveyId: the workspace's responses, the other survey's too.
    const workspace = await list(x, 'filter[data.q1][eq]=Yes&limit=100')
    assert.ok(s.ids.r1 && idsOf(workspace).includes(s.ids.r1) && idsOf(workspace).includes(s.ids.r4), workspace.text)
    assert.ok(workspace.body.data.every((row: { data: { q1?: unknown } }) => row.data.q1 === 'Yes'))
    assert.equal(await count(x, `surveyId=${s.other.id}`), { count: 1, relation: 'eq' })
    const r2 = await call('GET', `/api/v3/responses/${s.ids.r2}`)
    const at = encodeURIComponent(r2.body.data.createdAt)
    assert.equal(idsOf(await list(x, `surveyId=${s.survey.id}&filter[createdAt][gte]=${at}`)).sort(), [s.ids.r2, s.ids.r3].sort())
    assert.equal(idsOf(await list(x, `surveyId=${s.survey.id}&filter[updatedAt][lt]=${at}`)), [s.ids.r1])
    assert.equal(await count(x, `surveyId=${s.survey.id}&filter[createdAt][gt]=${at}`), { count: 1, relation: 'eq' })
    // The development key's environment is another workspace: it lists none of these.
    const dev = await call('GET', `/api/v3/responses?workspaceId=${x.envB}`, undefined, { key: x.keyB })
    assert.is(dev.status, 200, dev.text)
    assert.equal(dev.body.data, [])
  })

  test('cursor pages walk every match of a filter, newest first, by createdAt or updatedAt', async () => {
    const x = bed()
    const survey = await createSurvey(x, { status: 'inProgress' })
    const matching: string[] = []
    for (let index = 0; index < 9; index++) {
      const id = await create(x, survey.id, { finished: true, data: { nps: index % 3 === 0 ? 1 : 10 } })
      if (index % 3 !== 0) matching.push(id)
    }
    // The oldest match updated last: by updatedAt it comes first.
    x.clock!.advance(1000)
    const patched = await call('PATCH', `/api/v3/responses/${matching[0]}`, { ttc: { _total: 5 } })
    assert.is(patched.status, 200, patched.text)
    for (const [sortBy, expected] of [
      ['createdAt', [...matching].reverse()],
      ['updatedAt', [matching[0] as string, ...matching.slice(1).reverse()]],
    ] as const) {
      const seen: string[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const res = await list(
          x,
          `surveyId=${survey.id}&filter[data.nps][gte]=5&limit=2&sortBy=${sortBy}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        )
        assert.is(res.body.meta.limit, 2)
        assert.is(res.body.meta.totalCount, 6)
        assert.ok(res.body.data.length <= 2)
        seen.push(...idsOf(res))
        cursor = res.body.meta.nextCursor
        pages++
      } while (cursor !== null && pages < 10)
      assert.equal(seen, expected, `by ${sortBy}`)
      assert.is(pages, 3)
    }
    const first = await list(x, `surveyId=${survey.id}&limit=2&sortBy=createdAt`)
    const cursor = encodeURIComponent(first.body.meta.nextCursor)
    assertProblem(await call('GET', `/api/v3/responses?workspaceId=${x.projectId}&sortBy=updatedAt&cursor=${cursor}`), 400, ['cursor'])
    assertProblem(await call('GET', `/api/v3/responses?workspaceId=${x.projectId}&cursor=bm90IGEgY3Vyc29y`), 400, ['cursor'])
    const forged = Buffer.from(JSON.stringify(['createdAt', 'not a date', 'x'])).toString('base64url')
    assertProblem(await call('GET', `/api/v3/responses?workspaceId=${x.projectId}&cursor=${forged}`), 400, ['cursor'])
    const uncounted = await list(x, `surveyId=${survey.id}&includeTotalCount=false`)
    assert.is(uncounted.body.meta.totalCount, null)
    assert.is(uncounted.body.meta.totalCountRelation, null)
    assert.is(uncounted.body.meta.limit, 20)
    assert.is(uncounted.body.data.length, 9)
  })

  test('hostile filter values are answered as values, never a 500', async () => {
    const x = bed()
    const s = await seed(x)
    for (const value of HOSTILE_FILTER_VALUES) {
      for (const query of hostileFilterQueries(value)) {
        assert.equal(idsOf(await list(x, `surveyId=${s.survey.id}&${query}`)), [], `list ${query.slice(0, 60)}`)
        assert.equal(await count(x, `surveyId=${s.survey.id}&${query}`), { count: 0, relation: 'eq' })
      }
    }
    assert.is((await count(x, `surveyId=${s.survey.id}&filter[data.nps][gte]=-1e300`)).count, 3, 'a huge bound')
  })

  test('a bad filter, an unknown or repeated parameter, a bad limit or a foreign survey is a problem naming it', async () => {
    const x = bed()
    const s = await seed(x)
    const many = Array.from({ length: MAX_RESPONSE_FILTERS + 1 }, (_, index) => `filter[data.q${index}][eq]=x`).join('&')
    const bad: Array<[string, string, RegExp]> = [
      ['filter[data.q3][between]=4', 'filter[data.q3][between]', /Unknown operator between/],
      ['filter[answers.q3][eq]=4', 'filter[answers.q3][eq]', /Unknown field answers\.q3/],
      ['filter[meta.ipAddress][eq]=1', 'filter[meta.ipAddress][eq]', /Unknown field meta\.ipAddress/],
      ['filter[data.nps][gte]=four', 'filter[data.nps][gte]', /Must be a number/],
      ['filter[data.q1][eq]=a&filter[data.q1][eq]=b', 'filter[data.q1][eq]', /once/],
      ['filter[data.q1][eq]=a%00b', 'filter[data.q1][eq]', /NUL/],
      [`filter[data.q1][eq]=${'x'.repeat(MAX_FILTER_VALUE_LENGTH + 1)}`, 'filter[data.q1][eq]', /at most 1000 characters/],
      [`filter[data.q1][in]=${Array.from({ length: 101 }, (_, i) => i).join(',')}`, 'filter[data.q1][in]', /at most 100 values/],
      ['filter[finished][eq]=yes', 'filter[finished][eq]', /true or false/],
      ['filter[createdAt][gte]=yesterday', 'filter[createdAt][gte]', /ISO 8601/],
      ['filter[quota.x][eq]=maybe', 'filter[quota.x][eq]', /screenedIn or screenedOut/],
      ['filter[data.q1]=Yes', 'filter[data.q1]', /filter\[<field>\]\[<operator>\]/],
      [many, 'filter', /At most 20 filters/],
      ['surveyid=x', 'surveyid', /Unrecognized key/],
      ['count=true', 'count', /Unrecognized key/],
      [`surveyId=${s.survey.id}&surveyId=${s.other.id}`, 'surveyId', /once/],
    ]
    for (const path of ['/api/v3/responses', '/api/v3/responses/count']) {
      for (const [query, name, message] of bad) {
        const res = await call('GET', `${path}?workspaceId=${x.projectId}&${query}`)
        assertProblem(res, 400, [name])
        const reason = res.body.invalid_params.find((param: { name: string }) => param.name === name)?.reason
        assert.match(String(reason), message, `${path} ${query.slice(0, 60)}`)
      }
      assertProblem(await call('GET', path), 400, ['workspaceId'])
      assertProblem(await call('GET', `${path}?workspaceId=${x.projectId}&workspaceId=${x.projectId}`), 400, ['workspaceId'])
      assertProblem(await call('GET', `${path}?workspaceId=clxx1234567890123456789012`), 403)
      const foreign = await createSurvey(x, { status: 'inProgress' }, 'B')
      assertProblem(await call('GET', `${path}?workspaceId=${x.projectId}&surveyId=${foreign.id}`), 403)
      assertProblem(await call('GET', `${path}?workspaceId=${x.projectId}&surveyId=clxx1234567890123456789012`), 403)
    }
    for (const limit of ['0', '101', 'ten', '-1']) {
      assertProblem(await call('GET', `/api/v3/responses?workspaceId=${x.projectId}&limit=${limit}`), 400, ['limit'])
    }
    assertProblem(await call('GET', `/api/v3/responses?workspaceId=${x.projectId}&sortBy=name`), 400, ['sortBy'])
    assertProblem(await call('GET', `/api/v3/responses?workspaceId=${x.projectId}&cursor=${'x'.repeat(1025)}`), 400, ['cursor'])
  })

  test('GET, PATCH, DELETE find the response by id: a query is a 400, a foreign or unknown id a 403', async () => {
    const x = bed()
    const s = await seed(x)
    const id = s.ids.r2
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const body = method === 'PATCH' ? { finished: true } : undefined
      assertProblem(await call(method, `/api/v3/responses/${id}?workspaceId=${x.projectId}`, body), 400, ['workspaceId'])
      for (const other of ['clxx1234567890123456789012', '%00', 'x'.repeat(300)]) {
        assertProblem(await call(method, `/api/v3/responses/${other}`, body), 403)
      }
      // The development key's environment is another workspace.
      assertProblem(await call(method, `/api/v3/responses/${id}`, body, { key: x.keyB }), 403)
    }
    assert.ok((await call('GET', `/api/v3/responses/${id}`)).status === 200, 'refused requests changed nothing')
    x.clock!.advance(1000)
    const patched = await call('PATCH', `/api/v3/responses/${id}`, { finished: true, data: { nps: 6 } })
    assert.is(patched.status, 200, patched.text)
    assert.is(patched.body.data.finished, true)
    assert.equal(patched.body.data.data, { q1: 'No', nps: 6, txt: 'plain' }, '`data` merged by question')
    assert.is(patched.body.data.updatedAt, x.clock!.now().toISOString())
    assertProblem(await call('PATCH', `/api/v3/responses/${id}`, { surveyId: 'x', meta: {} }), 400, ['surveyId', 'meta'])
    assertProblem(await call('PATCH', `/api/v3/responses/${id}`, {}), 400)
    assertProblem(await call('PATCH', `/api/v3/responses/${id}`, { finished: 'yes' }), 400, ['finished'])
    const deleted = await call('DELETE', `/api/v3/responses/${id}`)
    assert.is(deleted.status, 204)
    assert.is(deleted.text, '')
    assertProblem(await call('GET', `/api/v3/responses/${id}`), 403)
    assertProblem(await call('DELETE', `/api/v3/responses/${id}`), 403)
  })

  test('batch delete: all or none, scoped to the workspace, bounded; counts what it deleted', async () => {
    const x = bed()
    const s = await seed(x)
    const foreignSurvey = await createSurvey(x, { status: 'inProgress' }, 'B')
    const foreign = await x.call('POST', '/api/v1/management/responses', {
      key: x.keyB,
      body: { surveyId: foreignSurvey.id, finished: true, data: {} },
    })
    assert.is(foreign.status, 200, foreign.text)
    const foreignId = foreign.body.data.id as string
    const path = '/api/v3/responses/batch-delete'
    const mixed = await call('POST', path, { workspaceId: x.projectId, ids: [s.ids.r1, foreignId, s.ids.r2, 'clxx1234567890123456789012'] })
    assertProblem(mixed, 403, ['ids.1', 'ids.3'])
    assert.is(mixed.body.invalid_params.length, 2, 'only the ids at fault')
    for (const id of [s.ids.r1, s.ids.r2]) assert.is((await call('GET', `/api/v3/responses/${id}`)).status, 200, 'nothing was deleted')
    assert.is((await call('GET', `/api/v3/responses/${foreignId}`, undefined, { key: x.keyB })).status, 200)
    // Another workspace's key, or another workspace named, deletes nothing of this one.
    assertProblem(await call('POST', path, { workspaceId: x.envB, ids: [s.ids.r1] }, { key: x.keyB }), 403, ['ids.0'])
    assertProblem(await call('POST', path, { workspaceId: x.envB, ids: [s.ids.r1] }), 403)
    assertProblem(await call('POST', path, { workspaceId: x.projectId, ids: [] }), 400, ['ids'])
    assertProblem(await call('POST', path, { workspaceId: x.projectId, ids: Array.from({ length: 1001 }, (_, i) => `id-${i}`) }), 400, [
      'ids',
    ])
    assertProblem(await call('POST', path, { ids: [s.ids.r1] }), 400, ['workspaceId'])
    assertProblem(await call('POST', path, { workspaceId: x.projectId, ids: [s.ids.r1], filter: {} }), 400, ['filter'])
    assertProblem(await call('POST', `${path}?workspaceId=${x.projectId}`, { workspaceId: x.projectId, ids: [s.ids.r1] }), 400, [
      'workspaceId',
    ])
    const ok = await call('POST', path, { workspaceId: x.projectId, ids: [s.ids.r1, s.ids.r2, s.ids.r1] })
    assert.is(ok.status, 200, ok.text)
    assert.equal(ok.body.data, { deleted: 2 })
    for (const id of [s.ids.r1, s.ids.r2]) assertProblem(await call('GET', `/api/v3/responses/${id}`), 403)
    assert.is((await call('GET', `/api/v3/responses/${s.ids.r3}`)).status, 200, 'an id not named stays')
    assert.equal(await count(x, `surveyId=${s.survey.id}`), { count: 1, relation: 'eq' })
    // A repeat finds them gone: a 403 naming them, as for any id that is not the workspace's.
    assertProblem(await call('POST', path, { workspaceId: x.projectId, ids: [s.ids.r1] }), 403, ['ids.0'])
  })

  test('concurrent batch deletes of overlapping ids: exactly one deletes, all or none, never a 500', async () => {
    const x = bed()
    const survey = await createSurvey(x, { status: 'inProgress' })
    const path = '/api/v3/responses/batch-delete'
    for (let round = 0; round < 3; round++) {
      const ids: string[] = []
      for (let i = 0; i < 4; i++) ids.push(await create(x, survey.id, { finished: true, data: { q1: `r${round}.${i}` } }))
      // Eight requests at once, each naming every id in its own order: the first to lock the rows deletes them.
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, n) => call('POST', path, { workspaceId: x.projectId, ids: n % 2 ? [...ids].reverse() : ids })),
      )
      const statuses = answers.map((answer) => answer.status).sort()
      assert.equal(statuses, [200, 403, 403, 403, 403, 403, 403, 403], answers.map((answer) => answer.text.slice(0, 120)).join('\n'))
      assert.equal(answers.find((answer) => answer.status === 200)?.body.data, { deleted: 4 })
      assert.equal(await count(x, `surveyId=${survey.id}`), { count: 0, relation: 'eq' })
    }
  })

  test('totalCount and count are exact up to 10,000 and say gte past it', async () => {
    const x = bed()
    const big = await createSurvey(x, { status: 'inProgress' })
    await seedPastCountCap(x, big.id)
    const all = await list(x, `surveyId=${big.id}&limit=1`)
    assert.is(all.body.meta.totalCount, 10_000)
    assert.is(all.body.meta.totalCountRelation, 'gte')
    assert.equal(await count(x, `surveyId=${big.id}`), { count: 10_000, relation: 'gte' })
    assert.equal(await count(x, `surveyId=${big.id}&filter[data.nps][eq]=1`), { count: 10_000, relation: 'eq' })
    assert.equal(await count(x, `surveyId=${big.id}&filter[data.nps][eq]=10`), { count: 1, relation: 'eq' })
    const one = await list(x, `surveyId=${big.id}&filter[data.nps][eq]=10`)
    assert.is(one.body.meta.totalCount, 1)
    assert.is(one.body.meta.totalCountRelation, 'eq')
  })

  test.run()
}
