/**
 * A survey's summary from the sums kept for its closed months and days (`summary-parts.ts`): always equal, field
 * by field, to the summary read from every response (`summaryParts: false`), after each kind of write into a
 * closed period (a backdated create, an update, a delete, a contact's erasure, retention, anonymizing), after a
 * survey edit, over date ranges that cut months and days, and with writes racing the parts' computation. The hot
 * path (a response of now) writes no count. Which periods are kept, for ranges that start and end anywhere. On
 * PGlite always, the Postgres server too when TEST_DATABASE_URL is set.
 */
import type { Canvass, SummaryAggregates, SummaryQuery } from '@canvass/core'
import { createCanvass, createResponse, createSummaryKeeper } from '@canvass/core'
import { makeResponse } from '@canvass/test-utils'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import type { KyselyStorage } from '../src'
import { closedPeriods } from '../src/responses/summary-parts'
import { backends } from './backends'
import type { OpenBackend } from './backends'

const DAY = 86_400_000
const t = (text: string) => ({ default: text })
const choices = (labels: string[]) => labels.map((label) => ({ id: label.toLowerCase(), label: t(label) }))
const QUESTIONS = [
  { id: 'why', type: 'openText', headline: t('Why?'), required: false },
  { id: 'color', type: 'multipleChoiceSingle', headline: t('Color'), required: false, choices: choices(['Red', 'Blue']) },
  { id: 'tools', type: 'multipleChoiceMulti', headline: t('Tools'), required: false, choices: choices(['Web', 'API']) },
  { id: 'grid', type: 'matrix', headline: t('Grid'), required: false, rows: [t('Speed'), t('Price')], columns: [t('Bad'), t('Good')] },
  { id: 'rank', type: 'ranking', headline: t('Rank'), required: false, choices: choices(['A', 'B', 'C']) },
]
const COUNTS = { why: 'none', color: 'values', tools: 'elements', grid: 'cells', rank: 'positions' } as const

/** Response r's answers: unfinished every fourth, stopping after two questions. */
function answers(r: number) {
  const finished = r % 4 !== 0
  const data: Record<string, unknown> = {
    why: `Answer ${r}`,
    color: ['Red', 'Blue', 'Red'][r % 3],
    tools: [['Web'], ['Web', 'API'], ['API']][r % 3],
    grid: { Speed: r % 2 ? 'Good' : 'Bad', Price: 'Good' },
    rank: [
      ['A', 'B', 'C'],
      ['C', 'A', 'B'],
    ][r % 2],
  }
  if (!finished) for (const key of ['tools', 'grid', 'rank']) delete data[key]
  const ttc: Record<string, number> = finished ? { why: 1000 + ((r * 37) % 700), _total: 1000 + ((r * 37) % 700) } : {}
  return { data, finished, ttc }
}

/** The aggregates with every list in one order (the order of groups is not part of the promise). */
function normal(summary: SummaryAggregates) {
  const sortLists = <T>(lists: Record<string, T[]>) =>
    Object.fromEntries(
      Object.entries(lists)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([id, list]) => [id, [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))]),
    )
  return {
    ...summary,
    averageTimeToComplete: summary.averageTimeToComplete === null ? null : Math.round(summary.averageTimeToComplete * 1e6) / 1e6,
    values: sortLists(summary.values),
    cells: sortLists(summary.cells),
    positions: sortLists(summary.positions),
    lastAnswered: [...summary.lastAnswered].sort((a, b) => (a.index ?? -1) - (b.index ?? -1)),
    paths: [...summary.paths].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  }
}

/** The first instant of the UTC month `back` months before now's, plus `days`. */
function monthStart(back: number, days = 0): Date {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1) + days * DAY)
}

const periods = suite('the closed periods a summary keeps')

const at = (text: string) => Date.parse(text)
const shown = (list: ReturnType<typeof closedPeriods>) => list.map((p) => `${p.period} ${p.starts.toISOString().slice(0, 10)}`)

periods('days up to a month start, whole months, then the closed days of the month not over', () => {
  const list = closedPeriods(at('2026-08-30T00:00:00Z'), at('2026-11-03T05:00:00Z'), null)
  assert.equal(shown(list), [
    'day 2026-08-30',
    'day 2026-08-31',
    'month 2026-09-01',
    'month 2026-10-01',
    'day 2026-11-01',
    'day 2026-11-02',
  ])
  assert.is(list.at(-1)?.ends.toISOString(), '2026-11-03T00:00:00.000Z')
})

periods('a month not yet closed by its margin is kept by day; a day is kept only once it has ended', () => {
  assert.equal(shown(closedPeriods(at('2026-10-30T00:00:00Z'), at('2026-10-31T23:59:59Z'), null)), ['day 2026-10-30'])
  assert.equal(shown(closedPeriods(at('2026-10-01T00:00:00Z'), at('2026-10-01T23:00:00Z'), null)), [])
})

periods('an end date cuts the periods: one ending on it leaves the instant itself to the rest', () => {
  assert.equal(shown(closedPeriods(at('2026-09-01T00:00:00Z'), at('2026-11-20T00:00:00Z'), at('2026-10-02T12:00:00Z'))), [
    'month 2026-09-01',
    'day 2026-10-01',
  ])
  assert.equal(shown(closedPeriods(at('2026-09-01T00:00:00Z'), at('2026-11-20T00:00:00Z'), at('2026-10-01T00:00:00Z'))), [
    'month 2026-09-01',
  ])
})

periods.run()

for (const backend of backends()) {
  const test = suite(`summary kept by month and day on ${backend.name}`)
  let open: OpenBackend
  let db: Kysely<unknown>
  let storage: KyselyStorage
  let fresh: KyselyStorage
  let canvass: Canvass
  let environmentId: string
  let surveyId: string
  let key: string
  let next = 0
  const ids: string[] = []

  const query: SummaryQuery = {
    maxTimeToComplete: 3_600_000,
    questions: QUESTIONS.map((question) => ({ id: question.id, count: COUNTS[question.id as keyof typeof COUNTS] })),
    // The groups of the walk of paths are kept and added up too: the drop-off funnel of a kept period is a full read's.
    paths: { data: ['color'], variables: [] },
  }

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await canvass.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    )
    const text = await res.text()
    assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${text}`)
    return JSON.parse(text)
  }

  /** A response created at `createdAt`, through the storage as the routes write it; `userId` links a contact. */
  const respond = async (createdAt: Date, userId?: string) => {
    const r = next++
    const response = makeResponse(surveyId, { createdAt, ...answers(r), ...(userId ? { userId } : {}) })
    const result = await createResponse(storage.responses, response, {
      environmentId,
      requireAccepting: false,
      checkEnvironment: false,
      pinProven: true,
    })
    assert.is(result.outcome, 'created')
    ids.push(response.id)
    return response.id
  }

  const count = async (table: string) =>
    Number((await sql<{ n: string }>`select count(*)::text as n from ${sql.table(`canvass.${table}`)}`.execute(db)).rows[0]?.n)
  const changes = async () =>
    Number(
      (
        await sql<{
          n: string
        }>`select coalesce(sum(changes), 0)::text as n from canvass.response_changes where survey_id = ${surveyId}`.execute(db)
      ).rows[0]?.n,
    )

  /** The summary with parts equals the one read from every response, twice (computing parts, then reading them). */
  const same = async (asked: SummaryQuery = query, message = '') => {
    const expected = normal(await fresh.reporting.responses.summarize(environmentId, surveyId, asked))
    for (const round of ['first', 'second'])
      assert.equal(normal(await storage.reporting.responses.summarize(environmentId, surveyId, asked)), expected, `${message} (${round})`)
    return expected
  }

  test.before(async () => {
    open = await backend.open({ migrated: true })
    db = open.db
    await migrate(db)
    storage = createKyselyStorage({ db })
    fresh = createKyselyStorage({ db, summaryParts: false })
    canvass = createCanvass({ storage, logger: { error() {}, warn() {}, info() {} } as never })
    const project = await canvass.admin.createProject({ name: 'Parts' })
    environmentId = project.environments.production
    key = (await canvass.admin.createApiKey({ environmentId })).key
    surveyId = (await call('POST', '/api/v1/management/surveys', { name: 'Parts', status: 'inProgress', questions: QUESTIONS })).data.id
    // Three closed months (four, three and two months back) and the current one.
    for (const back of [4, 3, 2]) for (let i = 0; i < 12; i++) await respond(monthStart(back, 1 + i * 2))
    for (let i = 0; i < 5; i++) await respond(new Date(Date.now() - i * 60_000))
  })
  test.after(async () => {
    await open?.close()
  })

  test('the summary equals the one read from every response, and its closed months are kept', async () => {
    const summary = await same()
    assert.is(summary.started, 41)
    assert.is(
      summary.paths.reduce((sum, group) => sum + group.count, 0),
      41,
      'every response in a group of the paths',
    )
    assert.equal(
      summary.paths.filter((group) => !group.finished).map((group) => [group.marks, group.values?.data.color]),
      [
        ['22000', 'Blue'],
        ['22000', 'Red'],
      ],
      'the unfinished: answered the first two questions',
    )
    assert.ok((await count('summary_parts')) >= 3, 'a part per closed month')
    // The parts are what a summary reads: a part made wrong by hand shows.
    await sql`update canvass.summary_parts set sums = jsonb_set(sums, '{started}', to_jsonb((sums ->> 'started')::int + 1000))
      where survey_id = ${surveyId} and sums ? 'started'`.execute(db)
    const tampered = await storage.reporting.responses.summarize(environmentId, surveyId, query)
    assert.ok(tampered.started >= 41 + 1000)
    await sql`delete from canvass.summary_parts where survey_id = ${surveyId}`.execute(db)
    await same()
  })

  test('a response of now counts no change', async () => {
    const before = await changes()
    await respond(new Date())
    assert.is(await changes(), before)
    await same()
  })

  test("the current month's closed days are kept by day; a write into one of them counts", async () => {
    // Two days back always ended more than the margin ago; its period is its month when that month is closed.
    const twoDaysBack = new Date(Date.now() - 2 * DAY)
    const day = new Date(Math.floor(twoDaysBack.getTime() / DAY) * DAY)
    const month = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1))
    const monthClosed = Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1) <= Date.now() - 3_600_000
    const [period, starts] = monthClosed ? ['month', month] : ['day', day]
    const first = await respond(twoDaysBack)
    await same(query, 'a response two days back')
    const kept = await sql<{ n: string }>`select count(*)::text as n from canvass.summary_parts
      where survey_id = ${surveyId} and period = ${period} and starts = ${starts.toISOString()}::timestamptz and sums ? 'started'`.execute(
      db,
    )
    assert.is(kept.rows[0]?.n, '1', `a base part for the ${period} of ${starts.toISOString()}`)
    const before = await changes()
    await respond(new Date(twoDaysBack.getTime() + 1000))
    assert.is(await changes(), before + 1)
    await same(query, 'after a create into a closed day')
    await call('PUT', `/api/v1/management/responses/${first}`, { data: { color: 'Blue' }, finished: true })
    assert.is(await changes(), before + 2)
    await same(query, 'after an update in a closed day')
    await same({ ...query, startDate: new Date(day.getTime() + 3_600_000) }, 'a range that starts inside that day')
  })

  test('a backdated create, an update and a delete in a closed month', async () => {
    await same()
    const before = await changes()
    await respond(monthStart(3, 5))
    assert.is(await changes(), before + 1)
    await same(query, 'after a backdated create')
    const old = ids[13] as string
    await call('PUT', `/api/v1/management/responses/${old}`, { data: { color: 'Blue', why: 'changed' }, finished: true })
    await same(query, 'after an update')
    await call('DELETE', `/api/v1/management/responses/${ids[14]}`)
    await same(query, 'after a delete')
    assert.equal(await storage.responses.deleteMany(environmentId, [ids[15] as string, ids[16] as string]), { deleted: 2 })
    await same(query, 'after a delete of many')
    assert.is(await changes(), before + 5)
  })

  test("a contact's erasure, anonymizing and retention in closed months", async () => {
    await respond(monthStart(2, 3), 'someone')
    await respond(monthStart(4, 3), 'someone')
    await same()
    const contactId = (await storage.responses.get(ids[ids.length - 1] as string))?.person?.id as string
    assert.ok(contactId)
    let before = await changes()
    assert.ok(await storage.contacts.erase(environmentId, contactId))
    assert.is(await changes(), before + 2)
    await same(query, 'after an erasure')
    before = await changes()
    await storage.responses.anonymize(environmentId, { ids: [ids[20] as string] })
    await same(query, 'after anonymizing')
    // Responses older than the start of three months back go.
    const days = Math.ceil((Date.now() - monthStart(3).getTime()) / DAY)
    await storage.environments.setResponseRetentionDays(environmentId, days, new Date())
    const deleted = await storage.retention.deleteExpired({ now: new Date(), limit: 1000 })
    assert.ok(deleted.responses > 0, 'retention deleted the oldest month')
    assert.ok((await changes()) > before)
    await storage.environments.setResponseRetentionDays(environmentId, null, new Date())
    await same(query, 'after retention')
  })

  test('a survey edit recomputes only the questions it changed', async () => {
    await same()
    const kept = async () =>
      (
        await sql<{ plan: string; at: string; paths: boolean }>`select plan || period || starts::text as plan, computed_at::text as at,
            sums ? 'paths' as paths
          from canvass.summary_parts where survey_id = ${surveyId} order by 1`.execute(db)
      ).rows
    const before = await kept()
    // The parts kept before are as they were; only a logic edit computes the path groups' parts anew (a question
    // added that nobody answered, removed or moved reads them in the new order).
    const unchanged = async (message: string) => {
      const now = await kept()
      assert.equal(
        now.filter((part) => before.some((old) => old.plan === part.plan)),
        before,
        message,
      )
      assert.ok(
        now.every((part) => part.paths || before.some((old) => old.plan === part.plan)),
        `${message}: only path groups kept anew`,
      )
    }
    // A new question nobody answered: the base parts list the keys answered, so nothing is read or kept.
    const added: SummaryQuery = { ...query, questions: [...query.questions, { id: 'extra', count: 'values' }] }
    assert.is((await same(added, 'with a new question')).answered.extra, 0)
    // Removed, and the others reordered (the drop-off follows the new order).
    const reordered: SummaryQuery = { ...query, questions: [...query.questions].reverse().filter((question) => question.id !== 'tools') }
    await same(reordered, 'reordered, one removed')
    assert.equal(await kept(), before, 'nothing computed again for a question added, removed or moved')
    // Questions counted other ways (a type change): their answers are kept as JSON, and counted as asked.
    const retyped: SummaryQuery = {
      ...query,
      questions: query.questions.map((question) =>
        question.id === 'color'
          ? { id: 'color', count: 'elements' as const }
          : question.id === 'rank'
            ? { id: 'rank', count: 'values' as const }
            : question,
      ),
    }
    await same(retyped, 'questions counted other ways')
    await unchanged('nothing computed again')
    // A logic edit that reads another answer: the path groups only.
    await same({ ...query, paths: { data: ['color', 'why'], variables: [] } }, 'the logic reads another answer')
    await unchanged('nothing but the path groups computed again after a logic edit')
    // Open text that becomes a choice: its answers were never kept, so they are read, that question only.
    const counted: SummaryQuery = {
      ...query,
      questions: query.questions.map((question) => (question.id === 'why' ? { id: 'why', count: 'values' as const } : question)),
    }
    await same(counted, 'a question whose answers are counted now')
    const after = await kept()
    assert.ok(after.length > before.length, 'that question kept parts of its own')
    assert.equal(
      after.filter((part) => before.some((old) => old.plan === part.plan)),
      before,
      'every other part is as it was',
    )
    // A new question whose id some responses of a closed month hold already: read from them.
    // (Two months back: retention deleted the oldest.)
    await call('PUT', `/api/v1/management/responses/${ids[33]}`, { data: { later: 'yes' } })
    const summary = await same(
      { ...query, questions: [...query.questions, { id: 'later', count: 'values' }] },
      'an id answered before it was a question',
    )
    assert.is(summary.answered.later, 1)
  })

  test('the drop-off read from the keys answered follows the answered rule for every kind of value', async () => {
    const values: unknown[] = ['', null, [], {}, [''], { x: '' }, 0, false, '[]', 'x']
    for (const [index, value] of values.entries()) {
      const response = makeResponse(surveyId, {
        createdAt: new Date(monthStart(3, 20).getTime() + index * 1000),
        finished: false,
        data: { why: 'started', color: value, ...(index % 2 ? { rank: value } : { grid: value }) },
      })
      const result = await createResponse(storage.responses, response, {
        environmentId,
        requireAccepting: false,
        checkEnvironment: false,
        pinProven: true,
      })
      assert.is(result.outcome, 'created')
    }
    await same(query, 'answers of every kind')
    await same({ ...query, questions: [...query.questions].reverse() }, 'answers of every kind, reversed')
  })

  test('date ranges that cut months', async () => {
    const ranges: Array<[Date | undefined, Date | undefined]> = [
      [monthStart(4, 10), undefined],
      [undefined, monthStart(2, 11)],
      [monthStart(3, 7), monthStart(2, 9)],
      [monthStart(3), monthStart(1)],
      [monthStart(4, 3), new Date()],
    ]
    for (const [startDate, endDate] of ranges)
      await same(
        { ...query, ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}) },
        `${startDate?.toISOString()} to ${endDate?.toISOString()}`,
      )
    // Filtered summaries read every response as before.
    await same({ ...query, finished: true }, 'finished only')
    await same({ ...query, dateField: 'updatedAt', startDate: monthStart(3) }, 'by update')
  })

  test('writes racing the computation of parts leave no stale part', async () => {
    for (let round = 0; round < 3; round++) {
      await sql`delete from canvass.summary_parts where survey_id = ${surveyId}`.execute(db)
      const writes = (async () => {
        for (let i = 0; i < 6; i++) {
          await respond(monthStart(2 + (i % 3), 4 + i))
          await call('PUT', `/api/v1/management/responses/${ids[25 + i + round * 6]}`, { data: { color: 'Red', why: `race ${round}` } })
        }
      })()
      await Promise.all([
        writes,
        storage.reporting.responses.summarize(environmentId, surveyId, query),
        storage.reporting.responses.summarize(environmentId, surveyId, query),
      ])
      await same(query, `after race ${round}`)
    }
  })

  test('the summary keeper keeps every closed period while writes go on, then finds nothing left; it stops cleanly', async () => {
    const quiet = { error() {}, warn() {}, info() {} } as never
    assert.ok(storage.reporting.summaryParts, 'this storage keeps summary sums')
    await sql`delete from canvass.summary_parts where survey_id = ${surveyId}`.execute(db)
    const keeper = createSummaryKeeper({ storage, periods: 3, logger: quiet })
    const keepAll = async () => {
      for (let pass = 0; pass < 500; pass++) {
        const report = await keeper.runOnce()
        if (report.left === 0 && report.surveys < 20) return
      }
      assert.unreachable('the keeper ends')
    }
    const writes = (async () => {
      for (let i = 0; i < 6; i++) {
        const id = await respond(monthStart(2 + (i % 3), 6 + i))
        await call('PUT', `/api/v1/management/responses/${id}`, { data: { color: 'Blue', why: `kept ${i}` }, finished: true })
      }
    })()
    await Promise.all([writes, keepAll()])
    await keepAll()
    const again = await keeper.runOnce()
    assert.equal([again.periods, again.left], [0, 0], 'every closed period kept')
    await same(query, 'after keeping while writing')
    // Started, it keeps; stopped, it waits for its pass and keeps nothing more.
    await sql`delete from canvass.summary_parts`.execute(db)
    keeper.start()
    for (let wait = 0; wait < 200 && (await count('summary_parts')) === 0; wait++) await new Promise((resolve) => setTimeout(resolve, 50))
    await keeper.stop()
    const kept = await count('summary_parts')
    assert.ok(kept > 0, 'the started keeper kept parts')
    await new Promise((resolve) => setTimeout(resolve, 100))
    assert.is(await count('summary_parts'), kept, 'nothing kept after stop()')
  })

  test('a period of many distinct times keeps them in buckets: the mean stays exact, the median within 0.05 %', async () => {
    const other = (await call('POST', '/api/v1/management/surveys', { name: 'Times', status: 'inProgress', questions: QUESTIONS })).data.id
    const response = makeResponse(other, { createdAt: monthStart(5, 2), ...answers(1) })
    const created = await createResponse(storage.responses, response, {
      environmentId,
      requireAccepting: false,
      checkEnvironment: false,
      pinProven: true,
    })
    assert.is(created.outcome, 'created')
    // 2,500 copies a second apart, each finished with a time of its own: more distinct times than a part keeps.
    await sql`insert into canvass.responses
      select (jsonb_populate_record(r, jsonb_build_object(
        'id', r.id || '-' || g,
        'created_at', r.created_at + g * interval '1 second',
        'ttc', jsonb_build_object('_total', 1000 + g * 3.7)))).*
      from canvass.responses r, generate_series(1, 2500) g where r.id = ${response.id}`.execute(db)
    const {
      medianTimeToComplete: median,
      averageTimeToComplete: mean,
      ...exact
    } = normal(await fresh.reporting.responses.summarize(environmentId, other, query))
    for (const round of ['first', 'second']) {
      const kept = normal(await storage.reporting.responses.summarize(environmentId, other, query))
      const { medianTimeToComplete: keptMedian, averageTimeToComplete: keptMean, ...rest } = kept
      assert.equal(rest, exact, round)
      assert.ok(Math.abs((keptMean as number) - (mean as number)) < 1e-6 * (mean as number), `${round}: ${keptMean} vs ${mean}`)
      assert.ok(
        Math.abs((keptMedian as number) - (median as number)) <= 0.0005 * (median as number),
        `${round}: ${keptMedian} vs ${median}`,
      )
    }
    const parts = await sql<{ buckets: number; times: number }>`
      select coalesce(jsonb_array_length(sums -> 'buckets'), 0) as buckets, jsonb_array_length(sums -> 'times') as times
      from canvass.summary_parts where survey_id = ${other}`.execute(db)
    assert.ok(
      parts.rows.some((row) => Number(row.buckets) > 0 && Number(row.times) === 0),
      JSON.stringify(parts.rows),
    )
  })

  // Most creates take a statement that leaves the count out, guarded by the database's clock. A process whose
  // clock runs a day behind stamps creates it takes to be of today: the guard refuses them, and the locked write,
  // which always counts, writes them. Alone and in a batch. PGlite runs in this process and reads its clock
  // (`Date.now`), so the two clocks cannot differ there.
  if (backend.name === 'PGlite') console.log('  skipped on PGlite: a database in this process reads its clock, which the test moves')
  else
    test('a create this process dates in the current day and the database in a past one is counted all the same', async () => {
      const yesterday = new Date(Date.now() - DAY)
      const before = await changes()
      const realNow = Date.now
      Date.now = () => yesterday.getTime() + 60_000
      try {
        await respond(yesterday)
        await Promise.all([1, 2, 3, 4].map((i) => respond(new Date(yesterday.getTime() + i))))
      } finally {
        Date.now = realNow
      }
      assert.is(await changes(), before + 5)
      await same(query, 'after creates a day late')
    })

  test('a survey deleted takes its counts and parts', async () => {
    await same()
    await call('DELETE', `/api/v1/management/surveys/${surveyId}`)
    const left = await sql<{ n: string }>`
      select ((select count(*) from canvass.summary_parts where survey_id = ${surveyId})
        + (select count(*) from canvass.response_changes where survey_id = ${surveyId}))::text as n`.execute(db)
    assert.is(left.rows[0]?.n, '0')
  })

  test.run()
}
