/**
 * Segments on the test bed (docs/api.md, "Segments"): the management routes round-trip every operator and nesting and refuse
 * bad trees with a 400 naming the field; surveys name segments (saved or their own); the environment state
 * shows a targeted survey's segment; `/user` and identify answer the segments a contact is in now.
 * On PGlite, and on the Postgres server when TEST_DATABASE_URL is set.
 */
import * as assert from 'uvu/assert'
import { availableBackends, createSurvey, errorOf, suiteWithBed } from '@canvass/test-bed'
import type { Backend } from '@canvass/test-bed'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15'

let n = 0
const item = (connector: 'and' | 'or' | null, resource: unknown) => ({ id: `item${n++}`, connector, resource })
const attr = (key: string, operator: string, value?: string | number) => ({
  id: `filter${n++}`,
  root: { type: 'attribute', contactAttributeKey: key },
  ...(value === undefined ? {} : { value }),
  qualifier: { operator },
})

/** One leaf of every kind and every operator, in nested groups joined by both connectors. */
function everyOperator(otherSegmentId: string) {
  const text = ['equals', 'notEquals', 'contains', 'doesNotContain', 'startsWith', 'endsWith'].map((op, i) =>
    item(i === 0 ? null : 'and', attr('plan', op, 'pro')),
  )
  const numbers = ['lessThan', 'lessEqual', 'greaterThan', 'greaterEqual', 'equals', 'notEquals'].map((op, i) =>
    item(i === 0 ? null : 'or', attr('age', op, 18)),
  )
  return [
    item(null, text),
    item('or', [
      item(null, numbers),
      item('and', [item(null, [item(null, attr('email', 'isSet')), item('or', attr('email', 'isNotSet'))])]),
    ]),
    item('and', { id: 'person', root: { type: 'person', personIdentifier: 'userId' }, value: 'u', qualifier: { operator: 'startsWith' } }),
    item('or', { id: 'in', root: { type: 'segment', segmentId: otherSegmentId }, value: null, qualifier: { operator: 'userIsIn' } }),
    item('and', { id: 'notin', root: { type: 'segment', segmentId: otherSegmentId }, value: null, qualifier: { operator: 'userIsNotIn' } }),
    item('or', { id: 'phone', root: { type: 'device', deviceType: 'phone' }, value: 'phone', qualifier: { operator: 'equals' } }),
    item('and', { id: 'desk', root: { type: 'device', deviceType: 'desktop' }, value: 'desktop', qualifier: { operator: 'notEquals' } }),
  ]
}

const postSegment = (x: Backend, body: Record<string, unknown>, key = x.keyA) =>
  x.call('POST', '/api/v1/management/segments', { key, body })
async function createSegment(x: Backend, body: Record<string, unknown>, key = x.keyA): Promise<Record<string, any>> {
  const res = await postSegment(x, { title: 'Segment', ...body }, key)
  if (res.status !== 200) throw new Error(`segment create failed: ${res.status} ${res.text}`)
  return res.body.data
}
const userSegments = async (x: Backend, userId: string, attributes: Record<string, string>, userAgent = MAC) => {
  const res = await x.call('POST', `/api/v1/client/${x.envA}/user`, { body: { userId, attributes }, headers: { 'user-agent': userAgent } })
  assert.is(res.status, 200, res.text)
  return res.body.data.state.data.segments as string[]
}
const identifySegments = async (x: Backend, userId: string, userAgent = MAC) => {
  const res = await x.call('GET', `/api/v1/client/${x.envA}/identify/contacts/${userId}`, { headers: { 'user-agent': userAgent } })
  assert.is(res.status, 200, res.text)
  return res.body.data.segments as string[]
}

for (const backend of availableBackends()) {
  const { test: segments, bed } = suiteWithBed(`${backend}: segments`, { backend })
  let x: Backend
  segments.before.each(() => {
    x = bed()
  })

  segments('round-trip with every operator and nesting; list, update, get, delete', async () => {
    const other = await createSegment(x, { title: 'Other' })
    const filters = everyOperator(other.id)
    const created = await createSegment(x, { title: 'All ✓', description: 'every operator', filters })
    assert.equal(
      { ...created, id: undefined, createdAt: undefined, updatedAt: undefined },
      {
        id: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        title: 'All ✓',
        description: 'every operator',
        isPrivate: false,
        filters,
        environmentId: x.envA,
        surveys: [],
      },
    )
    const got = await x.call('GET', `/api/v1/management/segments/${created.id}`, { key: x.keyA })
    assert.equal(got.body.data, created)
    const list = await x.call('GET', '/api/v1/management/segments?limit=1', { key: x.keyA })
    assert.equal(list.body.data, [created])
    assert.ok(list.headers.get('link')?.includes('rel="next"'))
    const updated = await x.call('PUT', `/api/v1/management/segments/${created.id}`, {
      key: x.keyA,
      body: { title: 'Renamed', filters: [] },
    })
    assert.is(updated.status, 200)
    assert.equal({ ...updated.body.data, updatedAt: undefined }, { ...created, title: 'Renamed', filters: [], updatedAt: undefined })
    const deleted = await x.call('DELETE', `/api/v1/management/segments/${created.id}`, { key: x.keyA })
    assert.is(deleted.status, 200)
    assert.equal(errorOf(await x.call('GET', `/api/v1/management/segments/${created.id}`, { key: x.keyA })), {
      status: 404,
      body: { code: 'not_found', message: 'Segment not found', details: { resource_id: created.id, resource_type: 'Segment' } },
    })
  })

  segments('a bad tree is a 400 naming the path; unknown references and cycles too; another environment is 401', async () => {
    const bad = await postSegment(x, { title: 't', filters: [item(null, [item(null, attr('age', 'greaterThan', 'ten'))])] })
    assert.is(bad.status, 400)
    assert.is(bad.body.code, 'bad_request')
    assert.equal(Object.keys(bad.body.details), ['filters.0.resource.0.resource.value'])
    const ghost = await postSegment(x, {
      title: 't',
      filters: [item(null, { id: 'g', root: { type: 'segment', segmentId: 'ghost' }, qualifier: { operator: 'userIsIn' } })],
    })
    assert.equal(errorOf(ghost), {
      status: 400,
      body: {
        code: 'bad_request',
        message: 'Fields are missing or incorrectly formatted',
        details: { 'filters.0.resource.root.segmentId': 'No segment with this id in the environment' },
      },
    })
    const ofB = await createSegment(x, {}, x.keyB)
    const foreign = await postSegment(x, {
      title: 't',
      filters: [item(null, { id: 'g', root: { type: 'segment', segmentId: ofB.id }, qualifier: { operator: 'userIsIn' } })],
    })
    assert.equal(Object.keys(foreign.body.details), ['filters.0.resource.root.segmentId'], "B's segment is unknown to A")
    const a = await createSegment(x, {})
    const b = await createSegment(x, {
      filters: [item(null, { id: 'r', root: { type: 'segment', segmentId: a.id }, qualifier: { operator: 'userIsNotIn' } })],
    })
    const cycle = await x.call('PUT', `/api/v1/management/segments/${a.id}`, {
      key: x.keyA,
      body: { filters: [item(null, { id: 'r', root: { type: 'segment', segmentId: b.id }, qualifier: { operator: 'userIsIn' } })] },
    })
    assert.equal(errorOf(cycle), {
      status: 400,
      body: {
        code: 'bad_request',
        message: 'Fields are missing or incorrectly formatted',
        details: { filters: 'Segments cannot reach themselves through userIsIn or userIsNotIn filters' },
      },
    })
    assert.is((await postSegment(x, { title: 't', environmentId: x.envB })).status, 401)
    assert.is((await x.call('GET', `/api/v1/management/segments/${ofB.id}`, { key: x.keyA })).status, 404)
  })

  segments('a contact made to match, then not, sees the segment come and go in /user and identify', async () => {
    const pro = await createSegment(x, {
      filters: [item(null, attr('plan', 'equals', 'pro')), item('and', attr('seats', 'greaterThan', 9))],
    })
    const phones = await createSegment(x, {
      filters: [item(null, { id: 'p', root: { type: 'device', deviceType: 'phone' }, value: 'phone', qualifier: { operator: 'equals' } })],
    })
    const outsiders = await createSegment(x, {
      filters: [item(null, { id: 'o', root: { type: 'segment', segmentId: pro.id }, qualifier: { operator: 'userIsNotIn' } })],
    })
    const userId = `user-${n++}`
    const has = (ids: string[]) => [pro.id, phones.id, outsiders.id].filter((id) => ids.includes(id))
    assert.equal(has(await userSegments(x, userId, { plan: 'pro', seats: '10' })), [pro.id], '"10" > 9 as numbers')
    assert.equal(has(await identifySegments(x, userId)), [pro.id])
    assert.equal(has(await identifySegments(x, userId, IPHONE)), [pro.id, phones.id])
    assert.equal(has(await userSegments(x, userId, { seats: '9' })), [outsiders.id], 'the attribute of this request counts')
    assert.equal(has(await userSegments(x, userId, { seats: '12' }, IPHONE)), [pro.id, phones.id])
    assert.equal(has(await userSegments(x, `user-${n++}`, {})), [outsiders.id], 'no attributes: missing ones match nothing')
  })

  segments('surveys name a segment of their environment; the state shows it; a segment in use cannot be deleted', async () => {
    const segment = await createSegment(x, { filters: [item(null, attr('plan', 'equals', 'pro'))] })
    const survey = await createSurvey(x, { type: 'app', status: 'inProgress', segmentId: segment.id })
    assert.is(survey.segmentId, segment.id)
    assert.equal(survey.segment, { ...segment, surveys: [survey.id] })
    const plain = await createSurvey(x, { type: 'app', status: 'inProgress' })
    assert.is(plain.segment, null)
    const ofB = await createSegment(x, {}, x.keyB)
    const foreign = await x.call('POST', '/api/v1/management/surveys', {
      key: x.keyA,
      body: { environmentId: x.envA, name: 'x', questions: survey.questions, segmentId: ofB.id },
    })
    assert.equal(errorOf(foreign), {
      status: 400,
      body: {
        code: 'bad_request',
        message: 'Fields are missing or incorrectly formatted',
        details: { segmentId: 'No segment with this id in the environment' },
      },
    })
    const put = await x.call('PUT', `/api/v1/management/surveys/${plain.id}`, { key: x.keyA, body: { segmentId: ofB.id } })
    assert.is(put.status, 400)
    assert.equal(errorOf(await x.call('DELETE', `/api/v1/management/segments/${segment.id}`, { key: x.keyA })), {
      status: 400,
      body: { code: 'bad_request', message: 'Segment is used by a survey: remove it from its surveys first', details: {} },
    })
    const state = await x.call('GET', `/api/v1/client/${x.envA}/environment`)
    const surveys = state.body.data.data.surveys as Record<string, any>[]
    const targeted = surveys.find((s) => s.id === survey.id)
    assert.is(targeted?.segment.id, segment.id)
    assert.is(targeted?.segment.hasFilters, true)
    assert.is(targeted?.segment.filters.length, 1)
    assert.not.ok(JSON.stringify(state.body).includes('"plan"'), 'the filters stay on the server')
    assert.is(surveys.find((s) => s.id === plain.id)?.segment, null)
    // Unset, the segment can go.
    const unset = await x.call('PUT', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA, body: { segmentId: null } })
    assert.is(unset.body.data.segment, null)
    assert.is((await x.call('DELETE', `/api/v1/management/segments/${segment.id}`, { key: x.keyA })).status, 200)
  })

  segments("a survey's own segment: made on create, changed in place on PUT, gone with the survey", async () => {
    const filters = [item(null, attr('role', 'equals', 'admin'))]
    const survey = await createSurvey(x, { type: 'app', status: 'inProgress', segment: { filters } })
    assert.is(survey.segment.isPrivate, true)
    assert.equal(survey.segment.filters, filters)
    assert.equal(survey.segment.surveys, [survey.id])
    const changed = [item(null, attr('role', 'equals', 'owner'))]
    const put = await x.call('PUT', `/api/v1/management/surveys/${survey.id}`, {
      key: x.keyA,
      body: { segment: { ...survey.segment, filters: changed } },
    })
    assert.is(put.status, 200, put.text)
    assert.is(put.body.data.segment.id, survey.segment.id)
    assert.equal(put.body.data.segment.filters, changed)
    const userId = `user-${n++}`
    assert.ok((await userSegments(x, userId, { role: 'owner' })).includes(survey.segment.id))
    assert.is((await x.call('DELETE', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA })).status, 200)
    assert.is((await x.call('GET', `/api/v1/management/segments/${survey.segment.id}`, { key: x.keyA })).status, 404)
    const saved = await createSegment(x, {})
    const named = await createSurvey(x, { segment: { id: saved.id, isPrivate: false, filters: [] } })
    assert.is(named.segmentId, saved.id, 'a saved segment sent as `segment` is named, not copied')
  })

  segments.run()
}
