/**
 * docs/design.md, "Limits and input": numbers that a summary aggregates are bounded on input. A number answered to an `nps`,
 * `rating`, `csat` or `ces` question must be an integer on its scale; every path that writes answers refuses
 * one that is not with a 400 naming `data.<questionId>`, and stores nothing of it. (Issue 40: an NPS answer
 * of 1e300 or 57, or a rating of -3, was stored with 200.) And a display made for a contact takes only that
 * contact's response, as the reference's `assertDisplayOwnership` does. The storage rules run on every
 * backend in the conformance suite; here the HTTP answers, on the test bed.
 */
import { badRequest, errorOf, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { refusalOf } from '../src/admin/import/items'

const { test, bed } = suiteWithBed('answers on their scale')

const t = (text: string) => ({ default: text })
const QUESTIONS = [
  { id: 'why', type: 'openText', headline: t('Why?'), required: false, inputType: 'text' },
  { id: 'nps', type: 'nps', headline: t('Recommend?'), required: false, lowerLabel: t('No'), upperLabel: t('Yes') },
  { id: 'stars', type: 'rating', headline: t('Stars?'), required: false, scale: 'star', range: 5 },
  { id: 'csat', type: 'csat', headline: t('Satisfied?'), required: false, scale: 'smiley' },
]

const offScale = (questionId: string, min: number, max: number) =>
  badRequest('Fields are missing or incorrectly formatted', {
    [`data.${questionId}`]: `Must be an integer from ${min} to ${max}, or "" when skipped`,
  })

/** Answers off their scale, with the 400 each gets. */
const BAD: Array<[Record<string, unknown>, ReturnType<typeof offScale>]> = [
  [{ nps: 57 }, offScale('nps', 0, 10)],
  [{ nps: 1e300 }, offScale('nps', 0, 10)],
  [{ nps: 9.5 }, offScale('nps', 0, 10)],
  [{ stars: -3 }, offScale('stars', 1, 5)],
  [{ why: 'fine', csat: 6 }, offScale('csat', 1, 5)],
]

async function scoredSurvey(x: TestCanvass): Promise<string> {
  const res = await x.call('POST', '/api/v1/management/surveys', {
    key: x.keyA,
    body: { environmentId: x.envA, name: 'Scores', status: 'inProgress', type: 'link', questions: QUESTIONS },
  })
  assert.is(res.status, 200, res.text)
  return res.body.data.id
}

async function storedIds(x: TestCanvass, surveyId: string): Promise<string[]> {
  const res = await x.call('GET', `/api/v1/management/responses?surveyId=${surveyId}&limit=100`, { key: x.keyA })
  return res.body.data.map((r: { id: string }) => r.id).sort()
}

test('client and management creates refuse a number off its scale with 400 naming data.<questionId>, and store nothing', async () => {
  const x = bed()
  const surveyId = await scoredSurvey(x)
  for (const [data, expected] of BAD) {
    const body = { surveyId, finished: true, data }
    const paths: Array<[string, string, Record<string, unknown>]> = [
      ['v1 client', `/api/v1/client/${x.envA}/responses`, {}],
      ['v1 client with a userId', `/api/v1/client/${x.envA}/responses`, { userId: 'someone' }],
      ['v2 client', `/api/v2/client/${x.envA}/responses`, {}],
      ['management', '/api/v1/management/responses', {}],
    ]
    for (const [what, path, extra] of paths) {
      const res = await x.call('POST', path, { key: path.includes('management') ? x.keyA : undefined, body: { ...body, ...extra } })
      assert.equal(errorOf(res), expected, `${what}, ${JSON.stringify(data)}`)
    }
  }
  assert.equal(await storedIds(x, surveyId), [], 'nothing stored')
  // On the scale, skipped, or a text: taken as before.
  for (const data of [{ nps: 0, stars: 5, csat: 1 }, { nps: 10, stars: 1, csat: 5 }, { nps: '', stars: '', csat: '' }, { nps: 'n/a' }]) {
    const res = await x.call('POST', `/api/v1/client/${x.envA}/responses`, { body: { surveyId, finished: false, data } })
    assert.is(res.status, 200, `${JSON.stringify(data)}: ${res.text}`)
  }
})

test('updates refuse a number off its scale (v1, spec form, v2, management) and leave the response as it was', async () => {
  const x = bed()
  const surveyId = await scoredSurvey(x)
  const created = await x.call('POST', `/api/v1/client/${x.envA}/responses`, { body: { surveyId, finished: false, data: { nps: 9 } } })
  const id = created.body.data.id as string
  const paths: Array<[string, string, string | undefined]> = [
    ['v1 client', `/api/v1/client/${x.envA}/responses/${id}`, undefined],
    ['spec form', `/api/v1/client/responses/${id}`, undefined],
    ['v2 client', `/api/v2/client/${x.envA}/responses/${id}`, undefined],
    ['management', `/api/v1/management/responses/${id}`, x.keyA],
  ]
  for (const [data, expected] of BAD) {
    for (const [what, path, key] of paths) {
      const res = await x.call('PUT', path, { key, body: { finished: true, data } })
      assert.equal(errorOf(res), expected, `${what}, ${JSON.stringify(data)}`)
    }
  }
  const stored = await x.call('GET', `/api/v1/management/responses/${id}`, { key: x.keyA })
  assert.equal([stored.body.data.data, stored.body.data.finished], [{ nps: 9 }, false], 'nothing of the refused updates stored')
  for (const [what, path, key] of paths) {
    const res = await x.call('PUT', path, { key, body: { finished: false, data: { stars: 4, csat: '' } } })
    assert.is(res.status, 200, `${what}: ${res.text}`)
  }
})

test('bulk import: an item with an answer off its scale fails alone, naming the field', async () => {
  const x = bed()
  const surveyId = await scoredSurvey(x)
  const res = await x.call('POST', '/api/v1/management/responses/bulk', {
    key: x.keyA,
    body: {
      responses: [
        { surveyId, finished: true, data: { nps: 7 } },
        { surveyId, finished: true, data: { stars: 0 } },
        { surveyId, finished: true, data: { nps: '' } },
      ],
    },
  })
  assert.is(res.status, 200, res.text)
  assert.is(res.body.data.created, 2)
  assert.is(res.body.data.failed, 1)
  const failed = res.body.data.results.find((r: { index: number }) => r.index === 1)
  assert.equal(failed.error, offScale('stars', 1, 5).body)
  assert.is((await storedIds(x, surveyId)).length, 2)
})

test('the Formbricks import reports an answer off its scale with its question and scale', () => {
  assert.is(
    refusalOf({ outcome: 'answer_out_of_range', questionId: 'nps', min: 0, max: 10 }),
    "Its answer to nps is off the question's scale (an integer from 0 to 10)",
  )
  assert.is(refusalOf({ outcome: 'display_of_other_contact' }), 'Its display was made for another contact')
})

test("a display made for a contact takes only that contact's response (400 otherwise), as the reference's assertDisplayOwnership", async () => {
  const x = bed()
  const surveyId = await scoredSurvey(x)
  const display = await x.call('POST', `/api/v1/client/${x.envA}/displays`, { body: { surveyId, userId: 'alice' } })
  assert.is(display.status, 200, display.text)
  const displayId = display.body.data.id as string
  const refused = badRequest('Display belongs to a different contact', { displayId: 'This display was made for another contact' })
  for (const [what, path, extra, key] of [
    ['no userId', `/api/v1/client/${x.envA}/responses`, {}, undefined],
    ['another userId', `/api/v1/client/${x.envA}/responses`, { userId: 'mallory' }, undefined],
    ['v2, no contact', `/api/v2/client/${x.envA}/responses`, {}, undefined],
    ['management', '/api/v1/management/responses', {}, x.keyA],
  ] as const) {
    const res = await x.call('POST', path, { key, body: { surveyId, finished: true, data: { nps: 3 }, displayId, ...extra } })
    assert.equal(errorOf(res), refused, what)
  }
  assert.equal(await storedIds(x, surveyId), [])
  const own = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
    body: { surveyId, finished: true, data: { nps: 3 }, displayId, userId: 'alice' },
  })
  assert.is(own.status, 200, own.text)
  const linked = await x.call('GET', `/api/v1/client/${x.envA}/displays/${displayId}/response`)
  assert.equal(linked.body, { data: { responseId: own.body.data.id } })
})

test.run()
