/**
 * `POST /api/v1/management/responses/bulk` answers in proportion to what it imported, not to what was wrong
 * with it: each failed item's error names one field, the answer lists the first failed items and counts the
 * rest; and what the input rule refuses (NUL, a lone surrogate, a number past the float limit) inside one
 * item refuses that item alone. In process, on PGlite and on the Postgres server when TEST_DATABASE_URL is set.
 */
import { createCanvass } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'

for (const backend of backends()) {
  const test = suite(`bulk import answer (${backend.name})`)
  let open: OpenBackend | undefined
  let canvass: Canvass
  let environmentId = ''
  let key = ''
  let surveyId = ''

  test.before(async () => {
    open = await backend.open({ migrated: true })
    await migrate(open.db)
    canvass = createCanvass({ storage: createKyselyStorage({ db: open.db }), logger: { error() {}, warn() {}, info() {} } as never })
    const project = await canvass.admin.createProject({ name: 'p' })
    environmentId = project.environments.production
    key = (await canvass.admin.createApiKey({ environmentId })).key
    const survey = await post(
      '/api/v1/management/surveys',
      JSON.stringify({
        environmentId,
        name: 'Imported',
        questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: false, inputType: 'text' }],
      }),
    )
    assert.is(survey.status, 200, survey.text)
    surveyId = survey.body.data.id
  })
  test.after(async () => {
    await open?.close()
  })

  async function post(path: string, text: string, headers: Record<string, string> = {}) {
    const res = await canvass.fetch(
      new Request(`http://localhost${path}`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json', ...headers },
        body: text,
      }),
    )
    const answer = await res.text()
    let body: any = null
    try {
      body = JSON.parse(answer)
    } catch {}
    return { status: res.status, body, text: answer }
  }

  const bulk = (items: string[], headers?: Record<string, string>) =>
    post('/api/v1/management/responses/bulk', `{"responses":[${items.join(',')}]}`, headers)
  const item = (data = '{"q1":"fine"}') => `{"surveyId":"${surveyId}","finished":true,"data":${data}}`

  test('1,000 empty items: one field per item error, the first 100 listed and the rest counted', async () => {
    const res = await bulk(Array.from({ length: 1000 }, () => '{}'))
    assert.is(res.status, 200, res.text.slice(0, 500))
    const { created, failed, results, unlistedErrors } = res.body.data
    assert.equal([created, failed, results.length, unlistedErrors], [0, 1000, 100, 900])
    assert.equal(
      results.map((result: { index: number }) => result.index),
      Array.from({ length: 100 }, (_, index) => index),
    )
    for (const result of results) {
      assert.equal(Object.keys(result.error.details), ['surveyId'], JSON.stringify(result))
    }
    assert.ok(res.text.length < 20_000, `an answer of ${res.text.length} bytes for a body of 3 KB`)
  })

  test('created items are all listed, failed ones up to the cap, in the order sent', async () => {
    const items = Array.from({ length: 300 }, (_, index) => (index % 3 === 0 ? item() : `{"surveyId":"${surveyId}","data":{}}`))
    const res = await bulk(items)
    assert.is(res.status, 200, res.text.slice(0, 500))
    const { created, failed, results, unlistedErrors } = res.body.data
    assert.equal([created, failed, unlistedErrors], [100, 200, 100])
    const ids = results.filter((result: { id?: string }) => result.id)
    assert.is(ids.length, 100, 'every created item with its id')
    const errors = results.filter((result: { error?: unknown }) => result.error)
    assert.is(errors.length, 100)
    assert.is(errors[99].index, 149, 'the first 100 failed items')
    assert.equal(Object.keys(errors[0].error.details), ['finished'])
    assert.equal(
      results.map((result: { index: number }) => result.index),
      [...results.map((result: { index: number }) => result.index)].sort((a: number, b: number) => a - b),
    )
  })

  test('NUL, a lone surrogate or 1e400 in one item refuses that item alone, with or without Idempotency-Key', async () => {
    const bad = [item('{"q1":"half \\ud800 a pair"}'), item('{"q1":"nul \\u0000"}'), item('{"q1":1e400}'), item('{"\\udc00":"key"}')]
    const fields = ['data.q1', 'data.q1', 'data.q1', 'data.\udc00']
    for (const headers of [{}, { 'idempotency-key': `bulk-${backend.name}` }] as Record<string, string>[]) {
      const res = await bulk([item(), ...bad, item()], headers)
      assert.is(res.status, 200, res.text)
      const { created, failed, results } = res.body.data
      assert.equal([created, failed], [2, 4])
      assert.ok(results[0].id && results[5].id, res.text)
      results.slice(1, 5).forEach((result: any, index: number) => {
        assert.is(result.error.code, 'bad_request', res.text)
        assert.equal(Object.keys(result.error.details), [fields[index]], res.text)
      })
    }
    // Outside the items, the body is refused whole, as every route does.
    const outside = await post('/api/v1/management/responses/bulk', `{"responses":[${item()}],"note":"\\ud800"}`)
    assert.is(outside.status, 400, outside.text)
    assert.equal(Object.keys(outside.body.details), ['note'])
  })

  test.run()
}
