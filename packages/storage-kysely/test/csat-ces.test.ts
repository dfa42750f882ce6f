/**
 * CSAT, CES and cal questions (the reference's `csat`, `ces` and `cal` types) through the management API, in
 * process on this storage (PGlite always, the Postgres server too when TEST_DATABASE_URL is set): stored as
 * sent with their defaults, refused off their ranges (a cal host that is a URL too), summed up as ratings are
 * (average and distribution; CSAT also its satisfied share) or, for cal, by the booked answers, and exported
 * as a column each.
 */
import type { Canvass } from '@canvass/core'
import { createCanvass } from '@canvass/core'
import { sql } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'

const t = (text: string) => ({ default: text })

const csat = {
  id: 'sat',
  type: 'csat',
  headline: t('How satisfied are you?'),
  required: false,
  scale: 'smiley',
  lowerLabel: t('Not at all'),
  upperLabel: t('Very'),
}
const ces = { id: 'ease', type: 'ces', headline: t('How easy was it?'), required: false, scale: 'number', range: 7 }
const cal = { id: 'book', type: 'cal', headline: t('Book a call'), required: false, calUserName: 'rick/15min', calHost: 'cal.example.org' }
const why = { id: 'why', type: 'openText', headline: t('Why?'), required: false }
const ces5 = { id: 'ease5', type: 'ces', headline: t('And this?'), required: false, scale: 'star', range: 5 }

for (const backend of backends()) {
  const test = suite(`csat, ces and cal questions on ${backend.name}`)
  let open: OpenBackend
  let canvass: Canvass
  let key: string

  test.before(async () => {
    open = await backend.open({ migrated: true })
    await migrate(open.db)
    canvass = createCanvass({ storage: createKyselyStorage({ db: open.db }), logger: { error() {}, warn() {}, info() {} } as never })
    const project = await canvass.admin.createProject({ name: 'CSAT' })
    key = (await canvass.admin.createApiKey({ environmentId: project.environments.production })).key
  })
  test.after(async () => {
    await open?.close()
  })

  async function call(method: string, path: string, body?: unknown) {
    const res = await canvass.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    )
    const text = await res.text()
    let parsed: any
    try {
      parsed = JSON.parse(text)
    } catch {}
    return { status: res.status, headers: res.headers, text, body: parsed }
  }

  async function survey(): Promise<string> {
    const res = await call('POST', '/api/v1/management/surveys', { name: 'Service', status: 'inProgress', questions: [csat, ces, ces5] })
    assert.is(res.status, 200, res.text)
    return res.body.data.id
  }

  async function respond(surveyId: string, data: Record<string, unknown>, finished = true) {
    const res = await call('POST', '/api/v1/management/responses', { surveyId, finished, data })
    assert.is(res.status, 200, res.text)
  }

  /**
   * A response whose answers are off their scale, as rows written before answers were bounded hold them: a
   * create of them is a 400 (docs/design.md, "Limits and input"), so they are put into the database directly.
   */
  async function respondBeforeBounds(surveyId: string, data: Record<string, unknown>, finished = true) {
    const refused = await call('POST', '/api/v1/management/responses', { surveyId, finished, data })
    assert.is(refused.status, 400, refused.text)
    const res = await call('POST', '/api/v1/management/responses', { surveyId, finished, data: {} })
    assert.is(res.status, 200, res.text)
    await sql`update canvass.responses set data = ${JSON.stringify(data)}::jsonb where id = ${res.body.data.id}`.execute(open.db)
  }

  test('a survey of csat and ces questions is stored and answered with their defaults; off-range ones are a 400', async () => {
    const surveyId = await survey()
    const read = await call('GET', `/api/v1/management/surveys/${surveyId}`)
    assert.equal(read.body.data.questions, [
      { ...csat, range: 5, isColorCodingEnabled: false },
      { ...ces, isColorCodingEnabled: false },
      { ...ces5, isColorCodingEnabled: false },
    ])
    const bad = await call('PUT', `/api/v1/management/surveys/${surveyId}`, {
      questions: [
        { ...csat, range: 7 },
        { ...ces, range: 10 },
      ],
    })
    assert.is(bad.status, 400, bad.text)
    assert.equal(Object.keys(bad.body.details).sort(), ['questions.0.range', 'questions.1.range'])
    const refusedCreate = await call('POST', '/api/v1/management/surveys', {
      name: 'No scale',
      questions: [{ id: 'q', type: 'ces', headline: t('?'), range: 5 }],
    })
    assert.is(refusedCreate.status, 400)
    assert.equal(Object.keys(refusedCreate.body.details), ['questions.0.scale'])
  })

  test('the summary gives average and distribution, and for CSAT the share of 4 and 5', async () => {
    const surveyId = await survey()
    await respond(surveyId, { sat: 5, ease: 7, ease5: 5 })
    await respondBeforeBounds(surveyId, { sat: 4, ease: 6, ease5: 6 })
    await respond(surveyId, { sat: 2, ease: 2 })
    // A score sent as text counts; one off the scale (stored before the bounds) is answered but in no score.
    await respondBeforeBounds(surveyId, { sat: '4', ease: 9, ease5: 1 }, false)
    await respondBeforeBounds(surveyId, { sat: 6 })
    await respond(surveyId, {})

    const res = await call('GET', `/api/v1/management/surveys/${surveyId}/summary`)
    assert.is(res.status, 200, res.text)
    const q = (id: string) => res.body.data.questions.find((question: { questionId: string }) => question.questionId === id)
    const sat = q('sat')
    assert.equal([sat.type, sat.headline, sat.answered, sat.skipped], ['csat', 'How satisfied are you?', 5, 1])
    assert.is(sat.average, 3.75)
    assert.equal(sat.distribution, [
      { rating: 2, count: 1, percentage: 25 },
      { rating: 4, count: 2, percentage: 50 },
      { rating: 5, count: 1, percentage: 25 },
    ])
    assert.equal(sat.satisfied, { count: 3, percentage: 75 })
    const ease = q('ease')
    assert.equal([ease.type, ease.answered, ease.average], ['ces', 4, 5])
    assert.equal(
      ease.distribution.map((d: any) => [d.rating, d.count]),
      [
        [2, 1],
        [6, 1],
        [7, 1],
      ],
    )
    assert.not.ok('satisfied' in ease, 'satisfaction is a CSAT figure')
    const ease5 = q('ease5')
    assert.equal([ease5.answered, ease5.average], [3, 3], 'a 6 is off a five-point scale')
    assert.equal(
      ease5.distribution.map((d: any) => [d.rating, d.count]),
      [
        [1, 1],
        [5, 1],
      ],
    )
  })

  test('an empty survey sums up to no average and no satisfied share', async () => {
    const surveyId = await survey()
    const res = await call('GET', `/api/v1/management/surveys/${surveyId}/summary`)
    assert.is(res.status, 200, res.text)
    const sat = res.body.data.questions[0]
    assert.equal([sat.average, sat.distribution, sat.satisfied], [null, [], { count: 0, percentage: null }])
  })

  test('the CSV export has a column per csat and ces question with the score', async () => {
    const surveyId = await survey()
    await respond(surveyId, { sat: 5, ease: 3, ease5: 2 })
    const res = await call('GET', `/api/v1/management/responses/export?surveyId=${surveyId}`)
    assert.is(res.status, 200, res.text)
    const [header, row] = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','))
    const cell = (name: string) => row![header!.indexOf(name)]
    assert.equal([cell('How satisfied are you?'), cell('How easy was it?'), cell('And this?')], ['5', '3', '2'])
  })

  async function calSurvey(): Promise<string> {
    const res = await call('POST', '/api/v1/management/surveys', { name: 'Calls', status: 'inProgress', questions: [cal, why] })
    assert.is(res.status, 200, res.text)
    return res.body.data.id
  }

  test('a cal question is stored as sent; a host that is a URL is a 400 naming it', async () => {
    const surveyId = await calSurvey()
    const read = await call('GET', `/api/v1/management/surveys/${surveyId}`)
    assert.equal(read.body.data.questions[0], cal)
    const bad = await call('PUT', `/api/v1/management/surveys/${surveyId}`, { questions: [{ ...cal, calHost: 'https://cal.com/rick' }] })
    assert.is(bad.status, 400, bad.text)
    assert.equal(Object.keys(bad.body.details), ['questions.0.calHost'])
  })

  test('the summary counts the booked answers; an empty one is skipped', async () => {
    const surveyId = await calSurvey()
    await respond(surveyId, { book: 'booked', why: 'a' })
    await respond(surveyId, { book: 'booked' })
    await respond(surveyId, { book: '', why: 'b' })
    await respond(surveyId, { why: 'c' }, false)
    const res = await call('GET', `/api/v1/management/surveys/${surveyId}/summary`)
    assert.is(res.status, 200, res.text)
    const book = res.body.data.questions[0]
    assert.equal([book.type, book.answered, book.skipped], ['cal', 2, 2])
    assert.equal(book.booked, { count: 2, percentage: 50 })
    const empty = await call('GET', `/api/v1/management/surveys/${await calSurvey()}/summary`)
    assert.equal(empty.body.data.questions[0].booked, { count: 0, percentage: null })
  })

  test('the CSV export has a column for the cal question with "booked"', async () => {
    const surveyId = await calSurvey()
    await respond(surveyId, { book: 'booked', why: 'x' })
    const res = await call('GET', `/api/v1/management/responses/export?surveyId=${surveyId}`)
    assert.is(res.status, 200, res.text)
    const [header, row] = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','))
    assert.is(row![header!.indexOf('Book a call')], 'booked')
  })

  test.run()
}
