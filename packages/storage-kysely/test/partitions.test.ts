import { createDisplay, createResponse, createRetention, importResponses } from '@canvass/core'
import type { CreateResponseCheck, Storage } from '@canvass/core'
import { makeResponse, makeSurvey } from '@canvass/test-utils'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import type { Database } from '../src/postgres/database'
import { dropEmptyResponsePartitions, ensureResponsePartitions, partitionName, responsePartitions } from '../src/responses/partitions'
import { schemaNames } from '../src/postgres/schema-names'
import { backends, sharedDatabase } from './backends'

// `responses` partitioned by month (docs/scaling.md, "Responses partitioned by month"): the partitions a new
// database has, writes of any date, the rules that span months (single-use ids, displays) and what goes with a
// response, and the dropping of empty past months.

const names = schemaNames()
const CHECK: CreateResponseCheck = { environmentId: '', requireAccepting: false, checkEnvironment: false, pinProven: true }

/** The start (UTC) of the month `months` after the month of `date`. */
const monthFrom = (date: Date, months: number): Date => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1))

interface Seeded {
  environmentId: string
  surveyId: string
  check: CreateResponseCheck
}

async function seed(storage: Storage): Promise<Seeded> {
  const createdAt = new Date()
  const suffix = Math.random().toString(36).slice(2, 10)
  const environments = { production: `envp${suffix}`, development: `envd${suffix}` }
  await storage.projects.createOrganization({ id: `org${suffix}`, name: 'Org', createdAt })
  let n = 0
  await storage.projects.create({
    id: `proj${suffix}`,
    organizationId: `org${suffix}`,
    name: 'Partitions',
    createdAt,
    environments,
    newId: () => `id${suffix}${n++}`,
  })
  const survey = makeSurvey(environments.production)
  await storage.surveys.insert(survey)
  return { environmentId: environments.production, surveyId: survey.id, check: { ...CHECK, environmentId: environments.production } }
}

/** The partition a stored response is in. */
async function partitionOf(db: Kysely<unknown>, id: string): Promise<string | undefined> {
  const { rows } = await sql<{ name: string }>`
    select tableoid::regclass::text as name from canvass.responses where id = ${id}`.execute(db)
  return rows[0]?.name.replace(/^canvass\./, '')
}

for (const backend of backends()) {
  const test = suite(`responses partitioned by month on ${backend.name}`)
  const database = sharedDatabase(backend, 'empty')
  let db: Kysely<unknown>
  let storage: Storage

  test.before.each(async () => {
    db = await database.take()
    await migrate(db)
    storage = createKyselyStorage({ db })
  })
  test.after(() => database.close())

  test('a freshly migrated database has responses partitioned, from the past to three months ahead', async () => {
    const tree = await sql<{ name: string; leaf: boolean; level: number }>`
      select relid::regclass::text as name, isleaf as leaf, level from pg_partition_tree('canvass.responses') order by level, name`.execute(
      db,
    )
    const now = new Date()
    const months = [1, 2, 3].map((ahead) => `canvass.${partitionName(monthFrom(now, ahead).getTime())}`)
    assert.equal(
      tree.rows.map((row) => row.name),
      ['canvass.responses', 'canvass.responses_history', ...months].sort((a, b) =>
        a === 'canvass.responses' ? -1 : b === 'canvass.responses' ? 1 : a.localeCompare(b),
      ),
    )
    assert.equal(
      tree.rows.map((row) => row.leaf),
      [false, true, true, true, true],
    )
    const ranges = await responsePartitions(db as Kysely<Database>, names)
    assert.is(ranges[0]?.name, 'responses_history')
    assert.is(ranges[0]?.lower, null, 'the first partition takes every date before the months')
    assert.is(ranges[0]?.upper, monthFrom(now, 1).getTime(), 'and this month')
    assert.is(ranges.at(-1)?.upper, monthFrom(now, 4).getTime(), 'three months ahead')
    // Each range starts where the one before it ends.
    for (let i = 1; i < ranges.length; i++) assert.is(ranges[i]!.lower, ranges[i - 1]!.upper)
  })

  test('creates dated years ahead or decades back are stored, each in its month', async () => {
    const { surveyId, check } = await seed(storage)
    const future = new Date(Date.UTC(new Date().getUTCFullYear() + 5, 6, 15, 12))
    const past = new Date(Date.UTC(1990, 0, 2))
    const ahead = makeResponse(surveyId, { createdAt: future })
    const back = makeResponse(surveyId, { createdAt: past })
    assert.equal(await createResponse(storage.responses, ahead, check), { outcome: 'created', id: ahead.id })
    assert.equal(await createResponse(storage.responses, back, check), { outcome: 'created', id: back.id })
    assert.equal((await storage.responses.get(ahead.id))?.createdAt, future)
    assert.equal((await storage.responses.get(back.id))?.createdAt, past)
    assert.is(await partitionOf(db, ahead.id), partitionName(future.getTime()))
    assert.is(await partitionOf(db, back.id), 'responses_history')
    // Only that month was made: not every month up to it.
    const ranges = await responsePartitions(db as Kysely<Database>, names)
    assert.is(ranges.length, 5)
    // An import dated in another far month, too.
    const imported = makeResponse(surveyId, { createdAt: new Date(Date.UTC(new Date().getUTCFullYear() + 7, 1, 1)) })
    assert.equal(await importResponses(storage.responses, [imported], check, { webhooks: false }), [
      { outcome: 'created', id: imported.id },
    ])
    assert.is(await partitionOf(db, imported.id), partitionName(imported.createdAt.getTime()))
  })

  test('a single-use id and a display are refused a second response dated in another month', async () => {
    const { environmentId, surveyId, check } = await seed(storage)
    const now = new Date()
    const later = monthFrom(now, 2)
    const first = makeResponse(surveyId, { createdAt: later, singleUseId: 'su-1' })
    assert.equal(await createResponse(storage.responses, first, check), { outcome: 'created', id: first.id })
    assert.equal(await createResponse(storage.responses, makeResponse(surveyId, { createdAt: now, singleUseId: 'su-1' }), check), {
      outcome: 'single_use_id_taken',
    })
    const display = await createDisplay(storage, {
      id: 'display-1',
      environmentId,
      surveyId,
      userId: null,
      responseId: null,
      createdAt: now,
      newId: () => 'unused',
    })
    assert.equal(display, { outcome: 'created', id: 'display-1' })
    const shown = makeResponse(surveyId, { createdAt: monthFrom(now, 1), displayId: 'display-1' })
    assert.equal(await createResponse(storage.responses, shown, check), { outcome: 'created', id: shown.id })
    assert.equal(await createResponse(storage.responses, makeResponse(surveyId, { createdAt: now, displayId: 'display-1' }), check), {
      outcome: 'display_taken',
    })
    assert.equal(
      await createResponse(storage.responses, makeResponse(surveyId, { createdAt: monthFrom(now, 3), displayId: 'display-1' }), check),
      {
        outcome: 'display_taken',
      },
    )
    // Imports see them taken too.
    assert.equal(
      await importResponses(storage.responses, [makeResponse(surveyId, { createdAt: now, singleUseId: 'su-1' })], check, {
        webhooks: false,
      }),
      [{ outcome: 'single_use_id_taken' }],
    )
    const count = await sql<{ n: number }>`select count(*)::int as n from canvass.responses`.execute(db)
    assert.is(count.rows[0]?.n, 2)
  })

  test('two creates of one single-use id (or display) at once, in different months: one is stored', async () => {
    const { environmentId, surveyId, check } = await seed(storage)
    const now = new Date()
    for (let round = 0; round < 5; round++) {
      const singleUseId = `su-race-${round}`
      const results = await Promise.all(
        [now, monthFrom(now, 1 + (round % 3))].map((createdAt) =>
          createResponse(storage.responses, makeResponse(surveyId, { createdAt, singleUseId }), check),
        ),
      )
      assert.equal(results.map((result) => result.outcome).sort(), ['created', 'single_use_id_taken'], `round ${round}`)
      const displayId = `display-race-${round}`
      await createDisplay(storage, {
        id: displayId,
        environmentId,
        surveyId,
        userId: null,
        responseId: null,
        createdAt: now,
        newId: () => `unused-${round}`,
      })
      const shown = await Promise.all(
        [now, monthFrom(now, 1 + (round % 3))].map((createdAt) =>
          createResponse(storage.responses, makeResponse(surveyId, { createdAt, displayId }), check),
        ),
      )
      assert.equal(shown.map((result) => result.outcome).sort(), ['created', 'display_taken'], `round ${round}`)
    }
    const claims = await sql<{ n: number }>`select count(*)::int as n from canvass.response_claims`.execute(db)
    assert.is(claims.rows[0]?.n, 10)
  })

  test('a deleted response takes its claim, tags, notes, quota links and mark with it', async () => {
    const { environmentId, surveyId, check } = await seed(storage)
    const createdAt = monthFrom(new Date(), 2)
    await sql`insert into canvass.tags (id, environment_id, name) values ('tag-1', ${environmentId}, 'one')`.execute(db)
    const response = makeResponse(surveyId, { createdAt, singleUseId: 'su-gone', tagIds: ['tag-1'] })
    assert.equal(await createResponse(storage.responses, response, check), { outcome: 'created', id: response.id })
    await sql`insert into canvass.response_notes (id, response_id, response_created_at, text)
      values ('note-1', ${response.id}, ${createdAt}, 'a note')`.execute(db)
    await sql`insert into canvass.quotas (id, environment_id, survey_id, name, "limit", logic, action)
      values ('quota-1', ${environmentId}, ${surveyId}, 'q', 10, '{}', 'continueSurvey')`.execute(db)
    await sql`insert into canvass.response_quota_links (response_id, response_created_at, quota_id, status)
      values (${response.id}, ${createdAt}, 'quota-1', 'screenedIn')`.execute(db)
    await sql`insert into canvass.unscreened_responses (response_id, response_created_at, marked_at)
      values (${response.id}, ${createdAt}, now())`.execute(db)
    const counts = async () =>
      (
        await sql<Record<string, number>>`select
          (select count(*)::int from canvass.response_claims) as claims,
          (select count(*)::int from canvass.response_tags) as tags,
          (select count(*)::int from canvass.response_notes) as notes,
          (select count(*)::int from canvass.response_quota_links) as links,
          (select count(*)::int from canvass.unscreened_responses) as marks`.execute(db)
      ).rows[0]
    assert.equal(await counts(), { claims: 1, tags: 1, notes: 1, links: 1, marks: 1 })
    assert.ok(await storage.responses.delete(environmentId, response.id))
    assert.equal(await counts(), { claims: 0, tags: 0, notes: 0, links: 0, marks: 0 })
    // The single-use id is free again.
    const again = makeResponse(surveyId, { singleUseId: 'su-gone' })
    assert.equal(await createResponse(storage.responses, again, check), { outcome: 'created', id: again.id, hasQuotas: true })
  })

  test("anonymizing a response that named a contact's display lets go of its claim of the display", async () => {
    const { environmentId, surveyId, check } = await seed(storage)
    const now = new Date()
    const ids: string[] = []
    for (const [i, singleUseId] of [null, 'su-anon'].entries()) {
      const displayId = `display-anon-${i}`
      const shown = await createDisplay(storage, {
        id: displayId,
        environmentId,
        surveyId,
        userId: 'person-1',
        responseId: null,
        createdAt: now,
        newId: () => `contact-anon-${i}`,
      })
      assert.equal(shown, { outcome: 'created', id: displayId })
      const response = makeResponse(surveyId, { createdAt: monthFrom(now, 1), displayId, userId: 'person-1', singleUseId })
      assert.equal(await createResponse(storage.responses, response, check), { outcome: 'created', id: response.id })
      ids.push(response.id)
    }
    const claims = async () =>
      (
        await sql<{ response_id: string; single_use_id: string | null; display_id: string | null }>`
        select response_id, single_use_id, display_id from canvass.response_claims order by single_use_id nulls first`.execute(db)
      ).rows
    assert.equal(await claims(), [
      { response_id: ids[0], single_use_id: null, display_id: 'display-anon-0' },
      { response_id: ids[1], single_use_id: 'su-anon', display_id: 'display-anon-1' },
    ])
    await storage.responses.anonymize(environmentId, { ids })
    for (const id of ids) assert.is((await storage.responses.get(id))?.displayId, null)
    assert.equal(await claims(), [{ response_id: ids[1], single_use_id: 'su-anon', display_id: null }])
  })

  test("an import naming a stored response's id, dated in another month, is refused whole", async () => {
    const { surveyId, check } = await seed(storage)
    const now = new Date()
    const stored = makeResponse(surveyId, { createdAt: now })
    assert.equal(await createResponse(storage.responses, stored, check), { outcome: 'created', id: stored.id })
    const other = makeResponse(surveyId, { createdAt: monthFrom(now, 2) })
    const again = makeResponse(surveyId, { id: stored.id, createdAt: monthFrom(now, 1) })
    const error = await importResponses(storage.responses, [other, again], check, { webhooks: false }).then(
      (result) => assert.unreachable(`resolved with ${JSON.stringify(result)}`),
      (caught: unknown) => caught,
    )
    assert.match(String(error), /response id .* is taken/)
    const rows = await sql<{ id: string }>`select id from canvass.responses order by id`.execute(db)
    assert.equal(
      rows.rows.map((row) => row.id),
      [stored.id],
    )
  })

  test('a child row naming a response by the wrong month is refused (the key is the id and created_at)', async () => {
    const { environmentId, surveyId, check } = await seed(storage)
    const response = makeResponse(surveyId, { createdAt: monthFrom(new Date(), 1) })
    assert.equal(await createResponse(storage.responses, response, check), { outcome: 'created', id: response.id })
    await sql`insert into canvass.tags (id, environment_id, name) values ('tag-2', ${environmentId}, 'two')`.execute(db)
    try {
      await sql`insert into canvass.response_tags (response_id, response_created_at, tag_id)
        values (${response.id}, ${new Date()}, 'tag-2')`.execute(db)
      assert.unreachable('refused')
    } catch (error) {
      assert.is((error as { code?: string }).code, '23503')
    }
  })

  test('empty past months are dropped, months with rows and the first partition stay; a write dated in a dropped month makes it again', async () => {
    const { environmentId, surveyId, check } = await seed(storage)
    const kysely = db as Kysely<Database>
    const now = new Date()
    // Months ahead stand in for past ones: everything wholly before `before` counts as past.
    await ensureResponsePartitions(kysely, names, { from: monthFrom(now, 4), until: monthFrom(now, 6) })
    const kept = makeResponse(surveyId, { createdAt: monthFrom(now, 2) })
    assert.equal(await createResponse(storage.responses, kept, check), { outcome: 'created', id: kept.id })
    const gone = makeResponse(surveyId, { createdAt: monthFrom(now, 5) })
    assert.equal(await createResponse(storage.responses, gone, check), { outcome: 'created', id: gone.id })
    assert.ok(await storage.responses.delete(environmentId, gone.id))
    const dropped = await dropEmptyResponsePartitions(kysely, names, monthFrom(now, 7))
    assert.equal(
      dropped,
      [1, 3, 4, 5, 6].map((ahead) => partitionName(monthFrom(now, ahead).getTime())),
    )
    const left = (await responsePartitions(kysely, names)).map((range) => range.name)
    assert.equal(left, ['responses_history', partitionName(monthFrom(now, 2).getTime())])
    // This storage still takes the month for one it has: the write fails at first, the month is made again.
    const back = makeResponse(surveyId, { createdAt: monthFrom(now, 5) })
    assert.equal(await createResponse(storage.responses, back, check), { outcome: 'created', id: back.id })
    assert.is(await partitionOf(db, back.id), partitionName(monthFrom(now, 5).getTime()))
    assert.is((await storage.responses.get(kept.id))?.id, kept.id)
  })

  test("the retention worker's run keeps the partitions: empty months before now's dropped, three months ahead made", async () => {
    const { environmentId, surveyId, check } = await seed(storage)
    const now = new Date()
    const kept = makeResponse(surveyId, { createdAt: monthFrom(now, 2) })
    assert.equal(await createResponse(storage.responses, kept, check), { outcome: 'created', id: kept.id })
    // A run eight months from now: the months made ahead today are past then.
    const later = new Date(monthFrom(now, 8).getTime() + 3 * 86_400_000)
    const report = await createRetention({ storage, logger: { error: assert.unreachable, warn() {} } }).runOnce(later)
    assert.ok(report.ran)
    const left = (await responsePartitions(db as Kysely<Database>, names)).map((range) => range.name)
    assert.equal(left, [
      'responses_history',
      partitionName(monthFrom(now, 2).getTime()),
      ...[8, 9, 10, 11].map((ahead) => partitionName(monthFrom(now, ahead).getTime())),
    ])
    assert.is((await storage.responses.get(kept.id))?.id, kept.id)
    // A write dated in a month dropped: stored.
    const back = makeResponse(surveyId, { createdAt: monthFrom(now, 1) })
    assert.equal(await createResponse(storage.responses, back, check), { outcome: 'created', id: back.id })
    assert.ok(await storage.responses.delete(environmentId, back.id))
  })

  test('two processes making the same months at once both succeed, and make each month once', async () => {
    const kysely = db as Kysely<Database>
    const now = new Date()
    const results = await Promise.all(
      [0, 1, 2].map(() => ensureResponsePartitions(kysely, names, { from: monthFrom(now, 10), until: monthFrom(now, 14) })),
    )
    for (const ranges of results) assert.is(ranges.length, 4 + 5)
  })

  test.run()
}
