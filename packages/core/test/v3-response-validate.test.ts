/**
 * `POST /api/v3/responses/validate` is the write's judgement (docs/api.md, "Responses in v3"): a payload it
 * accepts is one the write accepts, and a refusal names the same fields as the write's 422, relative to the
 * document sent (`data.nps_score`, never `data.data.nps_score`). Issue 82: validate answered `valid: true` for
 * answers off their scale (an NPS of 11, 12 or -1, a 5-star rating of 9, a CSAT of 6) that the write refused.
 * On PGlite, and on the Postgres server when TEST_DATABASE_URL is set.
 */
import { availableBackends, createSurvey, createTestClock, suiteWithBed } from '@canvass/test-bed'
import type { ApiResult } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const t = (text: string) => ({ default: text })

const scaleSurvey = {
  status: 'inProgress',
  questions: [
    { id: 'nps_score', type: 'nps', headline: t('Recommend us?'), required: false },
    { id: 'stars', type: 'rating', headline: t('Stars?'), required: false, scale: 'star', range: 5 },
    { id: 'csat', type: 'csat', headline: t('Satisfied?'), required: false, scale: 'smiley', range: 5 },
    { id: 'words', type: 'openText', headline: t('Why?'), required: false, inputType: 'text' },
  ],
}

const names = (params: Array<{ name: string }>) => params.map((param) => param.name).sort()

/** The write's 422 names. */
function refusedNames(res: ApiResult): string[] {
  assert.is(res.status, 422, res.text)
  return names(res.body.invalid_params)
}

/** Validate's `valid: false` names. */
function invalidNames(res: ApiResult): string[] {
  assert.is(res.status, 200, res.text)
  assert.is(res.body.data.valid, false, res.text)
  assert.not.ok('effects' in res.body.data)
  return names(res.body.data.invalid_params)
}

const OFF_SCALE: Array<[string, Record<string, unknown>, string]> = [
  ['an NPS of 11', { nps_score: 11 }, 'data.nps_score'],
  ['an NPS of 12', { nps_score: 12 }, 'data.nps_score'],
  ['an NPS of -1', { nps_score: -1 }, 'data.nps_score'],
  ['an NPS of 7.5', { nps_score: 7.5 }, 'data.nps_score'],
  ['a 5-star rating of 9', { stars: 9 }, 'data.stars'],
  ['a CSAT of 6', { csat: 6 }, 'data.csat'],
]

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`v3 response validate is the write's judgement (${backend})`, () => ({
    backend,
    clock: createTestClock('2026-11-20T10:00:00.000Z'),
  }))

  const call = (method: string, path: string, body?: unknown) =>
    bed().call(method, path, { key: bed().keyA, ...(body !== undefined ? { body } : {}) })
  const validate = (body: unknown) => call('POST', '/api/v3/responses/validate', body)

  test('create: an answer off its scale is refused by validate as by the write, named data.<elementId>', async () => {
    const survey = await createSurvey(bed(), scaleSurvey)
    for (const [label, data, name] of OFF_SCALE) {
      const body = { surveyId: survey.id, finished: true, data }
      assert.equal(invalidNames(await validate({ operation: 'create', data: body })), [name], `validate, ${label}`)
      assert.equal(refusedNames(await call('POST', '/api/v3/responses', body)), [name], `write, ${label}`)
    }
    // Several at once: every one named, by validate and by the write alike.
    const several = { surveyId: survey.id, finished: true, data: { nps_score: 11, stars: 9, csat: 6, words: 'fine' } }
    const expected = ['data.csat', 'data.nps_score', 'data.stars']
    assert.equal(invalidNames(await validate({ operation: 'create', data: several })), expected)
    assert.equal(refusedNames(await call('POST', '/api/v3/responses', several)), expected)
    const ok = { surveyId: survey.id, finished: true, data: { nps_score: 10, stars: 5, csat: 1, words: '' } }
    const valid = await validate({ operation: 'create', data: ok })
    assert.is(valid.body.data.valid, true, valid.text)
    assert.is((await call('POST', '/api/v3/responses', ok)).status, 201)
  })

  test('patch: an answer off its scale is refused by validate as by the write; nothing is changed', async () => {
    const survey = await createSurvey(bed(), scaleSurvey)
    const made = await call('POST', '/api/v3/responses', { surveyId: survey.id, finished: false, data: { nps_score: 3 } })
    assert.is(made.status, 201, made.text)
    const id = made.body.data.id as string
    for (const [label, data, name] of OFF_SCALE) {
      assert.equal(invalidNames(await validate({ operation: 'patch', responseId: id, data: { data } })), [name], `validate, ${label}`)
      assert.equal(refusedNames(await call('PATCH', `/api/v3/responses/${id}`, { data })), [name], `write, ${label}`)
    }
    assert.equal((await call('GET', `/api/v3/responses/${id}`)).body.data.data, { nps_score: 3 }, 'nothing was changed')
  })

  test('names are relative to the document sent: data.<elementId> and the top-level field, never under data.data', async () => {
    const survey = await createSurvey(bed(), scaleSurvey)
    const body = { surveyId: survey.id, finished: 'yes', data: { nps_score: 3 }, extra: 1 }
    const checked = invalidNames(await validate({ operation: 'create', data: body }))
    const written = await call('POST', '/api/v3/responses', body)
    assert.is(written.status, 400, written.text)
    assert.equal(checked, names(written.body.invalid_params))
    assert.equal(checked, ['extra', 'finished'])
    assert.equal(
      invalidNames(await validate({ operation: 'create', data: { surveyId: survey.id, finished: true, data: { nps_score: 99 } } })),
      ['data.nps_score'],
    )
  })

  test.run()
}
