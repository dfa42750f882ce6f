import { createDisplay, createResponse, withOutboxExpansion } from '@canvass/core'
import { makeResponse, makeSurvey } from '@canvass/test-utils'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import type { KyselyStorage } from '../src'
import { partitionedResponses } from '../src/migrations/0038-partitioned-responses'
import { summaryParts } from '../src/migrations/0039-summary-parts'
import { surveyCustomCss } from '../src/migrations/0040-survey-custom-css'
import { consoleEmailsPerProject } from '../src/migrations/0041-console-emails-per-project'
import { projectStyling } from '../src/migrations/0042-project-styling'
import { consoleMemberships } from '../src/migrations/0043-console-memberships'
import { mailOutbox } from '../src/migrations/0044-mail-outbox'
import { consoleSessionActivity } from '../src/migrations/0045-console-session-activity'
import { consoleLinkMailed } from '../src/migrations/0046-console-link-mailed'
import { prepareResponsePartitions } from '../src/migrations/prepare-partitions'
import { backends } from './backends'

// Migration 0038 on a database in use: a database as the version before it left it (responses with tags, quota
// links, single-use ids and a display; webhook events pending), writes of responses going on (several
// writers at once on Postgres; on PGlite, writes queued on its one connection between and behind the
// migration's statements), and the migration run meanwhile. No write is refused or lost, nothing stored before
// changes, and the rules that span months hold afterwards.
//
// The database before 0038 is made by the storage of today and 0038's `down` (its schema is 0037's, data kept):
// that way its responses and deliveries are written as the write path writes them, events and all.

const CHECK = { requireAccepting: false, checkEnvironment: false, pinProven: true }
const DAY = 86_400_000

interface Before {
  environmentId: string
  surveyId: string
  responses: unknown[]
  tags: unknown[]
  links: unknown[]
  events: unknown[]
  deliveries: unknown[]
}

async function seed(storage: KyselyStorage, db: Kysely<unknown>): Promise<Before> {
  const createdAt = new Date()
  const environments = { production: 'mig-env-p', development: 'mig-env-d' }
  await storage.projects.createOrganization({ id: 'mig-org', name: 'Org', createdAt })
  let n = 0
  await storage.projects.create({
    id: 'mig-proj',
    organizationId: 'mig-org',
    name: 'Moved',
    createdAt,
    environments,
    newId: () => `mig-${n++}`,
  })
  const environmentId = environments.production
  const survey = makeSurvey(environmentId)
  await storage.surveys.insert(survey)
  await storage.webhooks.insert({
    id: 'mig-hook',
    environmentId,
    name: null,
    url: 'http://127.0.0.1:9/hook',
    source: 'user',
    triggers: ['responseCreated'] as never,
    surveyIds: [],
    createdAt,
    updatedAt: createdAt,
    secret: `whsec_${btoa('0123456789abcdef0123456789abcdef')}`,
  })
  await sql`insert into canvass.tags (id, environment_id, name) values ('mig-tag', ${environmentId}, 'kept')`.execute(db)
  await sql`insert into canvass.quotas (id, environment_id, survey_id, name, "limit", logic, action)
    values ('mig-quota', ${environmentId}, ${survey.id}, 'q', 100, '{}', 'continueSurvey')`.execute(db)
  await createDisplay(storage, {
    id: 'mig-display',
    environmentId,
    surveyId: survey.id,
    userId: null,
    responseId: null,
    createdAt,
    newId: () => 'unused',
  })
  for (let i = 0; i < 24; i++) {
    const response = makeResponse(survey.id, {
      // Over most of a year, so that the old table holds several months.
      createdAt: new Date(createdAt.getTime() - i * 13 * DAY),
      data: { q1: `answer ${i}` },
      ...(i % 3 === 0 ? { singleUseId: `mig-su-${i}` } : {}),
      ...(i % 4 === 0 ? { tagIds: ['mig-tag'] } : {}),
      ...(i === 5 ? { displayId: 'mig-display' } : {}),
    })
    const result = await createResponse(storage.responses, response, { ...CHECK, environmentId })
    assert.is(result.outcome, 'created')
    if (i % 5 === 0) {
      await sql`insert into canvass.response_quota_links (response_id, response_created_at, quota_id, status)
        select id, created_at, 'mig-quota', 'screenedIn' from canvass.responses where id = ${response.id}`.execute(db)
    }
  }
  return { environmentId, surveyId: survey.id, ...(await contents(db)) }
}

/** What the migration must leave as it is. */
async function contents(db: Kysely<unknown>) {
  const rows = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows
  return {
    responses: await rows(sql`select id, created_at, updated_at, survey_id, environment_id, finished, data, meta, single_use_id,
      display_id, contact_id from canvass.responses where id not like 'load-%' order by id`),
    tags: await rows(sql`select response_id, tag_id from canvass.response_tags order by response_id, tag_id`),
    links: await rows(sql`select response_id, quota_id, status from canvass.response_quota_links order by response_id`),
    events: await rows(sql`select id, response_id from canvass.webhook_events order by id`),
    deliveries: await rows(sql`select id, response_id, status from canvass.webhook_deliveries order by id`),
  }
}

/** The migrations from 0038 on, which `backTo0037` undoes. */
const FROM_0038 = [
  '0038-partitioned-responses',
  '0039-summary-parts',
  '0040-survey-custom-css',
  '0041-console-emails-per-project',
  '0042-project-styling',
  '0043-console-memberships',
  '0044-mail-outbox',
  '0045-console-session-activity',
  '0046-console-link-mailed',
]

/** Back to the schema before 0038 (and the migrations after it), data kept. */
async function backTo0037(db: Kysely<unknown>): Promise<void> {
  await consoleLinkMailed('canvass').down?.(db)
  await consoleSessionActivity('canvass').down?.(db)
  await mailOutbox('canvass').down?.(db)
  await consoleMemberships('canvass').down?.(db)
  await projectStyling('canvass').down?.(db)
  await consoleEmailsPerProject('canvass').down?.(db)
  await surveyCustomCss('canvass').down?.(db)
  await summaryParts('canvass').down?.(db)
  await partitionedResponses('canvass').down?.(db)
  await sql`delete from canvass.canvass_migration_log where name = any(${FROM_0038})`.execute(db)
}

for (const backend of backends()) {
  const test = suite(`migration 0038 under load on ${backend.name}`)

  test('responses written while 0038 runs are all stored once; nothing before it changes; uniqueness holds after', async () => {
    const open = await backend.open()
    const db = open.db
    try {
      await migrate(db)
      const before = await seed(withOutboxExpansion(createKyselyStorage({ db })), db)
      // Each create's event waits in the outbox, not yet made a delivery (the dispatcher's claim makes them).
      assert.is(before.events.length, 24, 'events pending')
      // Back to the schema before 0038 (and 0039 to 0042, which came after it).
      await consoleLinkMailed('canvass').down?.(db)
      await consoleSessionActivity('canvass').down?.(db)
      await mailOutbox('canvass').down?.(db)
      await consoleMemberships('canvass').down?.(db)
      await projectStyling('canvass').down?.(db)
      await consoleEmailsPerProject('canvass').down?.(db)
      await surveyCustomCss('canvass').down?.(db)
      await summaryParts('canvass').down?.(db)
      await partitionedResponses('canvass').down?.(db)
      await sql`delete from canvass.canvass_migration_log where name in ('0038-partitioned-responses', '0039-summary-parts', '0040-survey-custom-css', '0041-console-emails-per-project', '0042-project-styling', '0043-console-memberships', '0044-mail-outbox', '0045-console-session-activity', '0046-console-link-mailed')`.execute(
        db,
      )
      const kind = await sql<{
        kind: string
      }>`select relkind::text as kind from pg_class where oid = 'canvass.responses'::regclass`.execute(db)
      assert.is(kind.rows[0]?.kind, 'r', 'not partitioned before')

      // The load: writes of responses as the version before 0038 makes them (their row), acknowledged or not.
      const acknowledged: string[] = []
      const errors: unknown[] = []
      // Each acknowledged write's start and end, and the migration's.
      const spans: Array<[number, number]> = []
      const migration = { start: Number.POSITIVE_INFINITY, end: Number.POSITIVE_INFINITY }
      let stop = false
      let seq = 0
      let migrated: Promise<string[]> | undefined
      let writtenAfter = 0
      // Driven by the writes themselves, no timer: PGlite runs its statements within microtasks.
      const writer = async () => {
        while (!stop) {
          const id = `load-${seq++}`
          const startedAt = performance.now()
          try {
            await sql`insert into canvass.responses (id, survey_id, environment_id, created_at, updated_at, data)
              values (${id}, ${before.surveyId}, ${before.environmentId}, now(), now(), '{"q1":"load"}')`.execute(db)
            acknowledged.push(id)
            spans.push([startedAt, performance.now()])
          } catch (error) {
            errors.push(error)
          }
          if (migrated === undefined && acknowledged.length >= 30) {
            migration.start = performance.now()
            migrated = migrate(db).finally(() => {
              migration.end = performance.now()
            })
          }
          if (Number.isFinite(migration.end) && ++writtenAfter >= 60) stop = true
          // PGlite: a writer that waited for a macrotask would not get a turn while the migration runs (its
          // statements run within microtasks); queued at once, the writes take turns with the migration's.
          if (backend.name === 'PGlite') await null
          else await new Promise((resolve) => setImmediate(resolve))
        }
      }
      await Promise.all(Array.from({ length: backend.name === 'PGlite' ? 4 : 6 }, writer))
      const applied = await migrated

      assert.equal(applied, [
        '0038-partitioned-responses',
        '0039-summary-parts',
        '0040-survey-custom-css',
        '0041-console-emails-per-project',
        '0042-project-styling',
        '0043-console-memberships',
        '0044-mail-outbox',
        '0045-console-session-activity',
        '0046-console-link-mailed',
      ])
      assert.equal(errors.map(String), [], 'no write refused')
      // Writes that were in flight while the migration ran (they waited for it), and writes before and after it.
      const overlapping = spans.filter(([start, end]) => start < migration.end && end > migration.start).length
      const took = Math.round(migration.end - migration.start)
      assert.ok(overlapping > 0, `writes in flight while the migration ran (${took} ms): ${overlapping} of ${spans.length}`)
      assert.ok(
        spans.some(([, end]) => end < migration.start),
        'writes before it',
      )
      assert.ok(
        spans.some(([start]) => start > migration.end),
        'writes after it',
      )
      const stored = await sql<{ id: string; n: number }>`
        select id, count(*)::int as n from canvass.responses where id like 'load-%' group by id`.execute(db)
      assert.is(stored.rows.length, acknowledged.length, 'every acknowledged write is stored')
      assert.ok(
        stored.rows.every((row) => row.n === 1),
        'once',
      )
      const kindAfter = await sql<{
        kind: string
      }>`select relkind::text as kind from pg_class where oid = 'canvass.responses'::regclass`.execute(db)
      assert.is(kindAfter.rows[0]?.kind, 'p', 'partitioned after')

      // Nothing stored before changed; the children name their response's created_at.
      const after = await contents(db)
      assert.equal(after.responses, before.responses)
      assert.equal(after.tags, before.tags)
      assert.equal(after.links, before.links)
      assert.equal(after.events, before.events)
      assert.equal(after.deliveries, before.deliveries)
      const mismatched = await sql<{ n: number }>`select
        (select count(*)::int from canvass.response_tags c join canvass.responses r on r.id = c.response_id
          where c.response_created_at <> r.created_at) +
        (select count(*)::int from canvass.response_quota_links c join canvass.responses r on r.id = c.response_id
          where c.response_created_at <> r.created_at) as n`.execute(db)
      assert.is(mismatched.rows[0]?.n, 0)
      const claims = await sql<{ n: number }>`select count(*)::int as n from canvass.response_claims`.execute(db)
      assert.is(claims.rows[0]?.n, 8 + 1, 'a claim for each single-use id and the display')

      // The storage of today on the migrated database: deliveries pending before are claimed and sent as ever,
      // and the rules that span months hold for the rows from before.
      const storage = withOutboxExpansion(createKyselyStorage({ db }))
      const claimed = await storage.webhookDeliveries.claim({
        now: new Date(Date.now() + DAY),
        limit: 100,
        leaseMs: 60_000,
        claimToken: 'after-migration',
      })
      assert.is(claimed.length, before.events.length + before.deliveries.length, 'a delivery for each event pending before')
      const check = { ...CHECK, environmentId: before.environmentId }
      const nextMonth = new Date(Date.now() + 40 * DAY)
      assert.equal(
        await createResponse(storage.responses, makeResponse(before.surveyId, { createdAt: nextMonth, singleUseId: 'mig-su-0' }), check),
        { outcome: 'single_use_id_taken' },
      )
      assert.equal(
        await createResponse(storage.responses, makeResponse(before.surveyId, { createdAt: nextMonth, displayId: 'mig-display' }), check),
        { outcome: 'display_taken' },
      )
      const fresh = makeResponse(before.surveyId, { createdAt: nextMonth, singleUseId: 'mig-su-new' })
      assert.is((await createResponse(storage.responses, fresh, check)).outcome, 'created')
      assert.ok(await storage.responses.delete(before.environmentId, (before.responses[0] as { id: string }).id))
    } finally {
      await open.close()
    }
  })

  if (backend.name !== 'PGlite')
    test('on Postgres the indexes and columns that took longest are made before the lock, and 0038 takes them as they are', async () => {
      const open = await backend.open()
      const db = open.db
      try {
        await migrate(db)
        const before = await seed(withOutboxExpansion(createKyselyStorage({ db })), db)
        await backTo0037(db)
        const indexes = async () =>
          Object.fromEntries(
            (
              await sql<{ name: string; oid: number; valid: boolean }>`
                select c.relname as name, c.oid::int as oid, i.indisvalid as valid from pg_index i
                join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = 'canvass' and (c.relname like 'responses_history_%' or c.relname like '%_response_created_at_missing')`.execute(
                db,
              )
            ).rows.map((row) => [row.name, row]),
          )
        await prepareResponsePartitions(db, 'canvass')
        const prepared = await indexes()
        assert.equal(Object.keys(prepared).sort(), [
          'response_notes_response_created_at_missing',
          'response_quota_links_response_created_at_missing',
          'response_tags_response_created_at_missing',
          'responses_history_display_id_idx',
          'responses_history_id_created_at_key',
          'responses_history_survey_id_single_use_id_idx',
          'unscreened_responses_response_created_at_missing',
        ])
        assert.ok(
          Object.values(prepared).every((index) => index.valid),
          'all valid',
        )
        const nulls = () =>
          sql<{ n: number }>`select count(*)::int as n from canvass.response_tags where response_created_at is null`
            .execute(db)
            .then((result) => result.rows[0]?.n)
        assert.is(await nulls(), 0, "every tag link knows its response's created_at")
        // A tag link written afterwards as the version before writes it (no created_at), and the preparation run
        // again: it keeps what it made.
        await sql`insert into canvass.response_tags (response_id, tag_id)
          select r.id, 'mig-tag' from canvass.responses r
          where not exists (select from canvass.response_tags t where t.response_id = r.id) order by r.id limit 1`.execute(db)
        assert.is(await nulls(), 1)
        await prepareResponsePartitions(db, 'canvass')
        assert.equal(await indexes(), prepared, 'made once')

        assert.equal(await migrate(db), [
          '0038-partitioned-responses',
          '0039-summary-parts',
          '0040-survey-custom-css',
          '0041-console-emails-per-project',
          '0042-project-styling',
          '0043-console-memberships',
          '0044-mail-outbox',
          '0045-console-session-activity',
          '0046-console-link-mailed',
        ])
        const key = await sql<{ oid: number }>`select conindid::int as oid from pg_constraint
          where conname = 'responses_history_pkey' and connamespace = 'canvass'::regnamespace`.execute(db)
        assert.is(key.rows[0]?.oid, prepared.responses_history_id_created_at_key?.oid, 'the key is the index made before')
        const after = await indexes()
        for (const name of ['responses_history_survey_id_single_use_id_idx', 'responses_history_display_id_idx'])
          assert.is(after[name]?.oid, prepared[name]?.oid, `${name} taken as it was`)
        assert.not.ok(
          Object.keys(after).some((name) => name.endsWith('_missing')),
          'the indexes of missing created_at are gone',
        )
        assert.is(await nulls(), 0)
        const contents_ = await contents(db)
        assert.equal(contents_.responses, before.responses)
        assert.is(contents_.tags.length, before.tags.length + 1)
        const claims = await sql<{ n: number }>`select count(*)::int as n from canvass.response_claims`.execute(db)
        assert.is(claims.rows[0]?.n, 8 + 1, 'a claim for each single-use id and the display')
      } finally {
        await open.close()
      }
    })

  if (backend.name !== 'PGlite')
    test('with sessionLocks false (through PgBouncer) the migrations take no session lock, and 0038 runs without the preparation', async () => {
      const open = await backend.open()
      try {
        await migrate(open.db)
        const before = await seed(withOutboxExpansion(createKyselyStorage({ db: open.db })), open.db)
        await backTo0037(open.db)
        // Every statement the migration sends, as written: none may take a session lock or build concurrently.
        const sent: string[] = []
        const db = open.db.withPlugin({
          transformQuery: ({ node }) => {
            if (node.kind === 'RawNode') sent.push(node.sqlFragments.join('?'))
            return node
          },
          transformResult: async ({ result }) => result,
        })
        assert.equal(await migrate(db, { sessionLocks: false }), FROM_0038)
        // The migrator's lock, taken in its transaction.
        assert.ok(
          sent.some((text) => text.startsWith('select pg_advisory_xact_lock(')),
          sent.join('\n'),
        )
        assert.not.ok(
          sent.some((text) => /pg_advisory_lock|pg_advisory_unlock|concurrently/.test(text)),
          sent.join('\n'),
        )
        assert.equal((await contents(open.db)).responses, before.responses)
      } finally {
        await open.close()
      }
    })

  test.run()
}
