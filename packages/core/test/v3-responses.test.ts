/**
 * Issue 70: the reference's v3 responses routes, version 0.2.0 (docs/api.md, "Responses in v3"): the list and
 * count with their query rules and keyset cursor, one response, create, patch, delete, batch delete and
 * validate, with the views' shapes; and Canvass's extension filters on the list and the count. On PGlite, and
 * on the Postgres server when TEST_DATABASE_URL is set.
 */
import { availableBackends, createSurvey, createTestClock, suiteWithBed, webhookDeliveries } from '@canvass/test-bed'
import type { ApiResult, TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { HOSTILE_FILTER_VALUES, filterCases, hostileFilterQueries, seedFilterResponses, seedPastCountCap } from './response-filter-fixtures'

function assertProblem(res: ApiResult, status: number, names: string[] = []) {
  assert.is(res.status, status, res.text)
  assert.is(res.headers.get('content-type'), 'application/problem+json')
  assert.is(res.headers.get('cache-control'), 'private, no-store')
  assert.is(res.body.status, status)
  assert.type(res.body.requestId, 'string')
  const listed = (res.body.invalid_params ?? []).map((param: { name: string }) => param.name)
  for (const name of names) assert.ok(listed.includes(name), `invalid_params names ${name}: ${JSON.stringify(res.body.invalid_params)}`)
}

const t = (text: string) => ({ default: text })

/** A survey with an open text, an NPS and a choice question, a hidden field, a variable and an ending. */
const richSurvey = {
  status: 'inProgress',
  questions: [
    { id: 'q1', type: 'openText', headline: t('How was it?'), required: false, inputType: 'text' },
    { id: 'nps', type: 'nps', headline: t('Recommend us?'), required: false, lowerLabel: t('No'), upperLabel: t('Yes') },
    {
      id: 'color',
      type: 'multipleChoiceSingle',
      headline: t('Colour?'),
      required: false,
      choices: [
        { id: 'red', label: t('Red') },
        { id: 'other', label: t('Other') },
      ],
    },
  ],
  hiddenFields: { enabled: true, fieldIds: ['campaign'] },
  variables: [{ id: 'var1', name: 'score', type: 'number', value: 0 }],
  endings: [{ id: 'end1', type: 'endScreen', headline: t('Thanks') }],
}

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`v3 responses 0.2.0 (${backend})`, () => ({
    backend,
    clock: createTestClock('2026-11-20T10:00:00.000Z'),
  }))

  const call = (method: string, path: string, body?: unknown, options: { key?: string; headers?: Record<string, string> } = {}) =>
    bed().call(method, path, { key: options.key ?? bed().keyA, ...(body !== undefined ? { body } : {}), headers: options.headers ?? {} })

  /** A response made through `POST /api/v3/responses`; its resource. */
  async function create(x: TestCanvass, body: Record<string, unknown>) {
    const res = await call('POST', '/api/v3/responses', body)
    assert.is(res.status, 201, res.text)
    x.clock!.advance(5)
    return res.body.data
  }

  /** The extension filters' responses, made through the v1 management route (they carry userId and variables). */
  const seed = (x: TestCanvass) =>
    seedFilterResponses(x, async (surveyId, body, headers) => {
      const res = await call('POST', '/api/v1/management/responses', { surveyId, ...body }, { headers: headers ?? {} })
      assert.is(res.status, 200, res.text)
      x.clock!.advance(5)
      return res.body.data.id as string
    })

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

  test('POST creates: 201, Location, the ResponseResource with typed answers and embedded data', async () => {
    const x = bed()
    const survey = await createSurvey(x, richSurvey)
    const res = await call('POST', '/api/v3/responses', {
      surveyId: survey.id,
      finished: true,
      data: { q1: 'Great', nps: 9, color: 'Purple' },
      embeddedData: { campaign: 'spring', score: 4 },
      ttc: { q1: 1500, nps: 500, _total: 1 },
      meta: { source: 'api', url: 'https://example.com/p?token=secret' },
      endingId: 'end1',
      language: 'default',
    })
    assert.is(res.status, 201, res.text)
    const created = res.body.data
    assert.is(res.headers.get('location'), `/api/v3/responses/${created.id}`)
    assert.is(res.headers.get('cache-control'), 'private, no-store')
    assert.equal(Object.keys(created).sort(), [
      'answers',
      'contact',
      'createdAt',
      'data',
      'displayId',
      'durationSeconds',
      'embeddedData',
      'endingId',
      'finished',
      'id',
      'language',
      'resolution',
      'singleUseId',
      'surveyId',
      'surveyName',
      'tags',
      'unresolved',
      'updatedAt',
      'workspaceId',
    ])
    assert.is(created.workspaceId, x.projectId)
    assert.is(created.surveyName, 'Feedback')
    assert.is(created.createdAt, x.clock!.now().toISOString())
    assert.is(created.durationSeconds, 2)
    assert.equal(created.data, { q1: 'Great', nps: 9, color: 'Purple' }, 'no hidden field in data')
    assert.equal(created.answers[0], {
      position: 1,
      elementId: 'q1',
      elementType: 'openText',
      elementLabel: 'How was it?',
      durationSeconds: 1.5,
      valueText: 'Great',
      inputType: 'text',
    })
    assert.equal(created.answers[1].range, { min: 0, max: 10 })
    assert.equal(created.answers[2].selections, [{ optionId: 'other', optionLabel: 'Other', rawValue: 'Purple', match: 'other' }])
    assert.equal(created.embeddedData, [
      { key: 'campaign', kind: 'ingested', type: 'string', label: 'campaign', value: 'spring' },
      // A variable by its name, the key a write's embeddedData takes (issue 82: it was its id).
      { key: 'score', kind: 'computed', type: 'number', label: 'score', value: 4 },
      { key: 'source', kind: 'reserved', type: 'string', label: 'Source', value: 'api' },
      { key: 'url', kind: 'reserved', type: 'string', label: 'Url', value: 'https://example.com/p' },
    ])
    assert.equal(created.contact, null)
    assert.equal(created.resolution.labelPolicy, 'currentSurveyDefinition')
    const again = await call('GET', `/api/v3/responses/${created.id}`)
    assert.is(again.status, 200)
    assert.equal(again.body.data, created)
    // The v1 routes read the same response: hidden fields in data, variables by id, ttc with the server's _total.
    const v1 = await call('GET', `/api/v1/management/responses/${created.id}`)
    assert.equal(v1.body.data.data, { q1: 'Great', nps: 9, color: 'Purple', campaign: 'spring' })
    assert.equal(v1.body.data.variables, { var1: 4 })
    assert.equal(v1.body.data.ttc, { q1: 1500, nps: 500, _total: 2000 })
    // Without ttc nothing is stored.
    const plain = await create(x, { surveyId: survey.id, finished: true, data: {} })
    assert.equal((await call('GET', `/api/v1/management/responses/${plain.id}`)).body.data.ttc, {})
    assert.not.ok('durationSeconds' in plain)
  })

  test('embeddedData keys are names: a variable by its name, a declared field and a captured one of one name both shown', async () => {
    const x = bed()
    // A hidden field and a variable of one name, and a hidden field named as a captured field: surveys written
    // before such names were refused have them.
    const survey = await createSurvey(x, {
      status: 'inProgress',
      hiddenFields: { enabled: true, fieldIds: ['action', 'shared'] },
      variables: [
        { id: 'vshared', name: 'shared', type: 'text', value: '' },
        { id: 'vtotal', name: 'total', type: 'number', value: 0 },
      ],
    })
    const made = await create(x, {
      surveyId: survey.id,
      finished: true,
      data: {},
      embeddedData: { action: 'newsletter', vshared: 'by id', total: 3 },
      meta: { action: 'opened' },
    })
    assert.equal(made.embeddedData, [
      { key: 'action', kind: 'ingested', type: 'string', label: 'action', value: 'newsletter' },
      { key: 'shared', kind: 'computed', type: 'string', label: 'shared', value: 'by id' },
      { key: 'total', kind: 'computed', type: 'number', label: 'total', value: 3 },
      { key: 'action', kind: 'reserved', type: 'string', label: 'Action', value: 'opened' },
    ])
    // Each key (with its kind) is what a write takes back; a name of two fields is refused as ambiguous.
    const patched = await call('PATCH', `/api/v3/responses/${made.id}`, { embeddedData: { total: 4, action: 'ad' } })
    assert.is(patched.status, 200, patched.text)
    assert.equal(
      patched.body.data.embeddedData
        .filter((d: { kind: string }) => d.kind !== 'reserved')
        .map((d: { key: string; value: unknown }) => [d.key, d.value]),
      [
        ['action', 'ad'],
        ['shared', 'by id'],
        ['total', 4],
      ],
    )
    const ambiguous = await call('PATCH', `/api/v3/responses/${made.id}`, { embeddedData: { shared: 'x' } })
    assertProblem(ambiguous, 422, ['embeddedData.shared'])
    assert.is(ambiguous.body.invalid_params[0].code, 'duplicate_identifier')
  })

  test('POST refusals: unsupported fields (400), unknown and foreign survey (the same 403), survey rules (422)', async () => {
    const x = bed()
    const survey = await createSurvey(x, richSurvey)
    const body = { surveyId: survey.id, finished: true, data: {} }
    const unsupported = await call('POST', '/api/v3/responses', {
      ...body,
      createdAt: '2026-01-01T00:00:00Z',
      userId: 'u',
      contactAttributes: {},
      workspaceId: x.projectId,
      meta: { source: 'x', ipAddress: '1.2.3.4', userAgent: 'x' },
    })
    assertProblem(unsupported, 400, ['createdAt', 'userId', 'contactAttributes', 'workspaceId', 'meta.ipAddress'])
    assert.ok(
      unsupported.body.invalid_params.every((param: { code?: string }) => param.code === 'unsupported_field'),
      unsupported.text,
    )
    assertProblem(await call('POST', '/api/v3/responses', { surveyId: survey.id, data: {} }), 400, ['finished'])
    assertProblem(
      await call('POST', '/api/v3/responses', { ...body, data: Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`k${i}`, 'x'])) }),
      400,
      ['data'],
    )
    assertProblem(await call('POST', '/api/v3/responses', { ...body, tags: Array.from({ length: 101 }, (_, i) => `t${i}`) }), 400, ['tags'])
    assertProblem(await call('POST', '/api/v3/responses?workspaceId=x', body), 400, ['workspaceId'])
    const foreign = await createSurvey(x, { status: 'inProgress' }, 'B')
    const a = await call('POST', '/api/v3/responses', { ...body, surveyId: foreign.id })
    const b = await call('POST', '/api/v3/responses', { ...body, surveyId: 'clxx1234567890123456789012' })
    assertProblem(a, 403)
    assertProblem(b, 403)
    const strip = (r: ApiResult) => ({ ...r.body, requestId: '' })
    assert.equal(strip(a), strip(b), 'an unknown and a foreign survey answer the same')
    const rules = await call('POST', '/api/v3/responses', {
      ...body,
      endingId: 'nope',
      language: 'fr',
      data: { campaign: 'x' },
      embeddedData: { nobody: 1, country: 'DE', score: 1, var1: 2 },
      tags: ['clxx1234567890123456789012'],
      contactId: 'clxx1234567890123456789012',
    })
    assertProblem(rules, 422, [
      'endingId',
      'language',
      'data.campaign',
      'embeddedData.nobody',
      'embeddedData.country',
      'embeddedData.var1',
      'tags.0',
      'contactId',
    ])
    const byName = Object.fromEntries(rules.body.invalid_params.map((param: { name: string }) => [param.name, param]))
    assert.equal(byName['data.campaign'].referenceType, 'hiddenField')
    assert.is(byName['data.campaign'].code, 'unsupported_field')
    assert.is(byName.language.code, 'unsupported_locale')
    assert.is((await count(x, `surveyId=${survey.id}`)).count, 0, 'nothing was written')
    // 401 before anything in the query or body is looked at.
    assertProblem(await x.call('POST', '/api/v3/responses?bogus=1', { body: {} }), 401)
  })

  test('contact, tags and the single-use id: linked, applied, and a used single-use id is a 422', async () => {
    const x = bed()
    const survey = await createSurvey(x, richSurvey)
    const put = await x.call('PUT', `/api/v1/client/${x.envA}/contacts/u-70/attributes`, { body: { attributes: { plan: 'pro' } } })
    assert.is(put.status, 200, put.text)
    const seeded = await call('POST', '/api/v1/management/responses', { surveyId: survey.id, finished: true, data: {}, userId: 'u-70' })
    const contactId = seeded.body.data.person.id as string
    await x.storage.imports.insertNotesAndTags(x.envA, [{ responseId: seeded.body.data.id, notes: [], tags: ['vip', 'beta'] }])
    const tags = (await x.storage.tags.list(x.envA, { limit: 10 })).map((tag) => ({ id: tag.id, name: tag.name }))
    const vip = tags.find((tag) => tag.name === 'vip')!
    const created = await create(x, { surveyId: survey.id, finished: false, data: {}, contactId, tags: [vip.id], singleUseId: 'su-1' })
    assert.equal(created.contact, { id: contactId, userId: 'u-70' })
    assert.equal(created.tags, [vip])
    assert.is(created.singleUseId, 'su-1')
    assert.not.ok(JSON.stringify(created).includes('"plan"'), 'no contact attributes')
    const again = await call('POST', '/api/v3/responses', { surveyId: survey.id, finished: false, data: {}, singleUseId: 'su-1' })
    assertProblem(again, 422)
    assert.equal(idsOf(await list(x, `contactId=${contactId}`)).sort(), [created.id, seeded.body.data.id].sort())
  })

  test('a contact with no userId cannot be linked: a 422 naming contactId, and nothing is written', async () => {
    const x = bed()
    const survey = await createSurvey(x, richSurvey)
    // An imported contact may have no userId (the reference allows it); Canvass links responses by userId.
    const when = new Date()
    const [contactId] = await x.storage.imports.insertContacts(x.envA, [
      { id: 'clnouserid0000000000000001', userId: null, createdAt: when, updatedAt: when, attributes: {} },
    ])
    assert.ok(contactId, 'the contact was inserted')
    const refused = await call('POST', '/api/v3/responses', { surveyId: survey.id, finished: true, data: {}, contactId })
    assertProblem(refused, 422, ['contactId'])
    const param = refused.body.invalid_params[0]
    assert.is(param.code, 'invalid_reference')
    assert.match(param.reason, /userId/)
    assert.is((await count(x, `surveyId=${survey.id}`)).count, 0, 'nothing was written')
  })

  test('GET list: ResponseListItem rows, limit, sortBy, keyset cursor bound to sort and filters', async () => {
    const x = bed()
    const survey = await createSurvey(x, richSurvey)
    const made: string[] = []
    for (let i = 0; i < 7; i++) made.push((await create(x, { surveyId: survey.id, finished: i % 2 === 0, data: { nps: i } })).id)
    const first = await list(x, `surveyId=${survey.id}&limit=3`)
    assert.equal(Object.keys(first.body.meta).sort(), ['limit', 'nextCursor', 'totalCount', 'totalCountRelation'])
    assert.is(first.body.meta.totalCount, null, 'includeTotalCount is false by default')
    assert.is(first.body.meta.totalCountRelation, null)
    for (const field of ['data', 'contact', 'displayId', 'singleUseId']) assert.not.ok(field in first.body.data[0], field)
    assert.is(first.body.data[0].surveyName, 'Feedback')
    for (const [sortBy, expected] of [
      ['-createdAt', [...made].reverse()],
      ['createdAt', made],
    ] as const) {
      const seen: string[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const res = await list(
          x,
          `surveyId=${survey.id}&limit=3&sortBy=${sortBy}&includeTotalCount=true${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        )
        assert.is(res.body.meta.totalCount, 7)
        assert.is(res.body.meta.totalCountRelation, 'eq')
        seen.push(...idsOf(res))
        cursor = res.body.meta.nextCursor
        pages++
      } while (cursor !== null && pages < 10)
      assert.equal(seen, expected, `by ${sortBy}`)
      assert.is(pages, 3)
    }
    const cursor = encodeURIComponent(first.body.meta.nextCursor)
    assertProblem(
      await call('GET', `/api/v3/responses?workspaceId=${x.projectId}&surveyId=${survey.id}&sortBy=createdAt&cursor=${cursor}`),
      400,
      ['cursor'],
    )
    assertProblem(
      await call('GET', `/api/v3/responses?workspaceId=${x.projectId}&surveyId=${survey.id}&filter[finished][eq]=true&cursor=${cursor}`),
      400,
      ['cursor'],
    )
    assertProblem(await call('GET', `/api/v3/responses?workspaceId=${x.projectId}&cursor=${cursor}`), 400, ['cursor'])
    assertProblem(await call('GET', `/api/v3/responses?workspaceId=${x.projectId}&cursor=bm90IGEgY3Vyc29y`), 400, ['cursor'])
    // A changed limit keeps the position.
    const next = await list(x, `surveyId=${survey.id}&limit=10&cursor=${cursor}`)
    assert.equal(idsOf(next), [...made].reverse().slice(3))
    assert.is(next.body.meta.nextCursor, null)
    assert.is((await list(x, `surveyId=${survey.id}&limit=250`)).body.meta.limit, 250)
    for (const limit of ['0', '251', 'ten', '-1'])
      assertProblem(await call('GET', `/api/v3/responses?workspaceId=${x.projectId}&limit=${limit}`), 400, ['limit'])
    assertProblem(await call('GET', `/api/v3/responses?workspaceId=${x.projectId}&sortBy=updatedAt`), 400, ['sortBy'])
  })

  test('a list narrowed to a survey reads that survey once (the scope check and the views share it)', async () => {
    // Issue 70: the list read its survey for the scope check and again for the views, a round trip more per page.
    const x = bed()
    const survey = await createSurvey(x, richSurvey)
    for (let i = 0; i < 3; i++) await create(x, { surveyId: survey.id, finished: true, data: { nps: i } })
    const surveys = x.storage.surveys
    const get = surveys.get
    const reads: string[] = []
    surveys.get = (id) => {
      reads.push(id)
      return get.call(surveys, id)
    }
    try {
      const res = await list(x, `surveyId=${survey.id}&limit=2`)
      assert.is(res.body.data.length, 2)
      assert.is(res.body.data[0].surveyName, 'Feedback')
      assert.equal(reads, [survey.id])
    } finally {
      surveys.get = get
    }
  })

  test('the reference filters: createdAt pairing, finished and language anchored, id list bounded and scoped', async () => {
    const x = bed()
    const survey = await createSurvey(x, richSurvey)
    const rows: Array<{ id: string; createdAt: string }> = []
    for (let i = 0; i < 4; i++) {
      rows.push(await create(x, { surveyId: survey.id, finished: i < 2, data: {}, language: i === 3 ? null : 'default' }))
      x.clock!.advance(1000)
    }
    const at = (i: number) => encodeURIComponent(rows[i]!.createdAt)
    const base = `surveyId=${survey.id}`
    assert.equal(idsOf(await list(x, `${base}&filter[createdAt][gte]=${at(1)}&filter[createdAt][lt]=${at(3)}`)), [rows[2]!.id, rows[1]!.id])
    assert.equal(idsOf(await list(x, `${base}&filter[createdAt][gt]=${at(1)}&filter[createdAt][lte]=${at(3)}`)), [rows[3]!.id, rows[2]!.id])
    assert.equal(idsOf(await list(x, `${base}&filter[finished][eq]=true`)), [rows[1]!.id, rows[0]!.id])
    assert.equal((await list(x, `${base}&filter[language][in]=default`)).body.data.length, 4, '`default` takes no language too')
    const foreignSurvey = await createSurvey(x, { status: 'inProgress' }, 'B')
    const foreign = await call('POST', '/api/v3/responses', { surveyId: foreignSurvey.id, finished: true, data: {} }, { key: x.keyB })
    assert.is(foreign.status, 201, foreign.text)
    assert.equal(idsOf(await list(x, `filter[id][in]=${rows[0]!.id},${foreign.body.data.id}`)), [rows[0]!.id], 'a foreign id is absent')
    assert.equal(await count(x, `filter[id][in]=${rows[0]!.id}&filter[id][in]=${rows[1]!.id}`), { count: 2, relation: 'eq' })
    for (const path of ['/api/v3/responses', '/api/v3/responses/count']) {
      const bad: Array<[string, string]> = [
        [`filter[createdAt][gte]=${at(0)}&filter[createdAt][gt]=${at(0)}`, 'filter[createdAt][gt]'],
        [`filter[createdAt][lte]=${at(0)}&filter[createdAt][lt]=${at(0)}`, 'filter[createdAt][lt]'],
        [`filter[createdAt][gte]=${at(2)}&filter[createdAt][lte]=${at(1)}`, 'filter[createdAt][gte]'],
        ['filter[createdAt][gte]=yesterday', 'filter[createdAt][gte]'],
        ['filter[finished][eq]=true', 'filter[finished][eq]'],
        ['filter[language][in]=de', 'filter[language][in]'],
        [`filter[id][in]=${Array.from({ length: 101 }, (_, i) => `id${i}`).join(',')}`, 'filter[id][in]'],
        ['bogus=1', 'bogus'],
        ['filter[answers.q1][eq]=x', 'filter[answers.q1][eq]'],
      ]
      for (const [query, name] of bad) assertProblem(await call('GET', `${path}?workspaceId=${x.projectId}&${query}`), 400, [name])
      assertProblem(await call('GET', path), 400, ['workspaceId'])
      assertProblem(await call('GET', `${path}?workspaceId=clxx1234567890123456789012`), 403)
      assertProblem(await call('GET', `${path}?workspaceId=${x.projectId}&surveyId=${foreignSurvey.id}`), 403)
    }
    assertProblem(await call('GET', `/api/v3/responses/count?workspaceId=${x.projectId}&precision=exact`), 400, ['precision'])
    assertProblem(await call('GET', `/api/v3/responses/count?workspaceId=${x.projectId}&limit=1`), 400, ['limit'])
    assert.equal(await count(x, `surveyId=${survey.id}&precision=exact`), { count: 4, relation: 'eq' })
  })

  test("Canvass's extension filters on the list and the count, beside the reference's", async () => {
    const x = bed()
    const s = await seed(x)
    for (const [query, expected] of filterCases(s)) {
      const res = await list(x, `surveyId=${s.survey.id}&${query}&includeTotalCount=true`)
      assert.equal(idsOf(res).sort(), [...expected].sort(), `list ${query}`)
      assert.is(res.body.meta.totalCount, expected.length, `totalCount ${query}`)
      assert.equal(await count(x, `surveyId=${s.survey.id}&${query}`), { count: expected.length, relation: 'eq' }, `count ${query}`)
    }
    for (const value of HOSTILE_FILTER_VALUES) {
      for (const query of hostileFilterQueries(value)) {
        assert.equal(idsOf(await list(x, `surveyId=${s.survey.id}&${query}`)), [], `list ${query.slice(0, 60)}`)
      }
    }
    // A cursor is bound to extension filters too.
    const page = await list(x, `surveyId=${s.survey.id}&limit=1&filter[data.q1][in]=Yes,No`)
    const cursor = encodeURIComponent(page.body.meta.nextCursor)
    assert.is(idsOf(await list(x, `surveyId=${s.survey.id}&limit=1&filter[data.q1][in]=Yes,No&cursor=${cursor}`)).length, 1)
    assertProblem(
      await call(
        'GET',
        `/api/v3/responses?workspaceId=${x.projectId}&surveyId=${s.survey.id}&limit=1&filter[data.q1][in]=Yes&cursor=${cursor}`,
      ),
      400,
      ['cursor'],
    )
  })

  test('PATCH: data replaced, embeddedData merged, tags replaced; GET/PATCH/DELETE 403 for unknown or foreign ids', async () => {
    const x = bed()
    const survey = await createSurvey(x, richSurvey)
    await x.storage.imports.insertNotesAndTags(x.envA, [
      { responseId: (await create(x, { surveyId: survey.id, finished: true, data: {} })).id, notes: [], tags: ['a', 'b'] },
    ])
    const tags = await x.storage.tags.list(x.envA, { limit: 10 })
    const [a, b] = [tags.find((tag) => tag.name === 'a')!, tags.find((tag) => tag.name === 'b')!]
    const made = await create(x, {
      surveyId: survey.id,
      finished: false,
      data: { q1: 'x', nps: 3 },
      embeddedData: { campaign: 'c1', score: 1 },
      tags: [a.id],
    })
    const id = made.id
    x.clock!.advance(1000)
    const patched = await call('PATCH', `/api/v3/responses/${id}`, {
      data: { nps: 8 },
      embeddedData: { score: null },
      tags: [b.id],
      finished: true,
      endingId: 'end1',
    })
    assert.is(patched.status, 200, patched.text)
    assert.equal(patched.body.data.data, { nps: 8 }, 'data replaced wholesale')
    assert.equal(
      patched.body.data.embeddedData.map((d: { key: string }) => d.key),
      ['campaign', 'score'],
      'the hidden field kept; the cleared variable reads its default',
    )
    assert.is(patched.body.data.embeddedData[1].value, 0)
    assert.equal(patched.body.data.tags, [{ id: b.id, name: 'b' }])
    assert.is(patched.body.data.finished, true)
    assert.is(patched.body.data.endingId, 'end1')
    assert.is(patched.body.data.updatedAt, x.clock!.now().toISOString())
    assertProblem(await call('PATCH', `/api/v3/responses/${id}`, {}), 400)
    assertProblem(await call('PATCH', `/api/v3/responses/${id}`, { surveyId: 'x', meta: {}, ttc: {}, contactId: 'c' }), 400, [
      'surveyId',
      'meta',
      'ttc',
      'contactId',
    ])
    assertProblem(await call('PATCH', `/api/v3/responses/${id}`, { data: { campaign: 'y' }, language: 'xx' }), 422, [
      'data.campaign',
      'language',
    ])
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const body = method === 'PATCH' ? { finished: true } : undefined
      assertProblem(await call(method, `/api/v3/responses/${id}?workspaceId=${x.projectId}`, body), 400, ['workspaceId'])
      for (const other of ['clxx1234567890123456789012', '%00', 'x'.repeat(300)])
        assertProblem(await call(method, `/api/v3/responses/${other}`, body), 403)
      assertProblem(await call(method, `/api/v3/responses/${id}`, body, { key: x.keyB }), 403)
    }
    const deleted = await call('DELETE', `/api/v3/responses/${id}`)
    assert.is(deleted.status, 204)
    assert.is(deleted.text, '')
    assertProblem(await call('GET', `/api/v3/responses/${id}`), 403)
  })

  test('webhooks: a create is responseCreated (and responseFinished), every patch responseUpdated, the finish once', async () => {
    const x = bed()
    const survey = await createSurvey(x, richSurvey)
    const hook = await call('POST', '/api/v1/webhooks', {
      url: 'https://example.com/hook',
      triggers: ['responseCreated', 'responseUpdated', 'responseFinished'],
      surveyIds: [survey.id],
    })
    assert.is(hook.status, 200, hook.text)
    const events = async () => (await webhookDeliveries(x.call, x.keyA, hook.body.data.id)).map((d: { event: string }) => d.event).sort()
    const { id } = await create(x, { surveyId: survey.id, finished: false, data: { q1: 'a' } })
    assert.equal(await events(), ['responseCreated'])
    assert.is((await call('PATCH', `/api/v3/responses/${id}`, { data: { q1: 'b' } })).status, 200)
    assert.equal(await events(), ['responseCreated', 'responseUpdated'])
    assert.is((await call('PATCH', `/api/v3/responses/${id}`, { finished: true })).status, 200)
    assert.equal(await events(), ['responseCreated', 'responseFinished', 'responseUpdated', 'responseUpdated'])
    assert.is((await call('PATCH', `/api/v3/responses/${id}`, { finished: true })).status, 200)
    assert.equal(
      await events(),
      ['responseCreated', 'responseFinished', 'responseUpdated', 'responseUpdated', 'responseUpdated'],
      'not finished twice',
    )
  })

  test('concurrent patches of one response each apply to the last write (embeddedData merged, none lost)', async () => {
    const x = bed()
    const survey = await createSurvey(x, { ...richSurvey, hiddenFields: { enabled: true, fieldIds: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] } })
    const { id } = await create(x, { surveyId: survey.id, finished: false, data: {} })
    const answers = await Promise.all(
      ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((name) => call('PATCH', `/api/v3/responses/${id}`, { embeddedData: { [name]: name } })),
    )
    for (const answer of answers) assert.is(answer.status, 200, answer.text)
    const read = await call('GET', `/api/v3/responses/${id}`)
    assert.equal(read.body.data.embeddedData.filter((d: { kind: string }) => d.kind === 'ingested').length, 6)
  })

  test('batch delete: scope-filtered, idempotent, bounded, duplicates refused; one transaction', async () => {
    const x = bed()
    const survey = await createSurvey(x, richSurvey)
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push((await create(x, { surveyId: survey.id, finished: true, data: {} })).id)
    const foreignSurvey = await createSurvey(x, { status: 'inProgress' }, 'B')
    const foreign = (await call('POST', '/api/v3/responses', { surveyId: foreignSurvey.id, finished: true, data: {} }, { key: x.keyB }))
      .body.data.id
    const path = `/api/v3/responses/batch-delete?workspaceId=${x.projectId}`
    const ok = await call('POST', path, { ids: [ids[0], foreign, ids[1], 'clxx1234567890123456789012'] })
    assert.is(ok.status, 200, ok.text)
    assert.equal(ok.body.data, { deleted: 2 })
    assert.is((await call('GET', `/api/v3/responses/${foreign}`, undefined, { key: x.keyB })).status, 200, 'another workspace’s stays')
    assert.equal((await call('POST', path, { ids: [ids[0]] })).body.data, { deleted: 0 }, 'a retry deletes nothing more')
    assert.is((await call('GET', `/api/v3/responses/${ids[2]}`)).status, 200)
    assertProblem(await call('POST', path, { ids: [] }), 400, ['ids'])
    assertProblem(await call('POST', path, { ids: [ids[2], ids[2]] }), 400, ['ids'])
    assertProblem(await call('POST', path, { ids: Array.from({ length: 101 }, (_, i) => `id-${i}`) }), 400, ['ids'])
    assertProblem(await call('POST', path, { ids: [ids[2]], workspaceId: x.projectId }), 400, ['workspaceId'])
    assertProblem(await call('POST', '/api/v3/responses/batch-delete', { ids: [ids[2]] }), 400, ['workspaceId'])
    assertProblem(await call('POST', `/api/v3/responses/batch-delete?workspaceId=${x.envB}`, { ids: [ids[2]] }), 403)
    // Concurrent batches of the same ids: together they delete each once.
    const more: string[] = []
    for (let i = 0; i < 4; i++) more.push((await create(x, { surveyId: survey.id, finished: true, data: {} })).id)
    const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => call('POST', path, { ids: n % 2 ? [...more].reverse() : more })))
    assert.is(
      answers.reduce((sum, answer) => sum + (answer.body.data?.deleted ?? 0), 0),
      4,
      answers.map((answer) => answer.text).join('\n'),
    )
  })

  test('validate: valid with effects (quotas, tags, language), invalid with params, writes nothing; 400 only for the envelope', async () => {
    const x = bed()
    const survey = await createSurvey(x, richSurvey)
    const now = x.clock!.now()
    await x.storage.quotas.insert(
      {
        id: 'quota70',
        environmentId: x.envA,
        surveyId: survey.id,
        name: 'Everyone',
        limit: 1,
        logic: { connector: 'and', conditions: [] },
        action: 'continueSurvey',
        endingCardId: null,
        countPartialSubmissions: false,
        createdAt: now,
        updatedAt: now,
      },
      50,
    )
    const valid = await call('POST', '/api/v3/responses/validate', {
      operation: 'create',
      data: { surveyId: survey.id, finished: true, data: { q1: 'a' }, language: 'default' },
    })
    assert.is(valid.status, 200, valid.text)
    assert.equal(valid.body.data, {
      valid: true,
      operation: 'create',
      invalid_params: [],
      effects: {
        language: 'default',
        contactId: null,
        displayId: null,
        firesPipeline: true,
        countsTowardMeteredResponses: true,
        quotas: [{ quotaId: 'quota70', quotaName: 'Everyone', wouldCount: true, wouldFill: true }],
        tagsToApply: [],
      },
    })
    const invalid = await call('POST', '/api/v3/responses/validate', {
      operation: 'create',
      data: { surveyId: survey.id, finished: 'yes', data: {}, endingId: 'x' },
    })
    assert.is(invalid.status, 200, invalid.text)
    assert.is(invalid.body.data.valid, false)
    assert.ok(
      invalid.body.data.invalid_params.some((param: { name: string }) => param.name === 'finished'),
      invalid.text,
    )
    assert.not.ok('effects' in invalid.body.data)
    assert.is((await count(x, `surveyId=${survey.id}`)).count, 0, 'validate writes nothing')
    const made = await create(x, { surveyId: survey.id, finished: false, data: {} })
    const patch = await call('POST', '/api/v3/responses/validate', { operation: 'patch', responseId: made.id, data: { finished: true } })
    assert.is(patch.body.data.valid, true, patch.text)
    assert.is(patch.body.data.effects.countsTowardMeteredResponses, false)
    assert.is((await call('GET', `/api/v3/responses/${made.id}`)).body.data.finished, false, 'validate writes nothing')
    assertProblem(
      await call('POST', '/api/v3/responses/validate', {
        operation: 'patch',
        responseId: 'clxx1234567890123456789012',
        data: { finished: true },
      }),
      403,
    )
    assertProblem(await call('POST', '/api/v3/responses/validate', { operation: 'patch', data: {} }), 400, ['responseId'])
    assertProblem(await call('POST', '/api/v3/responses/validate', { operation: 'delete', data: {} }), 400)
    assertProblem(await call('POST', '/api/v3/responses/validate', { operation: 'create' }), 400, ['data'])
  })

  test('totalCount and count are capped at 10,000 (gte); exact counts past it', async () => {
    const x = bed()
    const big = await createSurvey(x, { status: 'inProgress' })
    await seedPastCountCap(x, big.id)
    const all = await list(x, `surveyId=${big.id}&limit=1&includeTotalCount=true`)
    assert.is(all.body.meta.totalCount, 10_000)
    assert.is(all.body.meta.totalCountRelation, 'gte')
    assert.equal(await count(x, `surveyId=${big.id}`), { count: 10_000, relation: 'gte' })
    assert.equal(await count(x, `surveyId=${big.id}&precision=exact`), { count: 10_001, relation: 'eq' })
    assert.equal(await count(x, `surveyId=${big.id}&filter[data.nps][eq]=10`), { count: 1, relation: 'eq' })
  })

  test.run()
}
