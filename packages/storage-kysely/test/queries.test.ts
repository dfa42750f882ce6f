import { createResponse, updateResponse } from '@canvass/core'
import { randomUUID } from 'node:crypto'
import type { Storage } from '@canvass/core'
import { makeResponse, makeSurvey } from '@canvass/test-utils'
import { sql } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'

// What the conformance suite cannot see: statements per call, and how values sit in the database.
for (const backend of backends({ prepared: true })) {
  const test = suite(`storage-kysely SQL on ${backend.name}`)
  let open: OpenBackend | undefined
  let storage: Storage
  let queries: string[] = []

  test.before(async () => {
    open = await backend.open({
      migrated: true,
      log: (event) => {
        if (event.level === 'query') queries.push(event.query.sql)
      },
    })
    await migrate(open.db)
    storage = createKyselyStorage({ db: open.db })
  })
  test.after(async () => {
    await open?.close()
  })

  /** The statements `run` sends. */
  async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
    queries = []
    await run()
    const sent = queries
    queries = []
    return sent
  }

  test('createResponse without a userId is one statement when it succeeds', async () => {
    const { environmentId, survey } = await seed(storage)
    // The first create of a survey reads its write facts (one query), which the storage then keeps; the first
    // create of a storage reads the partitions of responses (one query), which it keeps too.
    const first = await statementsOf(() =>
      createResponse(storage.responses, makeResponse(survey.id), {
        environmentId,
        requireAccepting: true,
        checkEnvironment: true,
        pinProven: false,
      }),
    )
    assert.is(first.length, 3, first.join('\n---\n'))
    assert.is(first.filter((statement) => /pg_inherits/.test(statement)).length, 1, 'the partitions are read once')
    assert.match(first[0]!, /xmin/, 'the facts are read with their version, first')
    for (const check of [
      { environmentId, requireAccepting: true, checkEnvironment: true, pinProven: false },
      { environmentId, requireAccepting: false, checkEnvironment: false, pinProven: false },
    ]) {
      const response = makeResponse(survey.id)
      const statements = await statementsOf(async () => {
        assert.equal(await createResponse(storage.responses, response, check), { outcome: 'created', id: response.id })
      })
      assert.is(statements.length, 1, statements.join('\n---\n'))
    }
    const refused = await statementsOf(() =>
      createResponse(storage.responses, makeResponse(randomUUID()), {
        environmentId,
        requireAccepting: true,
        checkEnvironment: true,
        pinProven: false,
      }),
    )
    assert.is(refused.length, 2, 'an unknown survey: its facts, then whether the environment exists')
  })

  test('createResponse with a userId is one statement as well, finished or not, unless the survey has autoComplete', async () => {
    const { environmentId, survey } = await seed(storage)
    const check = { environmentId, requireAccepting: true, checkEnvironment: true, pinProven: false }
    // The survey's write facts, read by a first create and kept.
    await createResponse(storage.responses, makeResponse(survey.id), check)
    for (const finished of [false, true, true]) {
      const response = makeResponse(survey.id, { userId: 'one-statement-user', finished })
      const statements = await statementsOf(async () => {
        assert.equal(await createResponse(storage.responses, response, check), { outcome: 'created', id: response.id })
      })
      assert.is(statements.length, 1, statements.join('\n---\n'))
      assert.not.ok(
        statements.some((text) => /for no key update/.test(text)),
        'the survey is not locked',
      )
    }
    // With autoComplete, a finished response counts under the survey's lock.
    const counted = makeSurvey(environmentId, { autoComplete: 5 })
    await storage.surveys.insert(counted)
    const response = makeResponse(counted.id, { userId: 'one-statement-user', finished: true })
    const statements = await statementsOf(async () => {
      assert.equal(await createResponse(storage.responses, response, check), { outcome: 'created', id: response.id })
    })
    assert.ok(
      statements.some((text) => /for no key update/.test(text)),
      statements.join('\n---\n'),
    )
  })

  test('updateResponse is a read without a lock and a conditional write when nothing else writes the response', async () => {
    const { environmentId, survey } = await seed(storage)
    const response = makeResponse(survey.id, { data: { q1: 'a' } })
    await createResponse(storage.responses, response, { environmentId, requireAccepting: true, checkEnvironment: true, pinProven: false })
    const statements = await statementsOf(async () => {
      const updated = await updateResponse(storage.responses, response.id, (current) => ({
        updatedAt: new Date(),
        data: { ...current.data, q2: 'b' },
      }))
      assert.equal(updated?.data, { q1: 'a', q2: 'b' })
    })
    assert.is(statements.length, 2, statements.join('\n---\n'))
    assert.not.match(statements[0]!, /for update/, 'the read takes no lock')
    assert.match(statements[1]!, /xmin/, 'the write applies only to the version read')
    // Becoming finished on a survey without autoComplete counts towards nothing: the same two statements.
    const finishing = await statementsOf(() =>
      updateResponse(storage.responses, response.id, () => ({ updatedAt: new Date(), finished: true })),
    )
    assert.is(finishing.length, 2, finishing.join('\n---\n'))
    assert.not.ok(
      finishing.some((text) => /for (no key )?update/.test(text)),
      'nothing is locked',
    )
    // With autoComplete, it counts under the survey's lock: that takes the locked path.
    const counted = makeSurvey(environmentId, { autoComplete: 5 })
    await storage.surveys.insert(counted)
    const towards = makeResponse(counted.id, { data: { q1: 'a' } })
    await createResponse(storage.responses, towards, { environmentId, requireAccepting: true, checkEnvironment: true, pinProven: false })
    const locked = await statementsOf(() =>
      updateResponse(storage.responses, towards.id, () => ({ updatedAt: new Date(), finished: true })),
    )
    assert.ok(
      locked.some((text) => /for update/.test(text)),
      locked.join('\n---\n'),
    )
    assert.ok(
      locked.some((text) => /for no key update/.test(text)),
      'the survey is locked',
    )
  })

  test('updateResponse reads again under a lock, and calls change again, when the response changed after its read', async () => {
    const { environmentId, survey } = await seed(storage)
    const response = makeResponse(survey.id, { data: {} })
    await createResponse(storage.responses, response, { environmentId, requireAccepting: true, checkEnvironment: true, pinProven: false })
    const db = open!.db
    const otherWrite = sql`update canvass.responses set data = '{"other":1}' where id = ${response.id}`
    const seen: unknown[] = []
    let readDone: () => void = () => undefined
    const read = new Promise<void>((resolve) => (readDone = resolve))
    // Another writer changes the row between this update's read and its write. On the Postgres server it holds
    // the row from before the update starts and commits once the read is done; PGlite runs one statement at a
    // time, in order, so a write sent from inside `change` runs before this update's own write.
    const other = backend.name === 'PGlite' ? undefined : await db.startTransaction().execute()
    if (other) await otherWrite.execute(other)
    const updating = updateResponse(storage.responses, response.id, (current) => {
      seen.push(current.data)
      if (seen.length === 1) {
        readDone()
        if (!other) void otherWrite.execute(db)
      }
      return { updatedAt: new Date(), data: { ...current.data, mine: 1 } }
    })
    await read
    await other?.commit().execute()
    const updated = await updating
    assert.equal(updated?.data, { other: 1, mine: 1 }, 'the other write is kept')
    assert.equal(seen, [{}, { other: 1 }])
    assert.equal((await storage.responses.get(response.id))?.data, { other: 1, mine: 1 })
  })

  test('response reads bring person, notes and tags in one statement', async () => {
    const { environmentId, survey } = await seed(storage)
    const db = open?.db
    assert.ok(db)
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const response = makeResponse(survey.id, { userId: `reader-${i}`, createdAt: new Date(Date.now() + i) })
      await createResponse(storage.responses, response, {
        environmentId,
        requireAccepting: false,
        checkEnvironment: false,
        pinProven: false,
      })
      ids.push(response.id)
    }
    const [first = ''] = ids
    const noteAt = new Date('2026-11-20T10:00:00.123Z')
    await sql`insert into canvass.response_notes (id, response_id, response_created_at, user_id, user_name, text, created_at, updated_at)
      select 'note-1', r.id, r.created_at, 'user-1', 'Ada', 'Call back', ${noteAt}, ${noteAt} from canvass.responses r where r.id = ${first}`.execute(
      db,
    )
    await sql`insert into canvass.tags (id, environment_id, name, created_at, updated_at)
      values ('tag-1', ${environmentId}, 'vip', ${noteAt}, ${noteAt}), ('tag-2', ${environmentId}, 'angry', ${noteAt}, ${noteAt})`.execute(
      db,
    )
    await sql`insert into canvass.response_tags (response_id, response_created_at, tag_id)
      select r.id, r.created_at, t.tag from canvass.responses r, (values ('tag-1'), ('tag-2')) t(tag) where r.id = ${first}`.execute(db)

    let listed: Awaited<ReturnType<Storage['responses']['list']>> = []
    const statements = await statementsOf(async () => {
      listed = await storage.responses.list(environmentId, { limit: 10 })
    })
    assert.is(statements.length, 1, 'one statement for the whole page')
    assert.is(listed.length, 3)
    const response = listed.find((row) => row.id === first)
    assert.equal(response?.notes, [
      {
        id: 'note-1',
        createdAt: '2026-11-20T10:00:00.123Z',
        updatedAt: '2026-11-20T10:00:00.123Z',
        text: 'Call back',
        isResolved: false,
        isEdited: false,
        user: { id: 'user-1', name: 'Ada' },
      },
    ])
    assert.equal(response?.tags, [
      { id: 'tag-2', createdAt: '2026-11-20T10:00:00.123Z', updatedAt: '2026-11-20T10:00:00.123Z', name: 'angry', environmentId },
      { id: 'tag-1', createdAt: '2026-11-20T10:00:00.123Z', updatedAt: '2026-11-20T10:00:00.123Z', name: 'vip', environmentId },
    ])
    assert.is(response?.person?.userId, 'reader-0')
    assert.is((await statementsOf(() => storage.responses.get(first))).length, 1)
    // Deleting returns the response as it was, notes and tags included.
    const deleted = await storage.responses.delete(environmentId, first)
    assert.is(deleted?.notes.length, 1)
    assert.is(deleted?.tags.length, 2)
    const left = await sql<{ n: number }>`select count(*)::int as n from canvass.response_notes where response_id = ${first}`.execute(db)
    assert.equal(left.rows, [{ n: 0 }], 'notes go with their response')
  })

  test("export reads bring each response's userId and tag names in one statement, page after page in order", async () => {
    const { environmentId, survey } = await seed(storage)
    const db = open?.db
    assert.ok(db)
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      const response = makeResponse(survey.id, {
        userId: i % 2 === 0 ? `exported-${i}` : null,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
        data: { q1: ['a', `${i}`] },
      })
      await createResponse(storage.responses, response, {
        environmentId,
        requireAccepting: false,
        checkEnvironment: false,
        pinProven: false,
      })
      ids.push(response.id)
    }
    const at = new Date('2026-11-20T10:00:00.000Z')
    const tag = (name: string) => `${name}-${survey.id}`
    await sql`insert into canvass.tags (id, environment_id, name, created_at, updated_at)
      values (${tag('t1')}, ${environmentId}, 'vip', ${at}, ${at}), (${tag('t2')}, ${environmentId}, 'angry', ${at}, ${at})`.execute(db)
    await sql`insert into canvass.response_tags (response_id, response_created_at, tag_id)
      select r.id, r.created_at, t.tag from canvass.responses r
      join (values (${ids[1]}, ${tag('t1')}), (${ids[1]}, ${tag('t2')}), (${ids[3]}, ${tag('t1')})) t(id, tag) on t.id = r.id`.execute(db)

    const pages: Array<Awaited<ReturnType<Storage['responses']['listForExport']>>> = []
    const statements = await statementsOf(async () => {
      let after: { createdAt: Date; id: string } | undefined
      for (;;) {
        const page = await storage.responses.listForExport(environmentId, {
          surveyId: survey.id,
          order: 'asc',
          limit: 2,
          ...(after ? { after } : {}),
        })
        if (page.length === 0) break
        pages.push(page)
        const last = page[page.length - 1]!
        after = { createdAt: last.createdAt, id: last.id }
      }
    })
    assert.is(statements.length, 4, 'one statement a page, and one that finds the end')
    assert.equal(
      pages.map((page) => page.length),
      [2, 2, 1],
    )
    const rows = pages.flat()
    assert.equal(
      rows.map((row) => row.id),
      ids,
    )
    assert.equal(
      rows.map((row) => row.userId),
      ['exported-0', null, 'exported-2', null, 'exported-4'],
    )
    assert.ok(rows[0]?.contactId, 'the contact linked by userId')
    assert.is(rows[1]?.contactId, null)
    assert.equal(
      rows.map((row) => row.tagNames),
      [[], ['angry', 'vip'], [], ['vip'], []],
    )
    assert.equal(
      rows.map((row) => row.data),
      ids.map((_, i) => ({ q1: ['a', `${i}`] })),
      'the answers as stored',
    )
    assert.equal(
      await storage.responses.listForExport(randomUUID(), { surveyId: survey.id, limit: 10 }),
      [],
      'another environment reads none',
    )
  })

  test('jsonb columns hold JSON values, never Postgres arrays or JSON-encoded strings', async () => {
    const { environmentId, survey } = await seed(storage)
    const response = makeResponse(survey.id, { data: { q1: ['a', 'b'] }, ttc: { q1: 5 } })
    await createResponse(storage.responses, response, { environmentId, requireAccepting: false, checkEnvironment: false, pinProven: false })
    const db = open?.db
    assert.ok(db)
    const surveyTypes = await sql`
      select jsonb_typeof(questions) as questions, jsonb_typeof(endings) as endings, jsonb_typeof(welcome_card) as welcome_card,
             jsonb_typeof(questions -> 0 -> 'choices') as choices
      from canvass.surveys where id = ${survey.id}`.execute(db)
    assert.equal(surveyTypes.rows, [{ questions: 'array', endings: 'array', welcome_card: 'object', choices: 'array' }])
    const responseTypes = await sql`
      select jsonb_typeof(data) as data, jsonb_typeof(data -> 'q1') as q1, jsonb_typeof(ttc) as ttc, jsonb_typeof(meta) as meta
      from canvass.responses where id = ${response.id}`.execute(db)
    assert.equal(responseTypes.rows, [{ data: 'object', q1: 'array', ttc: 'object', meta: 'object' }])
  })

  test('a deleted contact leaves its responses, with person null and the snapshot kept', async () => {
    const { environmentId, survey } = await seed(storage)
    const db = open?.db
    assert.ok(db)
    const response = makeResponse(survey.id, { userId: 'leaving-user' })
    await createResponse(storage.responses, response, { environmentId, requireAccepting: false, checkEnvironment: false, pinProven: false })
    await sql`delete from canvass.contacts where environment_id = ${environmentId} and user_id = 'leaving-user'`.execute(db)
    const stored = await storage.responses.get(response.id)
    assert.is(stored?.person, null)
    assert.equal(stored?.personAttributes, {})
  })

  test('deleting an organization removes everything under it', async () => {
    const { organizationId, environmentId, survey } = await seed(storage)
    const db = open?.db
    assert.ok(db)
    const response = makeResponse(survey.id, { userId: 'cascade-user' })
    await createResponse(storage.responses, response, { environmentId, requireAccepting: false, checkEnvironment: false, pinProven: false })
    await sql`delete from canvass.organizations where id = ${organizationId}`.execute(db)
    assert.is(await storage.environments.get(environmentId), null)
    assert.is(await storage.surveys.get(survey.id), null)
    assert.is(await storage.responses.get(response.id), null)
    const contacts = await sql<{
      n: number
    }>`select count(*)::int as n from canvass.contacts where environment_id = ${environmentId}`.execute(db)
    assert.equal(contacts.rows, [{ n: 0 }])
  })

  test.run()
}

async function seed(storage: Storage) {
  const now = new Date()
  const organizationId = randomUUID()
  const environments = { production: randomUUID(), development: randomUUID() }
  await storage.projects.createOrganization({ id: organizationId, name: 'SQL org', createdAt: now })
  await storage.projects.create({ id: randomUUID(), organizationId, name: 'SQL project', createdAt: now, environments, newId: randomUUID })
  const survey = makeSurvey(environments.production, {
    name: 'SQL survey',
    questions: [{ id: 'q1', type: 'multipleChoiceMulti', choices: [{ id: 'a' }, { id: 'b' }] }],
  })
  await storage.surveys.insert(survey)
  return { organizationId, environmentId: environments.production, survey }
}
