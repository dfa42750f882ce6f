/**
 * Response queries on the test bed (docs/api.md, "Responses"): `GET /api/v1/management/responses` filtered by survey, contact,
 * user, `finished` and dates on either date field, sorted by either date both ways with `Link` cursors that
 * follow the order, `count=true` with an exact `X-Total-Count`, and each bad parameter a 400 naming it. On
 * PGlite, and on the Postgres server when TEST_DATABASE_URL is set. Imports: the management create keeps a
 * response's own `createdAt` and `updatedAt`.
 */
import * as assert from 'uvu/assert'
import { TEST_ORIGIN, availableBackends, createSurvey, createTestClock, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'

for (const backend of availableBackends()) {
  // The clock moves between creates, so that each row has a time of its own.
  const { test, bed } = suiteWithBed(`response queries (${backend})`, () => ({ backend, clock: createTestClock() }))

  /** Five responses: r0 … r4 in creation order, r1 and r3 of bob, r0 and r2 finished; r0 updated last. */
  async function seed(x: TestCanvass) {
    const survey = await createSurvey(x, { status: 'inProgress' })
    const other = await createSurvey(x, { status: 'inProgress' })
    const ids: string[] = []
    // A user of this seed alone, so that no test sees another's responses.
    const bob = `bob-${Math.random().toString(36).slice(2)}`
    for (let i = 0; i < 5; i++) {
      const res = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
        body: {
          surveyId: i === 4 ? other.id : survey.id,
          finished: i === 0 || i === 2,
          data: { q1: `r${i}` },
          ...(i % 2 === 1 ? { userId: bob } : {}),
        },
      })
      assert.is(res.status, 200, res.text)
      ids.push(res.body.data.id)
      x.clock!.advance(5)
    }
    await x.call('PUT', `/api/v1/management/responses/${ids[0]}`, { key: x.keyA, body: { data: { q1: 'r0, later' } } })
    return { survey, other, ids, bob }
  }

  const list = async (x: TestCanvass, query: string) => {
    const res = await x.call('GET', `/api/v1/management/responses?${query}`, { key: x.keyA })
    assert.is(res.status, 200, `${query}: ${res.text}`)
    return { ids: (res.body.data as Array<{ id: string }>).map((row) => row.id), res }
  }

  /** Every page by following `Link`; the ids in order. */
  const walk = async (x: TestCanvass, query: string) => {
    const ids: string[] = []
    let path: string | undefined = `/api/v1/management/responses?${query}`
    for (let pages = 0; path && pages < 20; pages++) {
      const res = await x.call('GET', path, { key: x.keyA })
      assert.is(res.status, 200, res.text)
      ids.push(...res.body.data.map((row: { id: string }) => row.id))
      const link = res.headers.get('link')
      path = link
        ? new URL(/<([^>]+)>/.exec(link)![1]!, TEST_ORIGIN).pathname + new URL(/<([^>]+)>/.exec(link)![1]!, TEST_ORIGIN).search
        : undefined
    }
    return ids
  }

  test('filters, orders, pages in the chosen order and counts', async () => {
    const x = bed()
    const { survey, ids, bob: bobUserId } = await seed(x)
    const [r0, r1, r2, r3, r4] = ids as [string, string, string, string, string]
    assert.equal((await list(x, '')).ids.slice(0, 5), [r4, r3, r2, r1, r0], 'newest first by default')
    assert.equal((await list(x, `surveyId=${survey.id}&order=asc`)).ids, [r0, r1, r2, r3])
    assert.equal((await list(x, `surveyId=${survey.id}&sortBy=updatedAt`)).ids, [r0, r3, r2, r1], 'the updated one first')
    assert.equal((await list(x, `surveyId=${survey.id}&finished=true`)).ids, [r2, r0])
    assert.equal((await list(x, `surveyId=${survey.id}&finished=false`)).ids, [r3, r1])
    assert.equal((await list(x, `userId=${bobUserId}`)).ids, [r3, r1])
    const bob = (await x.call('GET', `/api/v1/management/responses/${r1}`, { key: x.keyA })).body.data.person.id
    assert.equal((await list(x, `contactId=${bob}&order=asc`)).ids, [r1, r3])

    const created = async (id: string) => (await x.call('GET', `/api/v1/management/responses/${id}`, { key: x.keyA })).body.data
    const from = (await created(r1)).createdAt
    const to = (await created(r3)).createdAt
    assert.equal((await list(x, `startDate=${from}&endDate=${to}`)).ids, [r3, r2, r1], 'both ends inclusive')
    const updated = (await created(r0)).updatedAt
    assert.equal((await list(x, `filterDateField=updatedAt&startDate=${updated}`)).ids, [r0])

    for (const query of [
      `surveyId=${survey.id}`,
      `surveyId=${survey.id}&order=asc`,
      `surveyId=${survey.id}&sortBy=updatedAt&order=asc`,
      `surveyId=${survey.id}&sortBy=updatedAt`,
    ]) {
      assert.equal(await walk(x, `${query}&limit=1`), (await list(x, query)).ids, `pages of one follow ${query}`)
    }

    const counted = await list(x, `surveyId=${survey.id}&finished=false&count=true&limit=1`)
    assert.is(counted.res.headers.get('x-total-count'), '2', 'counts every match, not the page')
    assert.is(counted.ids.length, 1)
    assert.is((await list(x, `surveyId=${survey.id}`)).res.headers.get('x-total-count'), null, 'only when asked')
    assert.is((await list(x, `count=true&userId=${bobUserId}`)).res.headers.get('x-total-count'), '2')
  })

  test('each bad parameter is a 400 naming it', async () => {
    const x = bed()
    const { survey } = await seed(x)
    const bad: Array<[string, string]> = [
      ['finished=maybe', 'finished'],
      ['sortBy=name', 'sortBy'],
      ['order=up', 'order'],
      ['startDate=yesterday', 'startDate'],
      ['endDate=2026-02-31', 'endDate'],
      ['startDate=2026-02-01&endDate=2026-01-01', 'endDate'],
      ['filterDateField=deletedAt', 'filterDateField'],
      ['count=yes', 'count'],
      ['finished=true&finished=false', 'finished'],
      ['userId=', 'userId'],
    ]
    for (const [query, field] of bad) {
      const res = await x.call('GET', `/api/v1/management/responses?${query}`, { key: x.keyA })
      assert.is(res.status, 400, `${query}: ${res.text}`)
      assert.ok(field in (res.body.details ?? {}), `${query} names ${field}: ${res.text}`)
    }
    // A cursor of one order is refused in another: its position means something else there.
    const first = await x.call('GET', `/api/v1/management/responses?surveyId=${survey.id}&order=asc&limit=1`, { key: x.keyA })
    const cursor = new URL(/<([^>]+)>/.exec(first.headers.get('link') ?? '')![1]!, TEST_ORIGIN).searchParams.get('cursor')
    const mixed = await x.call('GET', `/api/v1/management/responses?surveyId=${survey.id}&cursor=${cursor}`, { key: x.keyA })
    assert.is(mixed.status, 400, mixed.text)
    assert.ok('cursor' in (mixed.body.details ?? {}), mixed.text)
  })

  test('an import keeps its createdAt and updatedAt, and is found by them', async () => {
    const x = bed()
    const survey = await createSurvey(x, { status: 'completed' })
    const create = (body: Record<string, unknown>) =>
      x.call('POST', '/api/v1/management/responses', {
        key: x.keyA,
        body: { surveyId: survey.id, finished: true, data: { q1: 'old' }, ...body },
      })
    const both = await create({ createdAt: '2024-03-01T10:00:00Z', updatedAt: '2024-03-02T11:30:00.250Z' })
    assert.is(both.status, 200, both.text)
    assert.equal([both.body.data.createdAt, both.body.data.updatedAt], ['2024-03-01T10:00:00.000Z', '2024-03-02T11:30:00.250Z'])
    const only = await create({ createdAt: '2024-01-15' })
    assert.equal(
      [only.body.data.createdAt, only.body.data.updatedAt],
      ['2024-01-15T00:00:00.000Z', '2024-01-15T00:00:00.000Z'],
      'updatedAt defaults to createdAt',
    )
    const read = await x.call('GET', `/api/v1/management/responses/${both.body.data.id}`, { key: x.keyA })
    assert.is(read.body.data.updatedAt, '2024-03-02T11:30:00.250Z', 'as stored')
    const found = await list(x, `surveyId=${survey.id}&filterDateField=updatedAt&startDate=2024-03-02&endDate=2024-03-03&count=true`)
    assert.equal(found.ids, [both.body.data.id])
    assert.equal(
      (await list(x, `surveyId=${survey.id}&order=asc`)).ids,
      [only.body.data.id, both.body.data.id],
      'in the order of their own times',
    )
    for (const [body, field] of [
      [{ createdAt: '2024-03-02', updatedAt: '2024-03-01' }, 'updatedAt'],
      [{ updatedAt: '2001-01-01' }, 'updatedAt'],
      [{ createdAt: 'last week' }, 'createdAt'],
      [{ createdAt: 5 }, 'createdAt'],
    ] as const) {
      const res = await create(body)
      assert.is(res.status, 400, `${JSON.stringify(body)}: ${res.text}`)
      assert.ok(field in (res.body.details ?? {}), `${JSON.stringify(body)} names ${field}: ${res.text}`)
    }
  })

  test('contacts and people: userId, dates, either order with cursors of it, count', async () => {
    const x = bed()
    const prefix = `c-${Math.random().toString(36).slice(2)}`
    const ids: string[] = []
    for (let i = 0; i < 4; i++) {
      await x.call('GET', `/api/v1/client/${x.envA}/identify/contacts/${prefix}-${i}`)
      x.clock!.advance(5)
    }
    const all = (await x.call('GET', '/api/v1/management/contacts?limit=1000', { key: x.keyA })).body.data.filter((c: any) =>
      c.userId.startsWith(prefix),
    )
    ids.push(...all.map((c: any) => c.id).reverse())
    assert.is(ids.length, 4)
    // Touch the first: its updatedAt moves past the others'.
    await x.call('PUT', `/api/v1/client/${x.envA}/contacts/${prefix}-0/attributes`, { body: { attributes: { plan: 'pro' } } })
    const list = async (query: string) => {
      const res = await x.call('GET', `/api/v1/management/contacts?${query}`, { key: x.keyA })
      assert.is(res.status, 200, res.text)
      return res
    }
    assert.equal(
      (await list(`userId=${prefix}-2`)).body.data.map((c: any) => c.id),
      [ids[2]],
    )
    const first = (await x.call('GET', `/api/v1/management/contacts/${ids[0]}`, { key: x.keyA })).body.data
    const since = await list(`startDate=${first.createdAt}&order=asc&limit=1000`)
    assert.equal(
      since.body.data.map((c: any) => c.id).filter((id: string) => ids.includes(id)),
      ids,
      'oldest first from the first one on',
    )
    const byUpdate = await list('sortBy=updatedAt&limit=1')
    assert.is(byUpdate.body.data[0].id, ids[0], 'the touched contact first')
    const next = new URL(/<([^>]+)>/.exec(byUpdate.headers.get('link') ?? '')![1]!, TEST_ORIGIN)
    const second = await list(`sortBy=updatedAt&limit=1&cursor=${next.searchParams.get('cursor')}`)
    assert.is.not(second.body.data[0].id, ids[0], 'the cursor goes on in that order')
    assert.is(
      (await x.call('GET', `/api/v1/management/contacts?cursor=${next.searchParams.get('cursor')}`, { key: x.keyA })).status,
      400,
      'not in another order',
    )
    assert.is((await list(`userId=${prefix}-1&count=true`)).headers.get('x-total-count'), '1')
    assert.is(
      (await x.call('GET', `/api/v1/management/people?userId=${prefix}-1&count=true`, { key: x.keyA })).headers.get('x-total-count'),
      '1',
    )
    assert.is(
      (await x.call('GET', `/api/v1/management/contacts?userId=${prefix}-1&count=true`, { key: x.keyB })).headers.get('x-total-count'),
      '0',
      'per environment',
    )
    for (const [query, field] of [
      ['sortBy=name', 'sortBy'],
      ['startDate=x', 'startDate'],
      ['count=1', 'count'],
      ['order=asc&order=desc', 'order'],
    ]) {
      const res = await x.call('GET', `/api/v1/management/contacts?${query}`, { key: x.keyA })
      assert.is(res.status, 400, `${query}: ${res.text}`)
      assert.ok(field! in res.body.details)
    }
  })

  test("every filter stays in the key's environment", async () => {
    const x = bed()
    const { survey, bob: bobUserId } = await seed(x)
    const asB = (query: string) => x.call('GET', `/api/v1/management/responses?${query}`, { key: x.keyB })
    assert.equal((await asB(`userId=${bobUserId}&count=true`)).body.data, [])
    assert.is((await asB(`userId=${bobUserId}&count=true`)).headers.get('x-total-count'), '0')
    const bob = (await x.call('GET', `/api/v1/management/responses?userId=${bobUserId}&limit=1`, { key: x.keyA })).body.data[0].person.id
    assert.equal((await asB(`contactId=${bob}`)).body.data, [], 'a contact of A lists nothing for B')
    assert.is((await asB(`surveyId=${survey.id}`)).status, 401, 'a survey of A is refused to B')
  })

  test.run()
}
