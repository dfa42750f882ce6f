/**
 * `ResponseStore.count` on a database that runs one statement at a time (`oneStatementAtATime`): the count is made
 * of slices (`countInSlices`), each a short statement, so that another caller's statement waits for one slice
 * rather than for the whole count (a filtered count of 20,000 responses held every tenant of the embedded database
 * for over 100 ms). Whatever the filter and the bound, it must equal the count of one statement. On PGlite always,
 * the Postgres server too when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto'
import type { ResponseFilter } from '@canvass/core'
import { makeSurvey } from '@canvass/test-utils'
import { sql } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import type { KyselyStorage } from '../src'
import { COUNT_SLICE } from '../src/responses/count-in-slices'
import { backends } from './backends'
import type { OpenBackend } from './backends'

/** More than two slices, and not a multiple of one. */
const RESPONSES = COUNT_SLICE * 2 + 777
const START = Date.UTC(2026, 0, 1)

for (const backend of backends()) {
  const test = suite(`a count in slices on ${backend.name}`)
  let open: OpenBackend
  let sliced: KyselyStorage
  let whole: KyselyStorage
  let environmentId: string
  let surveyId: string
  let counts = 0

  test.before(async () => {
    open = await backend.open({
      migrated: true,
      log: (event) => {
        if (event.level === 'query' && /count\(\*\)/.test(event.query.sql)) counts++
      },
    })
    await migrate(open.db)
    sliced = createKyselyStorage({ db: open.db, oneStatementAtATime: true })
    whole = createKyselyStorage({ db: open.db, oneStatementAtATime: false })
    const now = new Date()
    const organizationId = randomUUID()
    const environments = { production: randomUUID(), development: randomUUID() }
    await sliced.projects.createOrganization({ id: organizationId, name: 'Counted', createdAt: now })
    await sliced.projects.create({ id: randomUUID(), organizationId, name: 'Counted', createdAt: now, environments, newId: randomUUID })
    environmentId = environments.production
    const survey = makeSurvey(environmentId, { name: 'Counted', questions: [{ id: 'q1', type: 'openText' }] })
    await sliced.surveys.insert(survey)
    surveyId = survey.id
    // Response i: a second apart, every third unfinished, every fifth saying "blue", some sharing a second.
    await sql`
      insert into canvass.responses (id, survey_id, environment_id, created_at, updated_at, finished, data)
      select 'r' || lpad(i::text, 6, '0'), ${surveyId}, ${environmentId},
        ${new Date(START)}::timestamptz + ((i / 2) * interval '1 second'), now(), i % 3 <> 0,
        jsonb_build_object('q1', case when i % 5 = 0 then 'It is Blue' else 'It is red' end)
      from generate_series(1, ${RESPONSES}) as g(i)`.execute(open.db)
  })
  test.after(async () => open.close())

  // Each with the slices it takes at least: the creation dates narrow the responses sliced, the rest do not.
  const filters: Array<[string, ResponseFilter, number]> = [
    ['every response of the survey', {}, 3],
    ['the finished ones', { finished: true }, 3],
    ['a contains filter', { where: [{ on: 'json', field: { column: 'data', path: ['q1'] }, op: 'contains', value: 'blue' }] }, 3],
    [
      'a date range across a slice boundary',
      { startDate: new Date(START + 900_000), endDate: new Date(START + 2_100_000), finished: false },
      2,
    ],
    ['a filter nothing matches', { where: [{ on: 'json', field: { column: 'data', path: ['q1'] }, op: 'contains', value: 'green' }] }, 3],
  ]

  for (const [name, filter, slices] of filters) {
    test(`${name}: the same count as one statement, with and without a bound`, async () => {
      const scoped = { ...filter, surveyId }
      const expected = await whole.reporting.responses.count(environmentId, scoped)
      counts = 0
      assert.is(await sliced.reporting.responses.count(environmentId, scoped), expected)
      assert.ok(counts >= slices, `${counts} count statements in slices of ${COUNT_SLICE}`)
      for (const upTo of [0, 10, COUNT_SLICE - 1, COUNT_SLICE, RESPONSES]) {
        assert.is(
          await sliced.reporting.responses.count(environmentId, scoped, { upTo }),
          await whole.reporting.responses.count(environmentId, scoped, { upTo }),
          `upTo ${upTo}`,
        )
      }
    })
  }

  test('the whole environment, with no survey named', async () => {
    assert.is(await sliced.reporting.responses.count(environmentId, {}), RESPONSES)
    assert.is(await sliced.reporting.responses.count(randomUUID(), {}), 0, 'another environment counts none of them')
  })

  test('a bound stops the slices early', async () => {
    counts = 0
    assert.is(await sliced.reporting.responses.count(environmentId, { surveyId }, { upTo: 10 }), 11)
    assert.is(counts, 1, 'the first slice already holds more than the bound')
  })

  test.run()
}
