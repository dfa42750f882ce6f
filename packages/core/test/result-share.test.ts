/**
 * Shared results (issue 44): a manager turns sharing on (`POST …/surveys/{id}/share`, a new key each time),
 * rotates it and turns it off; `/share/{key}/summary.json` answers the management summary of the same
 * filters for whoever holds the key, 404 for a key turned off or rotated, at once; the key never reaches a
 * client route; the share routes are rate-limited per address. On the test bed, PGlite and (with
 * TEST_DATABASE_URL) the Postgres server.
 */
import { availableBackends, createTestCanvass, createTestClock, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import type { CanvassContext } from '../src/context'
import { CanvassError } from '../src/errors'
import { findSharedSurvey, readShareFilters, shareAnswers, shareResponses } from '../src/domain/result-share'
import { createShareCursors } from '../src/domain/share-cursors'
import { GRID_QUESTION, t } from './helpers'

const QUESTIONS = [
  {
    id: 'color',
    type: 'multipleChoiceSingle',
    headline: t('Colour?'),
    required: false,
    choices: [
      { id: 'r', label: t('Red') },
      { id: 'b', label: t('Blue') },
    ],
  },
  { id: 'nps', type: 'nps', headline: t('Recommend?'), required: false },
  { id: 'stars', type: 'rating', headline: t('Stars?'), required: false, scale: 'star', range: 5 },
  GRID_QUESTION,
  {
    id: 'rank',
    type: 'ranking',
    headline: t('Order these'),
    required: false,
    choices: [
      { id: 'speed', label: t('Speed') },
      { id: 'price', label: t('Price') },
      { id: 'looks', label: t('Looks') },
      { id: 'never', label: t('Never ranked') },
    ],
  },
  { id: 'why', type: 'openText', headline: t('Why?'), required: false },
]

/** Responses across two days, two languages (and none), finished or not, with times to complete. */
const RESPONSES = [
  {
    createdAt: '2026-03-10T08:00:00Z',
    finished: true,
    language: 'de',
    ttc: { color: 1000 },
    data: { color: 'Red', nps: 10, stars: 5, grid: { Speed: 'Good' }, rank: ['Speed', 'Price', 'Looks'], why: 'fast' },
  },
  {
    createdAt: '2026-03-10T09:00:00Z',
    finished: true,
    language: 'en',
    ttc: { color: 4000 },
    data: { color: 'Blue', nps: 6, stars: 2, rank: ['Price', 'Speed'], why: 'cheap' },
  },
  {
    createdAt: '2026-03-10T23:30:00Z',
    finished: true,
    ttc: { color: 2000 },
    data: { color: 'Red', nps: 9, stars: 4, rank: ['Looks', 'Speed', 'Price'] },
  },
  { createdAt: '2026-03-11T10:00:00Z', finished: false, language: 'de', data: { color: 'Blue', nps: 3 } },
  { createdAt: '2026-03-11T11:00:00Z', finished: true, language: 'de', ttc: { color: 9000 }, data: { color: 'Blue', rank: ['Speed'] } },
  { createdAt: '2026-03-12T12:00:00Z', finished: false, data: {} },
]

async function newSharedSurvey(x: TestCanvass, overrides: Record<string, unknown> = {}) {
  const created = await x.call('POST', '/api/v1/management/surveys', {
    key: x.keyA,
    body: { environmentId: x.envA, name: 'Shared', status: 'inProgress', type: 'link', questions: QUESTIONS, ...overrides },
  })
  assert.is(created.status, 200, created.text)
  const surveyId = created.body.data.id as string
  const shared = await x.call('POST', `/api/v1/management/surveys/${surveyId}/share`, { key: x.keyA })
  assert.is(shared.status, 200, shared.text)
  return { surveyId, key: shared.body.data.resultShareKey as string, url: shared.body.data.url as string }
}

for (const backend of availableBackends()) {
  const clock = createTestClock()
  const { test, bed } = suiteWithBed(`shared results (${backend})`, {
    backend,
    clock,
    rateLimits: { share: { limit: 1000, windowMs: 60_000 } },
  })

  test('sharing on gives a key and its absolute URL; again rotates it; off clears it; old keys 404 at once', async () => {
    const x = bed()
    const { surveyId, key, url } = await newSharedSurvey(x)
    assert.match(key, /^[A-Za-z0-9_-]{32}$/, '192 random bits as base64url')
    assert.is(url, `http://canvass.test/share/${key}`)
    assert.is((await x.call('GET', `/api/v1/management/surveys/${surveyId}`, { key: x.keyA })).body.data.resultShareKey, key)
    const first = await x.call('GET', `/share/${key}/summary.json`)
    assert.is(first.status, 200, first.text)
    assert.is(first.body.data.surveyId, undefined, 'no id a route takes')

    const rotated = await x.call('POST', `/api/v1/management/surveys/${surveyId}/share`, { key: x.keyA })
    assert.is(rotated.status, 200, rotated.text)
    const next = rotated.body.data.resultShareKey as string
    assert.is.not(next, key, 'a new key each time')
    const old = await x.call('GET', `/share/${key}/summary.json`)
    assert.is(old.status, 404, 'the rotated key answers 404 at once, whatever was cached')
    assert.equal(old.body, {
      code: 'not_found',
      message: 'Shared Results not found',
      details: { resource_id: key, resource_type: 'Shared Results' },
    })
    assert.is((await x.call('GET', `/share/${next}/summary.json`)).status, 200)

    const off = await x.call('DELETE', `/api/v1/management/surveys/${surveyId}/share`, { key: x.keyA })
    assert.is(off.status, 200, off.text)
    assert.equal(off.body, { data: { resultShareKey: null, url: null } })
    assert.is((await x.call('GET', `/share/${next}/summary.json`)).status, 404, 'turned off: 404 at once')
    assert.is((await x.call('GET', `/api/v1/management/surveys/${surveyId}`, { key: x.keyA })).body.data.resultShareKey, null)
    for (const unknown of ['nope', 'x'.repeat(300), '%00', '%E0%A4%A']) {
      const res = await x.call('GET', `/share/${unknown}/summary.json`)
      assert.is(res.status, 404, unknown)
      assert.is(res.body.code, 'not_found')
    }
  })

  test('resultShareKey is minted only by the share route: a create or PUT sending another value is a 400 naming it', async () => {
    const x = bed()
    const expectRefused = (res: { status: number; text: string; body: any }, what: string) => {
      assert.is(res.status, 400, `${what}: ${res.text}`)
      assert.equal(Object.keys(res.body.details), ['resultShareKey'], what)
    }
    const before = (await x.call('GET', '/api/v1/management/surveys', { key: x.keyA })).body.data.length
    for (const key of ['a', 'x'.repeat(32)]) {
      const made = await x.call('POST', '/api/v1/management/surveys', {
        key: x.keyA,
        body: { environmentId: x.envA, name: 'Chosen key', questions: QUESTIONS, resultShareKey: key },
      })
      expectRefused(made, `create with ${key}`)
    }
    assert.is((await x.call('GET', '/api/v1/management/surveys', { key: x.keyA })).body.data.length, before, 'nothing created')
    const plain = await x.call('POST', '/api/v1/management/surveys', {
      key: x.keyA,
      body: { environmentId: x.envA, name: 'No key', questions: QUESTIONS, resultShareKey: null },
    })
    assert.is(plain.status, 200, 'null, the value a survey without a key has, is fine')
    const unshared = plain.body.data.id as string
    assert.is((await x.call('PUT', `/api/v1/management/surveys/${unshared}`, { key: x.keyA, body: { resultShareKey: null } })).status, 200)
    expectRefused(
      await x.call('PUT', `/api/v1/management/surveys/${unshared}`, { key: x.keyA, body: { resultShareKey: 'a' } }),
      'PUT a key',
    )

    const mine = await newSharedSurvey(x)
    const theirs = await newSharedSurvey(x)
    // A GET→PUT round trip sends the current key back: fine, and it stays.
    const read = await x.call('GET', `/api/v1/management/surveys/${mine.surveyId}`, { key: x.keyA })
    const roundTrip = await x.call('PUT', `/api/v1/management/surveys/${mine.surveyId}`, {
      key: x.keyA,
      body: { ...read.body.data, name: 'Renamed' },
    })
    assert.is(roundTrip.status, 200, roundTrip.text)
    assert.is(roundTrip.body.data.resultShareKey, mine.key)
    for (const key of ['a', theirs.key, null, `${mine.key}x`]) {
      const res = await x.call('PUT', `/api/v1/management/surveys/${mine.surveyId}`, {
        key: x.keyA,
        body: { resultShareKey: key, name: 'Changed' },
      })
      expectRefused(res, `PUT ${key}`)
    }
    const after = await x.call('GET', `/api/v1/management/surveys/${mine.surveyId}`, { key: x.keyA })
    assert.equal([after.body.data.name, after.body.data.resultShareKey], ['Renamed', mine.key], 'nothing written')
    assert.is((await x.call('GET', `/share/${theirs.key}/summary.json`)).status, 200, "the other survey's link still works")
    assert.is((await x.call('GET', `/share/${mine.key}/summary.json`)).status, 200)
  })

  test('a GET→PUT round trip racing a new share key never puts the old key back', async () => {
    const x = bed()
    const { surveyId } = await newSharedSurvey(x)
    for (let round = 0; round < 8; round++) {
      const read = await x.call('GET', `/api/v1/management/surveys/${surveyId}`, { key: x.keyA })
      const [shared, put] = await Promise.all([
        x.call('POST', `/api/v1/management/surveys/${surveyId}/share`, { key: x.keyA }),
        x.call('PUT', `/api/v1/management/surveys/${surveyId}`, { key: x.keyA, body: { ...read.body.data, name: `Round ${round}` } }),
      ])
      assert.is(shared.status, 200, shared.text)
      // Before the new key the old one is the current one (200); after it, another value (400 naming it).
      assert.ok(put.status === 200 || (put.status === 400 && 'resultShareKey' in put.body.details), put.text)
      const after = await x.call('GET', `/api/v1/management/surveys/${surveyId}`, { key: x.keyA })
      assert.is(after.body.data.resultShareKey, shared.body.data.resultShareKey, `round ${round}: the key the share route minted stays`)
    }
  })

  test('with publicUrl, the share URL is built on it', async () => {
    const other = await createTestCanvass({ backend, publicUrl: 'https://feedback.example.com/base/' })
    try {
      const survey = await other.call('POST', '/api/v1/management/surveys', {
        key: other.keyA,
        body: { environmentId: other.envA, name: 'S', questions: QUESTIONS },
      })
      assert.is(survey.status, 200, survey.text)
      const shared = await other.call('POST', `/api/v1/management/surveys/${survey.body.data.id}/share`, { key: other.keyA })
      assert.is(shared.status, 200, shared.text)
      assert.is(shared.body.data.url, `https://feedback.example.com/base/share/${shared.body.data.resultShareKey}`)
    } finally {
      await other.close()
    }
  })

  test("another environment's key, no key or an unknown survey change nothing", async () => {
    const x = bed()
    const { surveyId, key } = await newSharedSurvey(x)
    for (const method of ['POST', 'DELETE']) {
      const other = await x.call(method, `/api/v1/management/surveys/${surveyId}/share`, { key: x.keyB })
      assert.is(other.status, 401, `${method} with B's key: ${other.text}`)
      assert.is(other.body.code, 'unauthorized')
      assert.not.ok(other.text.includes(key))
      const none = await x.call(method, `/api/v1/management/surveys/${surveyId}/share`)
      assert.is(none.status, 401, `${method} without a key`)
      const missing = await x.call(method, '/api/v1/management/surveys/no-such-survey/share', { key: x.keyA })
      assert.is(missing.status, 404, `${method} of an unknown survey`)
      assert.is(missing.body.details.resource_type, 'Survey')
    }
    assert.is((await x.call('GET', `/api/v1/management/surveys/${surveyId}`, { key: x.keyA })).body.data.resultShareKey, key, 'unchanged')
    assert.is((await x.call('GET', `/share/${key}/summary.json`)).status, 200, 'still shared')
  })

  test('the key never appears in a client route: environment states (v1, v2) and the link page', async () => {
    const x = bed()
    const { surveyId, key } = await newSharedSurvey(x, { type: 'app' })
    const link = await newSharedSurvey(x)
    for (const path of [`/api/v1/client/${x.envA}/environment`, `/api/v2/client/${x.envA}/environment`, `/s/${link.surveyId}`]) {
      const res = await x.call('GET', path)
      assert.is(res.status, 200, `${path}: ${res.text.slice(0, 200)}`)
      assert.ok(res.text.includes(path.startsWith('/s/') ? 'Colour?' : surveyId), `${path} shows the survey`)
      for (const secret of [key, link.key]) assert.not.ok(res.text.includes(secret), `${path} shows no share key`)
    }
  })

  test('summary.json answers the management summary for the same filters, median and ranking included', async () => {
    const x = bed()
    const { surveyId, key } = await newSharedSurvey(x)
    for (const body of RESPONSES) {
      const res = await x.call('POST', '/api/v1/management/responses', { key: x.keyA, body: { surveyId, ...body } })
      assert.is(res.status, 200, res.text)
    }
    const pairs: Array<[string, string]> = [
      ['', ''],
      ['finished=true', 'finished=true'],
      ['finished=false', 'finished=false'],
      ['lang=de', 'lang=de'],
      ['lang=default', 'lang=default'],
      ['startDate=2026-03-10&endDate=2026-03-10', 'startDate=2026-03-10&endDate=2026-03-10T23:59:59.999Z'],
      ['startDate=2026-03-11T00:00:00Z&finished=true&lang=de', 'startDate=2026-03-11T00:00:00Z&finished=true&lang=de'],
      ['startDate=&endDate=&lang=&finished=', ''],
    ]
    const summaries: Record<string, any> = {}
    for (const [shareQuery, managementQuery] of pairs) {
      const shared = await x.call('GET', `/share/${key}/summary.json?${shareQuery}`)
      assert.is(shared.status, 200, `${shareQuery}: ${shared.text}`)
      const managed = await x.call('GET', `/api/v1/management/surveys/${surveyId}/summary?${managementQuery}`, { key: x.keyA })
      assert.is(managed.status, 200, `${managementQuery}: ${managed.text}`)
      // The same, without the ids management routes take (the survey's, its quotas').
      const { surveyId: _surveyId, quotas, ...rest } = managed.body.data
      assert.equal(
        shared.body,
        { data: { ...rest, quotas: quotas.map(({ id: _id, ...quota }: { id: string }) => quota) } },
        `same summary for ${shareQuery}`,
      )
      summaries[shareQuery] = shared.body.data
    }
    const all = summaries['']
    assert.equal(all.responses, { started: 6, finished: 4 })
    assert.is(all.averageTimeToComplete, 4000)
    assert.is(all.medianTimeToComplete, 3000, 'median of 1000, 2000, 4000, 9000')
    const rank = all.questions.find((question: { questionId: string }) => question.questionId === 'rank')
    assert.equal(rank.choices, [
      { id: 'speed', label: 'Speed', count: 4, averagePosition: 1.5 },
      { id: 'price', label: 'Price', count: 3, averagePosition: 2 },
      { id: 'looks', label: 'Looks', count: 2, averagePosition: 2 },
      { id: 'never', label: 'Never ranked', count: 0, averagePosition: null },
    ])
    assert.equal(summaries['finished=true'].responses, { started: 4, finished: 4 })
    assert.equal(summaries['finished=false'].responses, { started: 2, finished: 0 })
    assert.is(summaries['finished=false'].medianTimeToComplete, null)
    assert.equal(summaries['lang=de'].responses, { started: 3, finished: 2 })
    assert.is(summaries['lang=de'].medianTimeToComplete, 5000)
    assert.equal(summaries['lang=default'].responses, { started: 2, finished: 1 }, 'no language counts as the default')
    assert.equal(
      summaries['startDate=2026-03-10&endDate=2026-03-10'].responses,
      { started: 3, finished: 3 },
      'a date-only endDate takes its day',
    )
    assert.equal(summaries['startDate=2026-03-11T00:00:00Z&finished=true&lang=de'].responses, { started: 1, finished: 1 })
    assert.equal(summaries['startDate=&endDate=&lang=&finished='], all, 'empty parameters are no filter')
  })

  test('a summary is reused for 10 s, and a new key is another entry', async () => {
    const x = bed()
    const { surveyId, key } = await newSharedSurvey(x)
    const started = async (k: string) => (await x.call('GET', `/share/${k}/summary.json`)).body.data.responses.started
    assert.is(await started(key), 0)
    await x.call('POST', '/api/v1/management/responses', { key: x.keyA, body: { surveyId, finished: true, data: { why: 'x' } } })
    assert.is(await started(key), 0, 'cached')
    const [a, b] = await Promise.all([
      x.call('GET', `/share/${key}/summary.json?lang=xx`),
      x.call('GET', `/share/${key}/summary.json?lang=xx`),
    ])
    assert.equal(a.body, b.body, 'identical concurrent requests')
    clock.advance(10_001)
    assert.is(await started(key), 1, 'read again after 10 s')
    await x.call('POST', '/api/v1/management/responses', { key: x.keyA, body: { surveyId, finished: true, data: { why: 'y' } } })
    const rotated = (await x.call('POST', `/api/v1/management/surveys/${surveyId}/share`, { key: x.keyA })).body.data.resultShareKey
    assert.is(await started(rotated), 2, 'a rotated key reads afresh')
  })

  // The cache was once kept per storage in a module-wide map, so a second Canvass in the process on the same
  // storage answered with the first one's summary.
  test('two Canvass instances in one process on one database each keep shared summaries of their own', async () => {
    const x = bed()
    const other = x.instance()
    const { surveyId, key } = await newSharedSurvey(x)
    const started = async (call: typeof x.call) => (await call('GET', `/share/${key}/summary.json`)).body.data.responses.started
    assert.is(await started(x.call), 0)
    await x.call('POST', '/api/v1/management/responses', { key: x.keyA, body: { surveyId, finished: true, data: { why: 'x' } } })
    assert.is(await started(x.call), 0, 'the first instance reuses its summary')
    assert.is(await started(other.call), 1, 'the second computes its own')
  })

  test('a summary that takes longer than 10 s to compute is reused for 10 s after it is ready', async () => {
    const x = bed()
    const { surveyId, key } = await newSharedSurvey(x)
    const responses = x.storage.responses
    const summarize = responses.summarize.bind(responses)
    // The bed's real storage, the summary held while the clock passes 11 s (a summary of a very large survey).
    let release: () => void = () => {}
    let began: () => void = () => {}
    const started = new Promise<void>((resolve) => (began = resolve))
    responses.summarize = async (...args) => {
      began()
      await new Promise<void>((resolve) => (release = resolve))
      return summarize(...args)
    }
    try {
      const first = x.call('GET', `/share/${key}/summary.json?lang=slow`)
      await started
      clock.advance(11_000)
      release()
      assert.is((await first).body.data.responses.started, 0)
      responses.summarize = summarize
      await x.call('POST', '/api/v1/management/responses', {
        key: x.keyA,
        body: { surveyId, finished: true, language: 'slow', data: { why: 'x' } },
      })
      clock.advance(9_000)
      assert.is((await x.call('GET', `/share/${key}/summary.json?lang=slow`)).body.data.responses.started, 0, 'reused')
      clock.advance(1_001)
      assert.is((await x.call('GET', `/share/${key}/summary.json?lang=slow`)).body.data.responses.started, 1, 'read again after 10 s')
    } finally {
      responses.summarize = summarize
    }
  })

  test('the page gives starts as a share of displays only when there were at least as many displays', async () => {
    const x = bed()
    const { surveyId, key } = await newSharedSurvey(x)
    const respond = () =>
      x.call('POST', '/api/v1/management/responses', { key: x.keyA, body: { surveyId, finished: true, data: { why: 'x' } } })
    const display = () => x.call('POST', `/api/v1/client/${x.envA}/displays`, { body: { surveyId } })
    for (let i = 0; i < 10; i++) await respond()
    // Ten responses through the API, none with a display; then 4 displays, then 20.
    const summary = async () => {
      const page = await x.call('GET', `/share/${key}`)
      assert.is(page.status, 200)
      return page.text
    }
    assert.match(
      await summary(),
      /<dt>Responses<\/dt><dd><span class="cv-stat-value"><data class="cv-num" data-cv="total-starts" value="10">10<\/data><\/span><span class="cv-stat-note">no displays recorded<\/span>/,
    )
    for (let i = 0; i < 4; i++) assert.is((await display()).status, 200)
    clock.advance(10_001)
    const four = await summary()
    assert.not.match(four, /data-cv="start-rate"/, 'no share past 100 %')
    assert.not.match(four, /250/)
    assert.match(four, /<span class="cv-stat-note">more than displays: some responses came without one<\/span>/)
    for (let i = 0; i < 16; i++) assert.is((await display()).status, 200)
    clock.advance(10_001)
    assert.match(
      await summary(),
      /<span class="cv-stat-note"><data class="cv-num" data-cv="start-rate" value="50">50%<\/data> of displays<\/span>/,
    )
  })

  test('bad filters are 400s naming the parameter, on both summaries', async () => {
    const x = bed()
    const { surveyId, key } = await newSharedSurvey(x)
    const cases: Array<[string, string]> = [
      ['startDate=yesterday', 'startDate'],
      ['endDate=2026-02-31', 'endDate'],
      ['finished=yes', 'finished'],
      ['lang=de&lang=fr', 'lang'],
      [`lang=${'x'.repeat(65)}`, 'lang'],
      ['startDate=2026-03-11&endDate=2026-03-10', 'endDate'],
    ]
    for (const [query, name] of cases) {
      for (const path of [`/share/${key}/summary.json`, `/api/v1/management/surveys/${surveyId}/summary`]) {
        const res = await x.call('GET', `${path}?${query}`, { key: x.keyA })
        assert.is(res.status, 400, `${path}?${query}: ${res.text}`)
        assert.is(res.body.code, 'bad_request')
        assert.type(res.body.details[name], 'string', `${query} names ${name}: ${res.text}`)
      }
    }
    const empty = await x.call('GET', `/api/v1/management/surveys/${surveyId}/summary?lang=`, { key: x.keyA })
    assert.is(empty.status, 400, 'the management summary takes no empty lang')
  })

  test("shareAnswers and shareResponses page a shared survey's answers and responses newest first by an opaque cursor", async () => {
    const x = bed()
    const { surveyId, key } = await newSharedSurvey(x)
    for (const body of RESPONSES) {
      const res = await x.call('POST', '/api/v1/management/responses', {
        key: x.keyA,
        body: { surveyId, ...body, variables: { score: 1 } },
      })
      assert.is(res.status, 200, res.text)
    }
    // The services as the shared page calls them, with what of a context they read.
    const ctx = {
      storage: x.storage,
      now: () => clock.now(),
      shareCursors: createShareCursors('a-secret-of-enough-length'),
    } as CanvassContext
    const survey = await findSharedSurvey(ctx, key)
    assert.is(survey?.id, surveyId)
    if (!survey) return
    const filters = readShareFilters({})
    const first = await shareAnswers(ctx, survey, { source: 'data', key: 'color' }, filters, { limit: 2 })
    assert.equal(
      first.items.map((row) => row.value),
      ['Blue', 'Blue'],
      'newest first',
    )
    assert.type(first.next, 'string')
    const rest = await shareAnswers(ctx, survey, { source: 'data', key: 'color' }, filters, { limit: 100, after: first.next as string })
    assert.equal(
      rest.items.map((row) => row.value),
      ['Red', 'Blue', 'Red'],
    )
    assert.is(rest.next, null)
    const german = await shareAnswers(ctx, survey, { source: 'data', key: 'why' }, readShareFilters({ lang: 'de' }), { limit: 10 })
    assert.equal(
      german.items.map((row) => row.value),
      ['fast'],
    )
    const variables = await shareAnswers(ctx, survey, { source: 'variables', key: 'score' }, filters, { limit: 10 })
    assert.is(variables.items.length, RESPONSES.length)

    const seen: string[] = []
    let after: string | undefined
    for (let page = 0; page < 10; page++) {
      const listed = await shareResponses(ctx, survey, filters, { limit: 4, ...(after ? { after } : {}) })
      seen.push(...listed.items.map((response) => response.createdAt.toISOString()))
      if (!listed.next) break
      after = listed.next
    }
    assert.equal(
      seen,
      RESPONSES.map((response) => new Date(response.createdAt).toISOString()).reverse(),
      'every response once, newest first',
    )
    const finished = await shareResponses(ctx, survey, readShareFilters({ finished: 'true', endDate: '2026-03-10' }), { limit: 10 })
    assert.is(finished.items.length, 3)
    assert.ok(finished.items.every((response) => response.surveyId === surveyId && response.finished))
    for (const bad of ['nope', '%%%', btoa('2026-03-10T00:00:00.000Z|')]) {
      try {
        await shareResponses(ctx, survey, filters, { limit: 10, after: bad })
        assert.unreachable(`cursor ${bad}`)
      } catch (error) {
        assert.instance(error, CanvassError)
        assert.is((error as CanvassError).status, 400)
      }
    }
    try {
      readShareFilters({ finished: 'maybe' })
      assert.unreachable('a bad filter')
    } catch (error) {
      assert.is((error as CanvassError).status, 400)
    }
  })

  test('two concurrent shares leave exactly one key that works, the one the survey holds', async () => {
    const x = bed()
    const { surveyId, key: before } = await newSharedSurvey(x)
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([0, 1].map(() => x.call('POST', `/api/v1/management/surveys/${surveyId}/share`, { key: x.keyA })))
      const keys = answers.map((answer) => {
        assert.is(answer.status, 200, answer.text)
        return answer.body.data.resultShareKey as string
      })
      assert.is.not(keys[0], keys[1])
      const held = (await x.call('GET', `/api/v1/management/surveys/${surveyId}`, { key: x.keyA })).body.data.resultShareKey
      assert.ok(keys.includes(held), 'the survey holds one of the two keys')
      const working = []
      for (const k of [...keys, before]) if ((await x.call('GET', `/share/${k}/summary.json`)).status === 200) working.push(k)
      assert.equal(working, [held], `round ${round}: exactly one key works`)
    }
  })

  test.run()
}

{
  const clock = createTestClock()
  const { test, bed } = suiteWithBed('shared results: rate limit', { clock, rateLimits: { share: { limit: 3, windowMs: 60_000 } } })

  test('the share routes count per client address: 429 with the share policy after the limit, another address unaffected', async () => {
    const x = bed()
    const { key } = await newSharedSurvey(x)
    for (let i = 0; i < 3; i++) assert.is((await x.call('GET', `/share/${key}/summary.json`, { address: '203.0.113.7' })).status, 200)
    const refused = await x.call('GET', `/share/${key}/summary.json`, { address: '203.0.113.7' })
    assert.is(refused.status, 429, refused.text)
    assert.is(refused.body.code, 'too_many_requests')
    assert.is(refused.headers.get('ratelimit-policy'), '"share";q=3;w=60')
    const unknown = await x.call('GET', '/share/unknown/summary.json', { address: '203.0.113.7', key: x.keyA })
    assert.is(unknown.status, 429, 'any share path, with an API key or not')
    assert.is((await x.call('GET', `/share/${key}/summary.json`, { address: '203.0.113.8' })).status, 200, 'another address')
    assert.is(
      (await x.call('GET', '/api/v1/management/me', { address: '203.0.113.7', key: x.keyA })).status,
      200,
      'the API is not limited by it',
    )
    clock.advance(60_001)
    assert.is((await x.call('GET', `/share/${key}/summary.json`, { address: '203.0.113.7' })).status, 200, 'a new window')
  })

  test.run()
}

{
  const { test, bed } = suiteWithBed('shared results: summaries computed at once', {
    rateLimits: { share: { limit: 1000, windowMs: 60_000 } },
  })

  test('two summaries run at once, 16 more wait their turn, any more is a 503 with Retry-After; the page says so too', async () => {
    const x = bed()
    const { key } = await newSharedSurvey(x)
    // The bed's real storage, with each summary held until the test lets it go, so the requests overlap.
    const responses = x.storage.responses
    const summarize = responses.summarize.bind(responses)
    let running = 0
    let most = 0
    const held: Array<() => void> = []
    // And each key looked up counted, to know when every request has reached its turn.
    const surveys = x.storage.surveys
    const getByKey = surveys.getByResultShareKey.bind(surveys)
    let found = 0
    let allFound: () => void = () => {}
    const everyFound = new Promise<void>((resolve) => (allFound = resolve))
    surveys.getByResultShareKey = async (...args) => {
      const survey = await getByKey(...args)
      if (++found === 18) allFound()
      return survey
    }
    responses.summarize = async (...args) => {
      running++
      most = Math.max(most, running)
      await new Promise<void>((resolve) => held.push(resolve))
      try {
        return await summarize(...args)
      } finally {
        running--
      }
    }
    try {
      // Each day a filter of its own, so no request reuses another's summary.
      const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}`
      const waiting = Array.from({ length: 18 }, (_, i) => x.call('GET', `/share/${key}/summary.json?startDate=${day(i + 1)}`))
      // Every request found its survey. From there to its turn is synchronous code and awaits of settled promises,
      // no I/O: those microtasks all run before the event loop's next check phase, which setImmediate waits for.
      await everyFound
      await new Promise((resolve) => setImmediate(resolve))
      assert.is(held.length, 2, 'two summaries run, the others wait')
      const busy = await x.call('GET', `/share/${key}/summary.json?startDate=${day(19)}`, { allow5xx: true })
      assert.is(busy.status, 503, busy.text)
      assert.is(busy.body.code, 'service_unavailable')
      assert.is(busy.headers.get('retry-after'), '5')
      const page = await x.call('GET', `/share/${key}?startDate=${day(20)}`, { allow5xx: true })
      assert.is(page.status, 503, 'the page too')
      assert.match(page.headers.get('content-type') ?? '', /^text\/html/)
      assert.is(page.headers.get('retry-after'), '5')
      const same = x.call('GET', `/share/${key}/summary.json?startDate=${day(1)}`)
      // Let every held summary go, as each turn comes.
      const release = setInterval(() => held.shift()?.(), 2)
      try {
        const answers = await Promise.all([...waiting, same])
        assert.equal(
          answers.map((res) => res.status),
          Array(19).fill(200),
        )
      } finally {
        clearInterval(release)
      }
      assert.is(most, 2, 'never more than two at once')
      responses.summarize = summarize
      assert.is((await x.call('GET', `/share/${key}/summary.json?startDate=${day(19)}`)).status, 200, 'turns free again')
    } finally {
      responses.summarize = summarize
      surveys.getByResultShareKey = getByKey
    }
  })

  test.run()
}
