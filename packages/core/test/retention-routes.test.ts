/**
 * Retention's settings on the test bed: `GET, PUT /api/v1/management/environment` (the environment as `/me`
 * shows it, with `responseRetentionDays`; only that field may be changed, each key its own environment) and
 * the survey field `responseRetentionDays` (create, read, list, update; 400 naming it; never in the client
 * environment state), then a run of the retention worker over the bed's storage. On PGlite, and on the
 * Postgres server when TEST_DATABASE_URL is set.
 */
import { createRetention } from '@canvass/core'
import { NOT_AUTHENTICATED, availableBackends, createSurvey, errorOf, sql, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const ENVIRONMENT = '/api/v1/management/environment'
const DAY = 86_400_000

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`retention settings (${backend})`, { backend })

  test("GET answers the key's environment as /me does, with its default retention; PUT sets it, for that environment only", async () => {
    const x = bed()
    const project = await x.newProject('Retention settings')
    const before = await x.call('GET', ENVIRONMENT, { key: project.key })
    assert.is(before.status, 200, before.text)
    const me = await x.call('GET', '/api/v1/management/me', { key: project.key })
    assert.equal(before.body.data, { ...me.body, responseRetentionDays: null }, 'the fields of /me, and the default')
    assert.is(before.body.data.id, project.environmentId)

    const set = await x.call('PUT', ENVIRONMENT, { key: project.key, body: { responseRetentionDays: 30 } })
    assert.is(set.status, 200, set.text)
    assert.is(set.body.data.responseRetentionDays, 30)
    assert.is(set.body.data.id, project.environmentId)
    assert.is((await x.call('GET', ENVIRONMENT, { key: project.key })).body.data.responseRetentionDays, 30)
    assert.is(
      (await x.call('GET', ENVIRONMENT, { key: project.devKey })).body.data.responseRetentionDays,
      null,
      'the other environment keeps its own',
    )
    assert.is((await x.call('GET', ENVIRONMENT, { key: x.keyA })).body.data.responseRetentionDays, null, "another project's too")
    assert.not.ok(
      'responseRetentionDays' in (await x.call('GET', '/api/v1/me', { key: project.key })).body,
      '/me answers as the reference does',
    )

    const cleared = await x.call('PUT', ENVIRONMENT, { key: project.key, body: { responseRetentionDays: null } })
    assert.is(cleared.status, 200, cleared.text)
    assert.is(cleared.body.data.responseRetentionDays, null)
    for (const method of ['GET', 'PUT']) {
      const body = method === 'PUT' ? { body: { responseRetentionDays: 3 } } : {}
      assert.equal(errorOf(await x.call(method, ENVIRONMENT, body)), { status: 401, body: NOT_AUTHENTICATED })
    }
  })

  test('PUT refuses every other body with a 400 naming the field', async () => {
    const x = bed()
    const bad: Array<[unknown, string]> = [
      [{}, 'responseRetentionDays'],
      [{ responseRetentionDays: 0 }, 'responseRetentionDays'],
      [{ responseRetentionDays: -5 }, 'responseRetentionDays'],
      [{ responseRetentionDays: 36_501 }, 'responseRetentionDays'],
      [{ responseRetentionDays: 1.5 }, 'responseRetentionDays'],
      [{ responseRetentionDays: '30' }, 'responseRetentionDays'],
      [{ responseRetentionDays: 30, type: 'development' }, 'type'],
      [{ responseRetentionDays: 30, id: 'other' }, 'id'],
      [[], ''],
      ['30', ''],
    ]
    for (const [body, field] of bad) {
      const res = await x.call('PUT', ENVIRONMENT, { key: x.keyA, body })
      assert.is(res.status, 400, `${JSON.stringify(body)}: ${res.text}`)
      assert.is(res.body.code, 'bad_request')
      assert.ok(field in res.body.details, `${JSON.stringify(body)} names ${JSON.stringify(field)}: ${res.text}`)
    }
    const notJson = await x.call('PUT', ENVIRONMENT, { key: x.keyA, rawBody: '{', headers: { 'content-type': 'application/json' } })
    assert.is(notJson.status, 400, notJson.text)
    for (const days of [1, 36_500]) {
      assert.is(
        (await x.call('PUT', ENVIRONMENT, { key: x.keyA, body: { responseRetentionDays: days } })).body.data.responseRetentionDays,
        days,
      )
    }
    await x.call('PUT', ENVIRONMENT, { key: x.keyA, body: { responseRetentionDays: null } })
  })

  test('the survey field: null by default, set on create and update, read and listed, 400 naming it when out of bounds', async () => {
    const x = bed()
    assert.is((await createSurvey(x)).responseRetentionDays, null)
    const survey = await createSurvey(x, { responseRetentionDays: 14 })
    assert.is(survey.responseRetentionDays, 14)
    assert.is((await x.call('GET', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA })).body.data.responseRetentionDays, 14)
    const list = await x.call('GET', '/api/v1/management/surveys?limit=250', { key: x.keyA })
    assert.is(list.body.data.find((item: { id: string }) => item.id === survey.id)?.responseRetentionDays, 14)
    const renamed = await x.call('PUT', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA, body: { name: 'Renamed' } })
    assert.is(renamed.body.data.responseRetentionDays, 14, 'a PUT of another field keeps it')
    const cleared = await x.call('PUT', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA, body: { responseRetentionDays: null } })
    assert.is(cleared.body.data.responseRetentionDays, null)
    for (const value of [0, 36_501, 2.5, '14', true]) {
      for (const [method, path] of [
        ['POST', '/api/v1/management/surveys'],
        ['PUT', `/api/v1/management/surveys/${survey.id}`],
      ] as const) {
        const body =
          method === 'POST'
            ? { name: 'x', questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' } }], responseRetentionDays: value }
            : { responseRetentionDays: value }
        const res = await x.call(method, path, { key: x.keyA, body })
        assert.is(res.status, 400, `${method} ${JSON.stringify(value)}: ${res.text}`)
        assert.ok('responseRetentionDays' in res.body.details, `${method} ${JSON.stringify(value)} names the field: ${res.text}`)
      }
    }
  })

  test('the client environment state never shows it', async () => {
    const x = bed()
    const survey = await createSurvey(x, { type: 'app', status: 'inProgress', responseRetentionDays: 7 }, 'B')
    const state = await x.call('GET', `/api/v1/client/${x.envB}/environment`)
    assert.is(state.status, 200, state.text)
    const shown = state.body.data.data.surveys.find((item: { id: string }) => item.id === survey.id)
    assert.ok(shown, 'the survey is in the state')
    assert.not.ok('responseRetentionDays' in shown)
    assert.not.ok(state.text.includes('responseRetentionDays'))
  })

  test("a run deletes what is older than the survey's limit, else the environment's, and keeps the rest", async () => {
    const x = bed()
    const project = await x.newProject('Retention run')
    await x.call('PUT', ENVIRONMENT, { key: project.key, body: { responseRetentionDays: 30 } })
    const post = async (body: Record<string, unknown>) => {
      const res = await x.call('POST', '/api/v1/management/surveys', {
        key: project.key,
        body: { name: 'Run', status: 'inProgress', questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' } }], ...body },
      })
      assert.is(res.status, 200, res.text)
      return res.body.data.id as string
    }
    const byDefault = await post({})
    const own = await post({ responseRetentionDays: 60 })
    const now = Date.now()
    const respond = async (surveyId: string, days: number) => {
      const res = await x.call('POST', `/api/v1/client/${project.environmentId}/responses`, {
        body: { surveyId, finished: true, data: { q1: 'hi' } },
      })
      assert.is(res.status, 200, res.text)
      const id = res.body.data.id as string
      await sql`update canvass.responses set created_at = ${new Date(now - days * DAY)} where id = ${id}`.execute(x.db)
      return id
    }
    const gone = [await respond(byDefault, 31), await respond(own, 61)]
    const kept = [await respond(byDefault, 29), await respond(own, 45)]
    const report = await createRetention({ storage: x.storage }).runOnce(new Date(now))
    const mine = report.environments.find((entry) => entry.environmentId === project.environmentId)
    assert.is(mine?.responses, 2)
    for (const id of gone) assert.is((await x.call('GET', `/api/v1/management/responses/${id}`, { key: project.key })).status, 404)
    for (const id of kept) assert.is((await x.call('GET', `/api/v1/management/responses/${id}`, { key: project.key })).status, 200)
  })

  test.run()
}
