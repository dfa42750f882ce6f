/**
 * `Idempotency-Key` on response updates (issue 82, item 15; docs/api.md, "Idempotent submits"): a `PUT` that
 * finished a response reached an instance that stalled; the client retried on another instance and got `400
 * Response is already finished`, as the stalled one had applied the first request. With a key, every update
 * route (client v1 in both forms, client v2, management, v3) answers the retry with the first answer: the same
 * request again is replayed, the key with another body or on another response's path is a 422, identical
 * updates at once apply once, and two instances on one database share the keys. On PGlite, and on the Postgres
 * server when TEST_DATABASE_URL is set.
 */
import { availableBackends, createResponse, createSurvey, suiteWithBed } from '@canvass/test-bed'
import type { ApiResult, Call, TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

/** One update route: how its path names a response, whether it needs the key and answers problems (v3). */
interface UpdateRoute {
  name: string
  method: 'PUT' | 'PATCH'
  path(x: TestCanvass, responseId: string): string
  manager: boolean
  problems: boolean
}

const ROUTES: UpdateRoute[] = [
  {
    name: 'client v1',
    method: 'PUT',
    path: (x, id) => `/api/v1/client/${x.envA}/responses/${id}`,
    manager: false,
    problems: false,
  },
  {
    name: "client v1, the specification's form",
    method: 'PUT',
    path: (_, id) => `/api/v1/client/responses/${id}`,
    manager: false,
    problems: false,
  },
  { name: 'client v2', method: 'PUT', path: (x, id) => `/api/v2/client/${x.envA}/responses/${id}`, manager: false, problems: false },
  { name: 'management', method: 'PUT', path: (_, id) => `/api/v1/management/responses/${id}`, manager: true, problems: false },
  { name: 'v3', method: 'PATCH', path: (_, id) => `/api/v3/responses/${id}`, manager: true, problems: true },
]

const FINISH = { finished: true, data: { q1: 'done' } }

for (const backend of availableBackends()) {
  // The bed's dispatcher runs only when a test asks: deliveries stay pending, so that they can be counted.
  const { test, bed } = suiteWithBed(`Idempotency-Key on response updates (${backend})`, { backend })

  const newKey = (label: string) => `${label}-${Math.random().toString(36).slice(2)}`

  /** A survey in progress with a webhook on every event, and an unfinished response to it. */
  async function setUp(x: TestCanvass) {
    const survey = await createSurvey(x, { status: 'inProgress' })
    const hook = await x.call('POST', '/api/v1/webhooks', {
      key: x.keyA,
      body: { url: 'https://example.com/hook', triggers: ['responseUpdated', 'responseFinished'], surveyIds: [survey.id] },
    })
    assert.is(hook.status, 200, hook.text)
    const responseId = await createResponse(x, survey.id, { data: { q1: 'start' } })
    return { surveyId: survey.id as string, hookId: hook.body.data.id as string, responseId }
  }

  const update = (route: UpdateRoute, x: TestCanvass, responseId: string, body: unknown, key: string, call: Call = x.call) =>
    call(route.method, route.path(x, responseId), {
      body,
      headers: { 'idempotency-key': key },
      ...(route.manager ? { key: x.keyA } : {}),
    })

  /** The events the webhook got for `responseId`, oldest first. */
  async function eventsOf(x: TestCanvass, hookId: string, responseId: string): Promise<string[]> {
    const res = await x.call('GET', `/api/v1/webhooks/${hookId}/deliveries?limit=100`, { key: x.keyA })
    assert.is(res.status, 200, res.text)
    return (res.body.data as { event: string; responseId: string }[])
      .filter((delivery) => delivery.responseId === responseId)
      .map((delivery) => delivery.event)
      .sort()
  }

  const stored = async (x: TestCanvass, responseId: string) =>
    (await x.call('GET', `/api/v1/management/responses/${responseId}`, { key: x.keyA })).body.data

  /** The error code of a refusal, in the route family's shape (a v3 problem carries it as `code` too). */
  function assertRefused(route: UpdateRoute, res: ApiResult, status: number, code: string) {
    assert.equal({ status: res.status, code: res.body?.code }, { status, code }, `${route.name}: ${res.text}`)
    if (route.problems) assert.is(res.headers.get('content-type'), 'application/problem+json', route.name)
  }

  for (const route of ROUTES) {
    test(`${route.name}: a finishing update sent again with its key is answered as the first, and applied once`, async () => {
      const x = bed()
      const { hookId, responseId } = await setUp(x)
      const key = newKey('finish')
      const first = await update(route, x, responseId, FINISH, key)
      assert.is(first.status, 200, first.text)
      assert.is(first.headers.get('idempotent-replayed'), null)
      const after = await stored(x, responseId)
      assert.equal([after.finished, after.data], [true, { q1: 'done' }])

      const again = await update(route, x, responseId, FINISH, key)
      assert.is(again.status, 200, `the retry is the first answer, not a refusal: ${again.text}`)
      assert.is(again.headers.get('idempotent-replayed'), 'true')
      assert.equal(again.body, first.body, 'the first answer again')
      if (!route.manager) assert.is(again.headers.get('access-control-allow-origin'), '*', 'a replay is still a client answer')
      assert.is((await stored(x, responseId)).updatedAt, after.updatedAt, 'nothing written again')
      assert.equal(await eventsOf(x, hookId, responseId), ['responseFinished', 'responseUpdated'], 'one update, one finish')
    })

    test(`${route.name}: the key with another body, or on another response's path, is 422; nothing is written`, async () => {
      const x = bed()
      const { surveyId, hookId, responseId } = await setUp(x)
      const key = newKey('reuse')
      assert.is((await update(route, x, responseId, { finished: false, data: { q1: 'first' } }, key)).status, 200)
      assertRefused(
        route,
        await update(route, x, responseId, { finished: false, data: { q1: 'second' } }, key),
        422,
        'idempotency_key_reused',
      )
      const other = await createResponse(x, surveyId, { data: { q1: 'other' } })
      assertRefused(route, await update(route, x, other, { finished: false, data: { q1: 'first' } }, key), 422, 'idempotency_key_reused')
      assert.equal([(await stored(x, responseId)).data, (await stored(x, other)).data], [{ q1: 'first' }, { q1: 'other' }])
      assert.equal(await eventsOf(x, hookId, other), [], 'the other response was not updated')
      // A malformed key is a 400 naming the header, before anything is written.
      const bad = await update(route, x, other, FINISH, 'a\tb')
      assert.is(bad.status, 400, bad.text)
      assert.is((await stored(x, other)).finished, false)
    })

    test(`${route.name}: identical updates with one key at once apply once; the others wait (409) or replay`, async () => {
      const x = bed()
      const { hookId, responseId } = await setUp(x)
      const key = newKey('race')
      const answers = await Promise.all(Array.from({ length: 5 }, () => update(route, x, responseId, FINISH, key)))
      assert.ok(
        answers.every((res) => res.status === 200 || res.status === 409),
        answers.map((res) => `${res.status} ${res.text}`).join('\n'),
      )
      for (const res of answers.filter((answer) => answer.status === 409)) {
        assertRefused(route, res, 409, 'idempotency_key_in_flight')
        assert.is(res.headers.get('retry-after'), '1')
      }
      assert.is(answers.filter((res) => res.status === 200 && res.headers.get('idempotent-replayed') === null).length, 1, 'one ran')
      assert.equal(await eventsOf(x, hookId, responseId), ['responseFinished', 'responseUpdated'], 'applied once')
    })
  }

  test('the scenario of the issue: applied on one instance, the retry on another instance replays it', async () => {
    const x = bed()
    const other = x.instance()
    for (const route of ROUTES) {
      const { hookId, responseId } = await setUp(x)
      const key = newKey('instances')
      // The first instance applies the finish; its answer never reaches the client, which retries elsewhere.
      const lost = await update(route, x, responseId, FINISH, key)
      assert.is(lost.status, 200, lost.text)
      const retried = await update(route, x, responseId, FINISH, key, other.call)
      assert.is(retried.status, 200, `${route.name}: ${retried.text}`)
      assert.is(retried.headers.get('idempotent-replayed'), 'true', route.name)
      assert.equal(retried.body, lost.body, route.name)

      // Both at once, one on each instance: one applies, the other waits or replays; its retry replays.
      const raced = await setUp(x)
      const raceKey = newKey('instances-race')
      const [one, two] = await Promise.all([
        update(route, x, raced.responseId, FINISH, raceKey),
        update(route, x, raced.responseId, FINISH, raceKey, other.call),
      ])
      assert.ok(
        [one.status, two.status].every((status) => status === 200 || status === 409),
        `${one.text}\n${two.text}`,
      )
      const settled = await update(route, x, raced.responseId, FINISH, raceKey, other.call)
      assert.equal([settled.status, settled.headers.get('idempotent-replayed')], [200, 'true'], settled.text)
      for (const [id, hook] of [
        [responseId, hookId],
        [raced.responseId, raced.hookId],
      ] as const) {
        assert.equal(await eventsOf(x, hook, id), ['responseFinished', 'responseUpdated'], `${route.name}: applied once`)
      }
    }
  })

  test("keys are per caller: a respondent's key on an update is not a manager's; an unknown response is a 404", async () => {
    const x = bed()
    const { responseId } = await setUp(x)
    const key = newKey('callers')
    const client = ROUTES[0] as UpdateRoute
    const management = ROUTES[3] as UpdateRoute
    assert.is((await update(client, x, responseId, { finished: false, data: { q1: 'client' } }, key)).status, 200)
    const managed = await update(management, x, responseId, { data: { q1: 'manager' } }, key)
    assert.is(managed.status, 200, `the manager's request runs: ${managed.text}`)
    assert.is(managed.headers.get('idempotent-replayed'), null)
    assert.equal((await stored(x, responseId)).data, { q1: 'manager' })
    for (const route of ROUTES) {
      const missing = await update(route, x, 'nosuchresponse00000000000', FINISH, newKey('missing'))
      assert.ok([403, 404].includes(missing.status), `${route.name}: ${missing.status} ${missing.text}`)
    }
  })

  test.run()
}
