import { createDisplay, createResponse, withOutboxExpansion } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { makeResponse, makeSurvey } from '@canvass/test-utils'
import { MigrationError, NewerSchemaError, createKyselyStorage, migrate, schemaStatus } from '../src'
import type { KyselyStorage } from '../src'
import { idempotencyScopes } from '../src/migrations/0029-idempotency-scopes'
import { importMappingsErased } from '../src/migrations/0030-import-mappings-erased'
import { eventsWrittenWithResponses } from '../src/migrations/0031-events-written-with-responses'
import { responseDataIndex } from '../src/migrations/0032-response-data-index'
import { surveyArchive } from '../src/migrations/0033-survey-archive'
import { eventSurveyDates } from '../src/migrations/0034-event-survey-dates'
import { unscreenedResponses } from '../src/migrations/0035-unscreened-responses'
import { projectCustomCss } from '../src/migrations/0036-project-custom-css'
import { consoleAccounts } from '../src/migrations/0037-console-accounts'
import { partitionedResponses } from '../src/migrations/0038-partitioned-responses'
import { summaryParts } from '../src/migrations/0039-summary-parts'
import { surveyCustomCss } from '../src/migrations/0040-survey-custom-css'
import { consoleEmailsPerProject } from '../src/migrations/0041-console-emails-per-project'
import { projectStyling } from '../src/migrations/0042-project-styling'
import { consoleMemberships } from '../src/migrations/0043-console-memberships'
import { mailOutbox } from '../src/migrations/0044-mail-outbox'
import { consoleSessionActivity } from '../src/migrations/0045-console-session-activity'
import { consoleLinkMailed } from '../src/migrations/0046-console-link-mailed'
import { backends, sharedDatabase } from './backends'

/** Every migration, in the order they run. */
const MIGRATIONS = [
  '0001-initial',
  '0003-management',
  '0004-client',
  '0005-webhooks',
  '0006-webhook-events',
  '0007-outbox-matching',
  '0008-sequential-event-ids',
  '0009-created-event-columns',
  '0010-drop-duplicate-index',
  '0011-ascending-list-indexes',
  '0012-attribute-value-hash',
  '0013-client-created-keys',
  '0014-pending-deliveries-by-webhook',
  '0015-segments',
  '0016-survey-display-settings',
  '0017-responses-by-update',
  '0018-idempotency-keys',
  '0019-one-response-per-display',
  '0020-survey-variables',
  '0021-survey-blocks',
  '0022-quotas',
  '0023-import-mappings',
  '0024-surveys-by-share-key',
  '0025-blob-deletions',
  '0026-audit-log',
  '0027-response-retention',
  '0028-response-uploads',
  '0029-idempotency-scopes',
  '0030-import-mappings-erased',
  '0031-events-written-with-responses',
  '0032-response-data-index',
  '0033-survey-archive',
  '0034-event-survey-dates',
  '0035-unscreened-responses',
  '0036-project-custom-css',
  '0037-console-accounts',
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

const TABLES = [
  'action_classes',
  'api_keys',
  'attribute_classes',
  'audit_log',
  'blob_deletions',
  'console_accounts',
  'console_links',
  'console_people',
  'console_sessions',
  'contact_attribute_keys',
  'contact_attributes',
  'contacts',
  'displays',
  'environments',
  'files',
  'idempotency_keys',
  'import_mappings',
  'mail_outbox',
  'maintenance_leases',
  'organizations',
  'projects',
  'quotas',
  'rate_limit_counters',
  'response_claims',
  'response_changes',
  'response_notes',
  'response_quota_links',
  'response_tags',
  'responses',
  'segments',
  'spent_upload_uuids',
  'summary_parts',
  'surveys',
  'tags',
  'unscreened_responses',
  'webhook_deliveries',
  'webhook_events',
  'webhooks',
]

for (const backend of backends()) {
  const test = suite(`migrate on ${backend.name}`)
  // Every schema is dropped before each test: each starts from a database as new as a database of its own.
  const database = sharedDatabase(backend, 'empty')
  let db: Kysely<unknown>

  test.before.each(async () => {
    db = await database.take()
  })
  test.after(() => database.close())

  test('creates every table Canvass keeps, and migrating again is a no-op', async () => {
    assert.equal(await migrate(db), MIGRATIONS)
    assert.equal(await tableNames(db), [...TABLES, ...BOOKKEEPING].sort())
    assert.equal(await tableNames(db, 'public'), [], 'nothing is created in public')
    assert.equal(await migrate(db), [], 'nothing is pending')
    assert.equal(await names(db, 'canvass_migration_log'), MIGRATIONS, 'the log: every migration run')
    assert.equal(await names(db, 'canvass_migration'), MIGRATIONS, 'required: each written before rolling upgrades')
  })

  // Issue 82, item 16: a warm start ran every step of the migrator to find nothing to do.
  test('a database already at the latest is read in one statement; one of another version still takes the migrator', async () => {
    await migrate(db)
    // The migrator would make its lock table again; the one-statement check does not touch it.
    await sql`drop table canvass.canvass_migration_log_lock`.execute(db)
    assert.equal(await migrate(db), [])
    assert.not.ok((await tableNames(db)).includes('canvass_migration_log_lock'), 'the migrator did not run')
    // A required migration this version does not know (a newer Canvass contracted the schema): refused before
    // anything runs.
    await sql`insert into canvass.canvass_migration (name, timestamp) values ('9999-from-the-future', now()::text)`.execute(db)
    const error = await migrate(db).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    assert.instance(error, NewerSchemaError)
    assert.equal((error as NewerSchemaError).migrations, ['9999-from-the-future'])
    assert.not.match((error as Error).message, '\n', 'one line')
    assert.not.ok((await tableNames(db)).includes('canvass_migration_log_lock'), 'the migrator did not run')
  })

  test("a newer release's migration that only adds is served beside; one it requires, or a log this one cannot follow, is refused", async () => {
    await migrate(db)
    // The next release's expand step: in the log, not required.
    await sql`alter table canvass.surveys add column from_the_future text`.execute(db)
    await sql`insert into canvass.canvass_migration_log (name, timestamp) values ('9999-from-the-future', now()::text)`.execute(db)
    assert.equal(await migrate(db), [], 'nothing to run, nothing refused')
    assert.equal(await schemaStatus(db), { missing: [], unknown: [], newer: ['9999-from-the-future'] })
    const storage = withOutboxExpansion(createKyselyStorage({ db }))
    await assertWritesWork(storage)
    // A log with a migration of this version missing and a newer one run: the migrator cannot follow it.
    await sql`delete from canvass.canvass_migration_log where name = '0046-console-link-mailed'`.execute(db)
    const behind = await migrate(db).catch((thrown: unknown) => thrown)
    assert.instance(behind, NewerSchemaError)
    assert.equal((behind as NewerSchemaError).migrations, ['9999-from-the-future'])
    await sql`insert into canvass.canvass_migration_log (name, timestamp) values ('0046-console-link-mailed', now()::text)`.execute(db)
    // A later release's contract step requires a migration this version does not know.
    await sql`insert into canvass.canvass_migration (name, timestamp) values ('9999-from-the-future', now()::text)`.execute(db)
    assert.equal(await schemaStatus(db), { missing: [], unknown: ['9999-from-the-future'], newer: [] })
    assert.instance(await migrate(db).catch((thrown: unknown) => thrown), NewerSchemaError)
  })

  test('a database of a version before the log: its bookkeeping becomes the log and stays the required list; nothing runs again', async () => {
    await migrate(db)
    // As 0.1.0 left it: one table, `canvass_migration`, the migrator's own.
    await sql`drop table canvass.canvass_migration_log`.execute(db)
    await sql`drop table canvass.canvass_migration_log_lock`.execute(db)
    assert.equal(await schemaStatus(db), { missing: [], unknown: [], newer: [] }, 'read from the one table')
    const results = await Promise.allSettled(Array.from({ length: 3 }, () => migrate(db)))
    assert.equal(
      results.map((result) => (result.status === 'fulfilled' ? result.value : String(result.reason?.cause ?? result.reason))),
      [[], [], []],
      'nothing ran, whichever start made the log',
    )
    assert.equal(await names(db, 'canvass_migration_log'), MIGRATIONS)
    assert.equal(await names(db, 'canvass_migration'), MIGRATIONS)
    assert.equal(await schemaStatus(db), { missing: [], unknown: [], newer: [] })
  })

  test('schemaStatus: every migration missing before the first, none after, and those of a newer version named', async () => {
    assert.equal(await schemaStatus(db), { missing: MIGRATIONS, unknown: [], newer: [] }, 'a database never migrated')
    await migrate(db)
    assert.equal(await schemaStatus(db), { missing: [], unknown: [], newer: [] }, 'current')
    await sql`delete from canvass.canvass_migration_log where name = '0046-console-link-mailed'`.execute(db)
    await sql`insert into canvass.canvass_migration (name, timestamp) values ('9999-from-the-future', now()::text)`.execute(db)
    assert.equal(await schemaStatus(db), { missing: ['0046-console-link-mailed'], unknown: ['9999-from-the-future'], newer: [] })
  })

  test('several migrates at once on an empty database all succeed and apply each migration once', async () => {
    // Regression: the schema was created outside any lock, and two processes starting together on an empty
    // database could both try (`duplicate key value violates unique constraint "pg_namespace_nspname_index"`).
    // PGlite runs one statement at a time, so its migrates queue and one round shows it; a server's race again.
    const rounds = backend.name === 'PGlite' ? 1 : 5
    for (let round = 0; round < rounds; round++) {
      if (round > 0) db = await database.take()
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => migrate(db)))
      const failed = results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason?.cause ?? result.reason)] : []))
      assert.equal(failed, [], `round ${round}: every migrate succeeded`)
      const applied = results.flatMap((result) => (result.status === 'fulfilled' ? result.value : []))
      assert.equal(applied.sort(), [...MIGRATIONS].sort(), `round ${round}: each migration applied by one of them`)
    }
  })

  test('0019 keeps the first response of a display linked, unlinks the later ones without an event, and makes the link unique', async () => {
    await migrate(db)
    const storage = withOutboxExpansion(createKyselyStorage({ db }))
    const { environmentId, surveyId, webhookId } = await seedWithWebhook(storage, ['responseUpdated'])
    // The database as an earlier Canvass left it: 0019 (and what came after) not applied, several responses naming
    // one display (written as rows: today's storage writes the partitioned table of 0038).
    await partitionedResponses('canvass').down?.(db)
    await sql`drop index canvass.responses_display_id_key`.execute(db)
    await sql`create index responses_display_id_idx on canvass.responses (display_id) where display_id is not null`.execute(db)
    const display = await createDisplay(storage, {
      id: 'display-1',
      environmentId,
      surveyId,
      userId: null,
      responseId: null,
      createdAt: new Date(),
      newId: () => 'unused',
    })
    assert.equal(display, { outcome: 'created', id: 'display-1' })
    const base = Date.now()
    const ids = ['r-late', 'r-first', 'r-later']
    for (const [i, at] of [
      [0, 2],
      [1, 1],
      [2, 3],
    ] as const) {
      await sql`insert into canvass.responses (id, survey_id, environment_id, created_at, updated_at, display_id)
        values (${ids[i]!}, ${surveyId}, ${environmentId}, ${new Date(base + at)}, ${new Date(base + at)}, 'display-1')`.execute(db)
    }
    const before = await storage.webhookDeliveries.list(environmentId, webhookId, { limit: 10 })
    // What came after 0019, undone once the responses are written (today's storage writes them; it reads quotas).
    const undone = await undoFrom(db, '0019-one-response-per-display')
    assert.equal(await migrate(db), undone)
    const linked = await sql<{ id: string; display_id: string | null }>`select id, display_id from canvass.responses order by id`.execute(
      db,
    )
    assert.equal(linked.rows, [
      { id: 'r-first', display_id: 'display-1' },
      { id: 'r-late', display_id: null },
      { id: 'r-later', display_id: null },
    ])
    assert.equal(await storage.displays.responseOf(environmentId, 'display-1'), { responseId: 'r-first' })
    assert.equal(await storage.webhookDeliveries.list(environmentId, webhookId, { limit: 10 }), before, 'no responseUpdated event')
    const again = makeResponse(surveyId, { displayId: 'display-1' })
    assert.equal(
      await createResponse(storage.responses, again, { environmentId, requireAccepting: false, checkEnvironment: false, pinProven: false }),
      { outcome: 'display_taken' },
    )
  })

  test('0020: surveys stored before have no variables ([])', async () => {
    await migrate(db)
    const storage = withOutboxExpansion(createKyselyStorage({ db }))
    const { environmentId, surveyId } = await seedWithWebhook(storage, ['responseUpdated'])
    const undone = await undoFrom(db, '0020-survey-variables')
    assert.equal(await migrate(db), undone)
    const survey = await storage.surveys.get(surveyId)
    assert.is(survey?.environmentId, environmentId)
    assert.equal(survey?.variables, [])
  })

  test('0021: surveys stored before have no blocks ([]), their questions kept', async () => {
    await migrate(db)
    const storage = withOutboxExpansion(createKyselyStorage({ db }))
    const { surveyId } = await seedWithWebhook(storage, ['responseUpdated'])
    const questions = (await storage.surveys.get(surveyId))?.questions
    // The database as Canvass left it before 0021: that migration and the ones after it not applied.
    const undone = await undoFrom(db, '0021-survey-blocks')
    assert.equal(await migrate(db), undone)
    const survey = await storage.surveys.get(surveyId)
    assert.equal(survey?.blocks, [])
    assert.equal(survey?.questions, questions)
  })

  test('0029: a key stored before holds for client and management requests until it expires', async () => {
    await migrate(db)
    const storage = withOutboxExpansion(createKyselyStorage({ db }))
    const { environmentId } = await seedWithWebhook(storage, ['responseUpdated'])
    // The migrations after 0029 are undone with it: Kysely runs only names after the last one it ran.
    const after = MIGRATIONS.slice(MIGRATIONS.indexOf('0029-idempotency-scopes'))
    await consoleLinkMailed('canvass').down?.(db)
    await consoleSessionActivity('canvass').down?.(db)
    await mailOutbox('canvass').down?.(db)
    await consoleMemberships('canvass').down?.(db)
    await projectStyling('canvass').down?.(db)
    await consoleEmailsPerProject('canvass').down?.(db)
    await surveyCustomCss('canvass').down?.(db)
    await summaryParts('canvass').down?.(db)
    await partitionedResponses('canvass').down?.(db)
    await consoleAccounts('canvass').down?.(db)
    await projectCustomCss('canvass').down?.(db)
    await unscreenedResponses('canvass').down?.(db)
    await eventSurveyDates('canvass').down?.(db)
    await surveyArchive('canvass').down?.(db)
    await responseDataIndex('canvass').down?.(db)
    await eventsWrittenWithResponses('canvass').down?.(db)
    await importMappingsErased('canvass').down?.(db)
    await idempotencyScopes('canvass').down?.(db)
    await sql`delete from canvass.canvass_migration_log where name in (${sql.join(after)})`.execute(db)
    const now = new Date()
    const day = new Date(now.getTime() + 86_400_000)
    await sql`insert into canvass.idempotency_keys (environment_id, key, fingerprint, state, status, body, content_type, lease_until, expires_at, created_at)
      values (${environmentId}, 'before', 'f', 'done', 200, '{"data":{"id":"x"}}', 'application/json', ${now}, ${day}, ${now})`.execute(db)
    assert.equal(await migrate(db), after)
    for (const scope of ['client', 'management'] as const) {
      const claim = { environmentId, scope, key: 'before', now, leaseUntil: now, expiresAt: day }
      assert.equal(
        await storage.idempotency.begin({ ...claim, fingerprint: 'f' }),
        { state: 'replay', status: 200, body: '{"data":{"id":"x"}}', contentType: 'application/json' },
        scope,
      )
      assert.equal(await storage.idempotency.begin({ ...claim, fingerprint: 'g' }), { state: 'mismatch' }, scope)
    }
  })

  test('0041: the console people stored before are kept, and an email is then unique within a project only', async () => {
    await migrate(db)
    const storage = withOutboxExpansion(createKyselyStorage({ db }))
    const [a, b] = [await newProject(storage), await newProject(storage)] as [string, string]
    // The database as 0040 left it: one email over every project (and what came after undone).
    await consoleLinkMailed('canvass').down?.(db)
    await consoleSessionActivity('canvass').down?.(db)
    await mailOutbox('canvass').down?.(db)
    await consoleMemberships('canvass').down?.(db)
    await projectStyling('canvass').down?.(db)
    await consoleEmailsPerProject('canvass').down?.(db)
    await sql`delete from canvass.canvass_migration_log where name in ('0041-console-emails-per-project', '0042-project-styling', '0043-console-memberships', '0044-mail-outbox', '0045-console-session-activity', '0046-console-link-mailed')`.execute(
      db,
    )
    const now = new Date()
    await sql`insert into canvass.console_people (id, project_id, email, role, created_at, updated_at)
      values ('p-before', ${a}, 'ada@example.com', 'owner', ${now}, ${now})`.execute(db)
    assert.equal(await migrate(db), [
      '0041-console-emails-per-project',
      '0042-project-styling',
      '0043-console-memberships',
      '0044-mail-outbox',
      '0045-console-session-activity',
      '0046-console-link-mailed',
    ])
    const kept = await storage.consoleAccounts.getPerson('p-before')
    assert.equal([kept?.projectId, kept?.email, kept?.role], [a, 'ada@example.com', 'owner'])
    const person = (projectId: string) => ({
      id: `p-${projectId}-${Math.random()}`,
      projectId,
      role: 'viewer' as const,
      createdAt: now,
      account: { id: `a-${Math.random()}`, email: 'ada@example.com', passwordHash: null, createdAt: now, updatedAt: now },
    })
    assert.is((await storage.consoleAccounts.addPerson(person(b))).outcome, 'created')
    assert.is((await storage.consoleAccounts.addPerson(person(a))).outcome, 'already_member')
  })

  test('0043: the people stored before keep their projects and roles; one email in two projects becomes one account', async () => {
    await migrate(db)
    const storage = withOutboxExpansion(createKyselyStorage({ db }))
    const [a, b, c] = [await newProject(storage), await newProject(storage), await newProject(storage)] as [string, string, string]
    // The database as 0042 left it: a person per project, each with a password of their own.
    await consoleLinkMailed('canvass').down?.(db)
    await consoleSessionActivity('canvass').down?.(db)
    await mailOutbox('canvass').down?.(db)
    await consoleMemberships('canvass').down?.(db)
    await sql`delete from canvass.canvass_migration_log where name in ('0043-console-memberships', '0044-mail-outbox', '0045-console-session-activity', '0046-console-link-mailed')`.execute(
      db,
    )
    const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds))
    const rows: [string, string, string, string, string | null, Date][] = [
      ['p-ada-b', b, 'ada@example.com', 'owner', null, at(1)],
      ['p-ada-a', a, 'ada@example.com', 'viewer', 'scrypt$14$8$1$YQ$first', at(2)],
      ['p-ada-c', c, 'ada@example.com', 'editor', 'scrypt$14$8$1$YQ$second', at(3)],
      ['p-bob-a', a, 'bob@example.com', 'owner', 'scrypt$14$8$1$YQ$bob', at(4)],
    ]
    for (const [id, projectId, email, role, hash, createdAt] of rows) {
      await sql`insert into canvass.console_people (id, project_id, email, role, password_hash, created_at, updated_at)
        values (${id}, ${projectId}, ${email}, ${role}, ${hash}, ${createdAt}, ${createdAt})`.execute(db)
    }
    const later = new Date(Date.now() + 3_600_000)
    await sql`insert into canvass.console_sessions (hash, person_id, created_at, expires_at)
      values ('s-ada', 'p-ada-c', ${at(5)}, ${later})`.execute(db)
    await sql`insert into canvass.console_links (hash, project_id, person_id, created_at, expires_at)
      values ('l-ada', ${a}, 'p-ada-a', ${at(5)}, ${later}), ('l-first', ${c}, null, ${at(5)}, ${later})`.execute(db)
    assert.equal(await migrate(db), [
      '0043-console-memberships',
      '0044-mail-outbox',
      '0045-console-session-activity',
      '0046-console-link-mailed',
    ])
    const accounts = storage.consoleAccounts
    // One account per email, with the id of its earliest person and the earliest password there was.
    const ada = await accounts.findAccountByEmail('ada@example.com')
    assert.equal([ada?.id, ada?.passwordHash], ['p-ada-b', 'scrypt$14$8$1$YQ$first'])
    assert.equal(
      (await accounts.listMemberships('p-ada-b')).map((person) => [person.id, person.projectId, person.role]),
      [
        ['p-ada-b', b, 'owner'],
        ['p-ada-a', a, 'viewer'],
        ['p-ada-c', c, 'editor'],
      ],
    )
    const bob = await accounts.getPerson('p-bob-a')
    assert.equal([bob?.projectId, bob?.email, bob?.role, bob?.passwordHash], [a, 'bob@example.com', 'owner', 'scrypt$14$8$1$YQ$bob'])
    assert.equal(
      (await accounts.listPeople(a)).map((person) => [person.email, person.role]),
      [
        ['bob@example.com', 'owner'],
        ['ada@example.com', 'viewer'],
      ],
    )
    // The session and the link are the account's now: they outlive the membership they were made for.
    assert.is((await accounts.findSession('s-ada', new Date()))?.account.id, 'p-ada-b')
    assert.is((await accounts.findLink('l-ada', new Date()))?.accountId, 'p-ada-b')
    assert.equal((await accounts.findLink('l-first', new Date()))?.accountId, null, 'a first-owner link stays one')
    assert.is(await accounts.deletePerson(c, 'p-ada-c'), 'deleted')
    assert.ok(await accounts.findSession('s-ada', new Date()))
    assert.ok(await accounts.findLink('l-ada', new Date()))
    // The email is the account's: adding it to a project adds a membership, not a person of their own.
    const added = await accounts.addPerson({
      id: 'p-ada-c2',
      projectId: c,
      role: 'viewer',
      createdAt: new Date(),
      account: { id: 'a-new', email: 'ada@example.com', passwordHash: null, createdAt: new Date(), updatedAt: new Date() },
    })
    assert.equal([added.outcome, (added as { person?: { accountId: string } }).person?.accountId], ['created', 'p-ada-b'])
  })

  test('0045: sessions stored before keep working, with a random public id, their start as last use, and nothing else known', async () => {
    await migrate(db)
    const storage = withOutboxExpansion(createKyselyStorage({ db }))
    const projectId = await newProject(storage)
    const now = new Date()
    const added = await storage.consoleAccounts.addPerson({
      id: 'p-0045',
      projectId,
      role: 'viewer',
      createdAt: now,
      account: { id: 'a-0045', email: 'zoe-0045@example.com', passwordHash: null, createdAt: now, updatedAt: now },
    })
    assert.is(added.outcome, 'created')
    await consoleLinkMailed('canvass').down?.(db)
    await consoleSessionActivity('canvass').down?.(db)
    await sql`delete from canvass.canvass_migration_log where name in ('0045-console-session-activity', '0046-console-link-mailed')`.execute(
      db,
    )
    const later = new Date(now.getTime() + 3_600_000)
    for (const hash of ['s-0045-a', 's-0045-b']) {
      await sql`insert into canvass.console_sessions (hash, account_id, created_at, expires_at) values (${hash}, 'a-0045', ${now}, ${later})`.execute(
        db,
      )
    }
    assert.equal(await migrate(db), ['0045-console-session-activity', '0046-console-link-mailed'])
    const found = await storage.consoleAccounts.findSession('s-0045-a', now)
    assert.ok(found, 'the session still signs in')
    const { session } = found!
    assert.equal([session.lastSeenAt, session.userAgent, session.address, session.method], [session.createdAt, null, null, null])
    assert.match(session.id, /^[0-9a-f-]{36}$/)
    const other = (await storage.consoleAccounts.findSession('s-0045-b', now))!.session
    assert.is.not(other.id, session.id, 'each its own id')
  })

  test('0031: events waiting when the triggers are dropped are delivered with their data', async () => {
    await migrate(db)
    const storage = withOutboxExpansion(createKyselyStorage({ db }))
    // The survey and the webhook are made by today's storage (which writes columns later migrations add).
    const { environmentId, surveyId, webhookId } = await seedWithWebhook(storage, [
      'responseCreated',
      'responseUpdated',
      'responseFinished',
    ])
    // Then the database as 0030 left it: the trigger functions record the events.
    const undone = MIGRATIONS.slice(MIGRATIONS.indexOf('0031-events-written-with-responses'))
    await consoleLinkMailed('canvass').down?.(db)
    await consoleSessionActivity('canvass').down?.(db)
    await mailOutbox('canvass').down?.(db)
    await consoleMemberships('canvass').down?.(db)
    await projectStyling('canvass').down?.(db)
    await consoleEmailsPerProject('canvass').down?.(db)
    await surveyCustomCss('canvass').down?.(db)
    await summaryParts('canvass').down?.(db)
    await partitionedResponses('canvass').down?.(db)
    await consoleAccounts('canvass').down?.(db)
    await projectCustomCss('canvass').down?.(db)
    await unscreenedResponses('canvass').down?.(db)
    await eventSurveyDates('canvass').down?.(db)
    await surveyArchive('canvass').down?.(db)
    await responseDataIndex('canvass').down?.(db)
    await eventsWrittenWithResponses('canvass').down?.(db)
    await sql`delete from canvass.canvass_migration_log where name in (${sql.join(undone)})`.execute(db)
    // Written as the Canvass of 0030 wrote them (this one's statements write the columns 0031 adds).
    const response = makeResponse(surveyId)
    await sql`insert into canvass.responses (id, created_at, updated_at, survey_id, environment_id, finished, data)
      values (${response.id}, ${response.createdAt}, ${response.createdAt}, ${surveyId}, ${environmentId}, false, '{"q1":"yes"}')`.execute(
      db,
    )
    const finishedAt = new Date(response.createdAt.getTime() + 1000)
    await sql`update canvass.responses set finished = true, data = '{"q1":"no"}', updated_at = ${finishedAt}
      where id = ${response.id}`.execute(db)
    const waiting = await sql<{ n: number }>`select count(*)::int as n from canvass.webhook_events`.execute(db)
    assert.equal(waiting.rows, [{ n: 2 }], 'the create and the update wait as events')

    assert.equal(await migrate(db), undone)
    // Expanded by the first read of deliveries after the migration.
    const deliveries = await storage.webhookDeliveries.list(environmentId, webhookId, { limit: 10 })
    assert.equal(deliveries.map((delivery) => delivery.event).sort(), ['responseCreated', 'responseFinished', 'responseUpdated'])
    const payloads = await sql<{ event: string; payload: { data: Record<string, unknown> } }>`
      select event, payload from canvass.webhook_deliveries where webhook_id = ${webhookId} order by event`.execute(db)
    const byEvent = Object.fromEntries(payloads.rows.map((row) => [row.event, row.payload.data]))
    assert.equal(byEvent.responseCreated?.data, { q1: 'yes' })
    assert.is(byEvent.responseCreated?.finished, false)
    assert.equal(byEvent.responseUpdated?.data, { q1: 'no' })
    assert.is(byEvent.responseUpdated?.updatedAt, finishedAt.toISOString())
    for (const data of Object.values(byEvent)) {
      assert.is(data.id, response.id)
      assert.is(data.contact, null)
      assert.equal((data.survey as { id: string }).id, surveyId)
    }

    // And after the migration, the writes record their events themselves.
    const check = { environmentId, requireAccepting: false, checkEnvironment: false, pinProven: true }
    const next = makeResponse(surveyId, { finished: true })
    assert.equal(await createResponse(storage.responses, next, check), { outcome: 'created', id: next.id })
    const after = await storage.webhookDeliveries.list(environmentId, webhookId, { limit: 10 })
    assert.equal(
      after
        .filter((delivery) => delivery.responseId === next.id)
        .map((delivery) => delivery.event)
        .sort(),
      ['responseCreated', 'responseFinished'],
    )
  })

  test('rows of one survey written in time order keep the list indexes of responses and displays compact, and lists still read them', async () => {
    await migrate(db)
    const storage = withOutboxExpansion(createKyselyStorage({ db: db }))
    const environments = { production: 'list-env-p', development: 'list-env-d' }
    const createdAt = new Date()
    await storage.projects.createOrganization({ id: 'list-org', name: 'Org', createdAt })
    let ids = 0
    await storage.projects.create({
      id: 'list-proj',
      organizationId: 'list-org',
      name: 'Lists',
      createdAt,
      environments,
      newId: () => `list-${ids++}`,
    })
    const survey = makeSurvey(environments.production)
    await storage.surveys.insert(survey)
    // Respondents' writes arrive in time order; ids are random. One statement writes them in that order.
    const rows = 8_000
    await sql`insert into canvass.responses (id, created_at, updated_at, survey_id, environment_id)
      select md5(g::text), now() + g * interval '1 ms', now() + g * interval '1 ms', ${survey.id}, ${environments.production}
      from generate_series(1, ${rows}::int) g order by g`.execute(db)
    await sql`insert into canvass.displays (id, created_at, updated_at, survey_id, environment_id)
      select md5(g::text), now() + g * interval '1 ms', now() + g * interval '1 ms', ${survey.id}, ${environments.production}
      from generate_series(1, ${rows}::int) g order by g`.execute(db)
    // Those of responses: of the partition that holds this month's rows (a partitioned index has no pages itself).
    for (const table of ['responses_history', 'displays']) {
      for (const scope of ['environment_id', 'survey_id']) {
        const name = `${table}_${scope}_created_at_id_idx`
        // The same index built at once, from sorted rows, is as compact as an index gets (pages 90% full).
        await sql`create index compact_copy on ${sql.id('canvass', table)} (${sql.ref(scope)}, created_at, id)`.execute(db)
        const sizes = await sql<{ grown: number; built: number }>`
          select pg_relation_size(${`canvass.${name}`}::regclass)::int as grown,
            pg_relation_size('canvass.compact_copy'::regclass)::int as built`.execute(db)
        await sql`drop index canvass.compact_copy`.execute(db)
        const { grown, built } = sizes.rows[0]!
        // An index whose new entries land at the left of their range splits pages in half: nearly twice as big.
        assert.ok(grown <= built * 1.2, `${name}: ${grown} bytes grown in time order, ${built} built at once`)
      }
    }
    // A page of a survey's responses after a keyset position is read from the index in order: no sort.
    await sql`analyze canvass.responses`.execute(db)
    const plan = await sql<{ 'QUERY PLAN': string }>`explain select id from canvass.responses
      where survey_id = ${survey.id} and (created_at, id) < (now() + interval '1 hour', 'z')
      order by created_at desc, id desc limit 20`.execute(db)
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n')
    assert.match(text, /Index (Only )?Scan( Backward)? using responses_\w*survey_id_created_at_id_idx/, text)
    assert.not.match(text, /Sort/, text)
  })

  test('a failing migration throws MigrationError and applies nothing', async () => {
    // A table in the way makes the first migration fail part-way.
    await sql`create schema canvass`.execute(db)
    await sql`create table canvass.webhooks (id text primary key)`.execute(db)
    let error: unknown
    try {
      await migrate(db)
    } catch (caught) {
      error = caught
    }
    assert.instance(error, MigrationError)
    assert.is((error as MigrationError).migrationName, '0001-initial')
    assert.match((error as MigrationError).message, /0001-initial failed: .*webhooks/)
    assert.ok((error as MigrationError).cause, 'the database error is the cause')
    assert.not.ok((await tableNames(db)).includes('organizations'), 'the tables created before the failure are rolled back')
  })

  test("leaves an application's own tables in public alone, even when they share names with Canvass's", async () => {
    await sql`create table public.projects (id serial primary key, title text)`.execute(db)
    await sql`create table public.surveys (slug text primary key)`.execute(db)
    await sql`insert into public.projects (title) values ('the app''s own')`.execute(db)
    assert.equal(await migrate(db), MIGRATIONS)
    assert.equal(await tableNames(db, 'public'), ['projects', 'surveys'])
    const own = await sql<{ title: string }>`select title from public.projects`.execute(db)
    assert.equal(own.rows, [{ title: "the app's own" }])
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_schema = 'public' and table_name = 'surveys'`.execute(db)
    assert.equal(columns.rows, [{ column_name: 'slug' }], "the app's table is unchanged")
    // And Canvass works beside them: a project, a survey, a webhook and a response (with its outbox row).
    await assertWritesWork(withOutboxExpansion(createKyselyStorage({ db: db })))
    assert.equal((await sql`select title from public.projects`.execute(db)).rows, [{ title: "the app's own" }])
    assert.equal((await sql`select count(*)::int as n from public.surveys`.execute(db)).rows, [{ n: 0 }])
  })

  test('moves the tables of a database migrated into public by an earlier Canvass, data included', async () => {
    // The layout before the own schema: every table and the bookkeeping in public.
    await migrate(db, { schema: 'public' })
    const before = withOutboxExpansion(createKyselyStorage({ db: db, schema: 'public' }))
    await before.projects.createOrganization({ id: 'org-1', name: 'Org', createdAt: new Date() })
    assert.equal(await migrate(db), [], 'the moved bookkeeping says nothing is pending')
    assert.equal(await tableNames(db, 'public'), [])
    assert.equal(await tableNames(db), [...TABLES, ...BOOKKEEPING].sort())
    const orgs = await sql<{ id: string }>`select id from canvass.organizations`.execute(db)
    assert.equal(orgs.rows, [{ id: 'org-1' }])
    assert.equal(await migrate(db), [], 'migrating again is a no-op')
    // Regression: the outbox's trigger functions stayed in public, writing to public.webhook_deliveries,
    // which the move had taken away, so every response write failed after the move. There are none now.
    const functions = await sql<{ schema: string }>`
      select n.nspname as schema from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where p.proname like 'enqueue_webhook_deliveries_%' order by 1`.execute(db)
    assert.equal(functions.rows, [])
    await assertWritesWork(withOutboxExpansion(createKyselyStorage({ db: db })))
  })

  test('takes another schema when told, and refuses a schema name that would need quoting', async () => {
    assert.equal(await migrate(db, { schema: 'feedback' }), MIGRATIONS)
    assert.equal(await tableNames(db, 'feedback'), [...TABLES, ...BOOKKEEPING].sort())
    assert.equal(await tableNames(db), [])
    const storage = withOutboxExpansion(createKyselyStorage({ db: db, schema: 'feedback' }))
    assert.equal(await storage.projects.list(), [])
    for (const bad of ['Feedback', 'a"b', 'x; drop table y', '']) {
      assert.throws(() => withOutboxExpansion(createKyselyStorage({ db: db, schema: bad })), /lowercase Postgres identifier/)
      let error: unknown
      await migrate(db, { schema: bad }).catch((caught: unknown) => {
        error = caught
      })
      assert.instance(error, TypeError, bad)
    }
  })

  test.run()

  // What the migrations leave, read only: on a copy of the database this run migrated once (sharedDatabase
  // 'migrated'), not on one migrated from nothing again per test; the tests above make their own from nothing.
  const schema = suite(`the migrated schema on ${backend.name}`)
  const migrated = sharedDatabase(backend, 'migrated')
  schema.before.each(async () => {
    db = await migrated.take()
  })
  schema.after(() => migrated.close())

  schema('no trigger function but the data guards: the audit log stays append-only, webhook events are written by the writes', async () => {
    const functions = await sql<{ name: string }>`
      select p.proname as name from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'canvass' and p.prorettype = 'pg_catalog.trigger'::regtype order by p.proname`.execute(db)
    assert.equal(functions.rows, [{ name: 'audit_log_append_only' }])
    const triggers = await sql<{ name: string; on: string; calls: string }>`
      select t.tgname as name, c.relname as on, p.proname as calls
      from pg_catalog.pg_trigger t join pg_catalog.pg_class c on c.oid = t.tgrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace join pg_catalog.pg_proc p on p.oid = t.tgfoid
      where n.nspname = 'canvass' and not t.tgisinternal order by t.tgname`.execute(db)
    assert.equal(triggers.rows, [
      { name: 'audit_log_append_only', on: 'audit_log', calls: 'audit_log_append_only' },
      { name: 'audit_log_no_truncate', on: 'audit_log', calls: 'audit_log_append_only' },
    ])
  })

  schema('stores every timestamp as timestamptz(3)', async () => {
    const columns = await sql<{ table_name: string; column_name: string; data_type: string; datetime_precision: number }>`
      select table_name, column_name, data_type, datetime_precision from information_schema.columns
      where table_schema = 'canvass' and data_type like 'timestamp%' and table_name not like 'canvass_migration%'`.execute(db)
    assert.ok(columns.rows.length > 0)
    for (const column of columns.rows) {
      assert.is(
        `${column.data_type}(${column.datetime_precision})`,
        'timestamp with time zone(3)',
        `${column.table_name}.${column.column_name}`,
      )
    }
  })

  schema('no two indexes of a table cover the same columns under the same condition', async () => {
    // The definition without the index's own name: two equal ones would cost every insert twice for nothing.
    const indexes = await sql<{ tablename: string; indexname: string; shape: string }>`
      select tablename, indexname, regexp_replace(indexdef, '^create (unique )?index [^ ]+ on ', '', 'i') as shape
      from pg_indexes where schemaname = 'canvass'`.execute(db)
    assert.ok(indexes.rows.length > 20, `${indexes.rows.length} indexes read`)
    const seen = new Map<string, string>()
    for (const index of indexes.rows) {
      const other = seen.get(index.shape)
      assert.is(other, undefined, `${index.indexname} repeats ${other} (${index.shape})`)
      seen.set(index.shape, index.indexname)
    }
  })

  schema.run()
}

/**
 * The database as an earlier Canvass left it: the migrations from `first` on (0019, 0020 or 0021) undone, as far
 * as what came after them changed the schema (0019's own index is the test's to undo). Returns their names.
 */
async function undoFrom(
  db: Kysely<unknown>,
  first: '0019-one-response-per-display' | '0020-survey-variables' | '0021-survey-blocks',
): Promise<string[]> {
  const undone = MIGRATIONS.slice(MIGRATIONS.indexOf(first))
  await consoleLinkMailed('canvass').down?.(db)
  await consoleSessionActivity('canvass').down?.(db)
  await mailOutbox('canvass').down?.(db)
  await consoleMemberships('canvass').down?.(db)
  await projectStyling('canvass').down?.(db)
  await consoleEmailsPerProject('canvass').down?.(db)
  await surveyCustomCss('canvass').down?.(db)
  await summaryParts('canvass').down?.(db)
  // Undone already where the test wrote rows the partitioned table would not take.
  if ((await tableNames(db)).includes('response_claims')) await partitionedResponses('canvass').down?.(db)
  await consoleAccounts('canvass').down?.(db)
  await projectCustomCss('canvass').down?.(db)
  await unscreenedResponses('canvass').down?.(db)
  await eventSurveyDates('canvass').down?.(db)
  await surveyArchive('canvass').down?.(db)
  if (first !== '0021-survey-blocks') await sql`alter table canvass.surveys drop column variables`.execute(db)
  await sql`alter table canvass.surveys drop column blocks`.execute(db)
  await sql`drop table canvass.response_quota_links, canvass.quotas, canvass.import_mappings, canvass.blob_deletions`.execute(db)
  await sql`drop index canvass.surveys_result_share_key_idx, canvass.webhook_deliveries_response_id_idx`.execute(db)
  await sql`drop table canvass.audit_log`.execute(db)
  await sql`drop function canvass.audit_log_append_only()`.execute(db)
  await sql`alter table canvass.surveys drop column response_retention_days`.execute(db)
  await sql`alter table canvass.environments drop column response_retention_days`.execute(db)
  await sql`drop table canvass.maintenance_leases`.execute(db)
  await sql`drop index canvass.displays_response_id_idx`.execute(db)
  await sql`alter table canvass.files drop column for_response`.execute(db)
  await responseDataIndex('canvass').down?.(db)
  await eventsWrittenWithResponses('canvass').down?.(db)
  await idempotencyScopes('canvass').down?.(db)
  await sql`delete from canvass.canvass_migration_log where name in (${sql.join(undone)})`.execute(db)
  return undone
}

/** The migrations' bookkeeping (`migration-tables.ts`). */
const BOOKKEEPING = ['canvass_migration', 'canvass_migration_log', 'canvass_migration_log_lock']

/** The names in one of the bookkeeping tables, in order. */
async function names(db: Kysely<unknown>, table: 'canvass_migration' | 'canvass_migration_log'): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from ${sql.id('canvass', table)} order by name`.execute(db)
  return rows.map((row) => row.name)
}

async function tableNames(db: Kysely<unknown>, schema = 'canvass'): Promise<string[]> {
  // A partition of a table is not one of the tables (those of responses are made by month).
  const result = await sql<{ table_name: string }>`
    select table_name from information_schema.tables t where table_schema = ${schema}
      and not exists (select from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = t.table_schema and c.relname = t.table_name and c.relispartition)
    order by table_name`.execute(db)
  return result.rows.map((row) => row.table_name)
}

/** Writes a project, a survey, a matching webhook and a finished response, and finds the response's two deliveries. */
async function assertWritesWork(storage: KyselyStorage): Promise<void> {
  const createdAt = new Date()
  const id = (name: string) => `${name}${Math.random().toString(36).slice(2, 12)}`
  const environments = { production: id('e'), development: id('e') }
  const organizationId = id('o')
  await storage.projects.createOrganization({ id: organizationId, name: 'Org', createdAt })
  await storage.projects.create({ id: id('p'), organizationId, name: 'Beside', createdAt, environments, newId: () => id('d') })
  const survey = makeSurvey(environments.production)
  await storage.surveys.insert(survey)
  const webhookId = id('w')
  await storage.webhooks.insert({
    id: webhookId,
    environmentId: environments.production,
    name: null,
    url: 'http://127.0.0.1:9/hook',
    source: 'user',
    triggers: ['responseCreated', 'responseFinished'],
    surveyIds: [],
    createdAt,
    updatedAt: createdAt,
    secret: `whsec_${btoa('0123456789abcdef0123456789abcdef')}`,
  })
  const response = makeResponse(survey.id, { finished: true })
  const result = await createResponse(storage.responses, response, {
    environmentId: environments.production,
    requireAccepting: false,
    checkEnvironment: false,
    pinProven: true,
  })
  assert.equal(result, { outcome: 'created', id: response.id })
  const deliveries = await storage.webhookDeliveries.list(environments.production, webhookId, { limit: 10 })
  assert.equal(deliveries.map((delivery) => delivery.event).sort(), ['responseCreated', 'responseFinished'])
}

/** A project with a survey and a webhook listening to `triggers`, through the storage. */
/** A project with its environments; its id. */
async function newProject(storage: KyselyStorage): Promise<string> {
  const createdAt = new Date()
  const id = (name: string) => `${name}${Math.random().toString(36).slice(2, 12)}`
  const organizationId = id('o')
  const projectId = id('p')
  await storage.projects.createOrganization({ id: organizationId, name: 'Org', createdAt })
  const environments = { production: id('e'), development: id('e') }
  await storage.projects.create({ id: projectId, organizationId, name: 'P', createdAt, environments, newId: () => id('d') })
  return projectId
}

async function seedWithWebhook(
  storage: KyselyStorage,
  triggers: string[],
): Promise<{ environmentId: string; surveyId: string; webhookId: string }> {
  const createdAt = new Date()
  const id = (name: string) => `${name}${Math.random().toString(36).slice(2, 12)}`
  const environments = { production: id('e'), development: id('e') }
  const organizationId = id('o')
  await storage.projects.createOrganization({ id: organizationId, name: 'Org', createdAt })
  await storage.projects.create({ id: id('p'), organizationId, name: 'P', createdAt, environments, newId: () => id('d') })
  const survey = makeSurvey(environments.production)
  await storage.surveys.insert(survey)
  const webhookId = id('w')
  await storage.webhooks.insert({
    id: webhookId,
    environmentId: environments.production,
    name: null,
    url: 'http://127.0.0.1:9/hook',
    source: 'user',
    triggers: triggers as never,
    surveyIds: [],
    createdAt,
    updatedAt: createdAt,
    secret: `whsec_${btoa('0123456789abcdef0123456789abcdef')}`,
  })
  return { environmentId: environments.production, surveyId: survey.id, webhookId }
}
