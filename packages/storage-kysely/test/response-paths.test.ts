/**
 * The cap of a summary's groups for the walk of paths (`PathGroup`): past the cap, the least frequent groups are
 * merged by marks only, and past as many of those, by `finished` alone; every response stays counted once. The
 * statement caps them as `capPaths` caps groups added up from several statements. With a cap of 1, on PGlite
 * always and on the Postgres server when TEST_DATABASE_URL is set.
 */
import type { SummaryQuery } from '@canvass/core'
import { PATH_VALUE_CHARS, createCanvass, createResponse } from '@canvass/core'
import { makeResponse, makeSurvey } from '@canvass/test-utils'
import { sql } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import { capPaths, pathGroupsOf, pathsStatement } from '../src/sql/response-paths-sql'
import { backends } from './backends'

const QUERY: SummaryQuery = {
  maxTimeToComplete: 1000,
  questions: [{ id: 'nps', count: 'values' }],
  paths: { data: ['nps'], variables: [] },
}

for (const backend of backends()) {
  const test = suite(`the cap of the groups of paths on ${backend.name}`)

  test('past the cap: by marks, then by finished; every response counted once, as capPaths caps', async () => {
    const open = await backend.open({ migrated: true })
    try {
      await migrate(open.db)
      const storage = createKyselyStorage({ db: open.db })
      const canvass = createCanvass({ storage, logger: { error() {}, warn() {}, info() {} } as never })
      const project = await canvass.admin.createProject({ name: 'Paths' })
      const environmentId = project.environments.production
      const survey = makeSurvey(environmentId)
      await storage.surveys.insert(survey)
      const surveyId = survey.id
      // Scores 1 to 4 given 5, 4, 3 and 2 times (finished), one answer too long to carry (grouped by its marks
      // alone) and one unfinished response with no answer.
      const seeds = [
        { finished: true, data: { nps: 'x'.repeat(PATH_VALUE_CHARS) } },
        ...[1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4].map((nps) => ({ finished: true, data: { nps } })),
        { finished: false, data: {} },
      ]
      for (const seed of seeds) {
        const created = await createResponse(storage.responses, makeResponse(surveyId, seed), {
          environmentId,
          requireAccepting: false,
          checkEnvironment: false,
          pinProven: true,
        })
        assert.is(created.outcome, 'created')
      }
      const read = async (cap: number) => {
        const statement = pathsStatement(QUERY, sql`canvass.responses r`, sql`r.data`, sql`r.survey_id = ${surveyId}`, cap)
        return pathGroupsOf(QUERY, (await (statement as NonNullable<typeof statement>).execute(open.db)).rows)
      }
      const all = await read(100)
      assert.is(all.length, 6, 'below the cap: a group per score, the long answer and the unanswered')
      assert.equal(
        all.filter((group) => group.values === null),
        [{ count: 1, finished: true, marks: '2', values: null }],
        'a long value is not carried',
      )
      const capped = await read(1)
      assert.equal(capped, [
        { count: 5, finished: true, marks: '2', values: { data: { nps: 1 }, variables: {} } },
        { count: 10, finished: true, marks: '2', values: null },
        { count: 1, finished: false, marks: null, values: null },
      ])
      assert.equal(capPaths(all, 1), capped, 'capPaths caps added-up groups as the statement does')
      assert.equal(capPaths(capped, 1), capped, 'capping again changes nothing')
    } finally {
      await open.close()
    }
  })

  test.run()
}
