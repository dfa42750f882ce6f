import { createResponse } from '@canvass/core'
import type { Storage } from '@canvass/core'
import { makeResponse, makeSurvey } from '@canvass/test-utils'
import { randomUUID } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely'
import { createKyselyStorage } from '../src'
import type { Database } from '../src/postgres/database'
import { createResponseBatcher } from '../src/responses/response-batch'
import { responseValues } from '../src/responses/response-values'
import { schemaNames } from '../src/postgres/schema-names'
import type { ResponseBatchOptions } from '../src'
import { backends, sharedDatabase } from './backends'
import type { SharedDatabase } from './backends'

const batches = suite('response creates written in batches')

/** The statements the storage of the running test sent, from the end of its setup on. */
const statements: string[] = []

/** A storage on the migrated, emptied `database`, recording its statements, with one accepting survey. */
async function open(database: SharedDatabase, responseBatch?: ResponseBatchOptions | false) {
  const db = await database.take()
  const storage: Storage = createKyselyStorage({ db, responseBatch })
  const environments = { production: randomUUID(), development: randomUUID() }
  const createdAt = new Date()
  const organizationId = randomUUID()
  await storage.projects.createOrganization({ id: organizationId, name: 'org', createdAt })
  await storage.projects.create({ id: randomUUID(), organizationId, name: 'p', createdAt, environments, newId: randomUUID })
  const survey = makeSurvey(environments.production)
  await storage.surveys.insert(survey)
  const check = { environmentId: environments.production, requireAccepting: true, checkEnvironment: true, pinProven: false }
  // The first create reads the survey's write facts, which the storage then keeps: the tests count the
  // statements of creates that find them kept.
  await createResponse(storage.responses, makeResponse(survey.id), check)
  statements.length = 0
  return { storage, survey, check }
}

const batchStatements = (statements: string[]) => statements.filter((text) => text.includes('jsonb_to_recordset('))

for (const backend of backends({ prepared: true })) {
  // One database per backend for its tests, emptied before each.
  const database = sharedDatabase(backend, 'migrated', {
    log: (event) => {
      if (event.level === 'query') statements.push(event.query.sql)
    },
  })
  batches.after(() => database.close())

  batches(`${backend.name}: concurrent creates share statements, each answered with its own id`, async () => {
    const { storage, survey, check } = await open(database, { maxSize: 16 })
    const inputs = Array.from({ length: 60 }, (_, i) => makeResponse(survey.id, { data: { i } }))
    const results = await Promise.all(inputs.map((input) => createResponse(storage.responses, input, check)))
    assert.equal(
      results,
      inputs.map((input) => ({ outcome: 'created', id: input.id })),
    )
    const written = batchStatements(statements)
    assert.ok(written.length >= 1, 'some creates were written together')
    assert.ok(statements.length < inputs.length, `${statements.length} statements for ${inputs.length} creates`)
    const rows = written.length * 16 + (statements.length - written.length)
    assert.ok(rows >= inputs.length, 'no batch is larger than maxSize')
    for (const input of inputs) assert.equal((await storage.responses.get(input.id))?.data, input.data)
  })

  batches(`${backend.name}: a batch stores every value as the single path does, and a row jsonb refuses goes alone`, async () => {
    const { storage, survey, check } = await open(database)
    const awkward = ['"quoted"', 'back\\slash', '{braces,commas}', 'NULL', '', 'line\nbreak\u2028', 'émoji 😀', "it's"]
    const inputs = awkward.map((text, i) =>
      makeResponse(survey.id, {
        data: { q: text, nested: { list: [text, null, 1.5, true] } },
        meta: { userAgent: { browser: text } },
        ttc: { q: i },
        variables: { v: text },
        language: i % 2 === 0 ? text : null,
        finished: i % 2 === 1,
      }),
    )
    const results = await Promise.all(inputs.map((input) => createResponse(storage.responses, input, check)))
    assert.equal(
      results,
      inputs.map((input) => ({ outcome: 'created', id: input.id })),
    )
    assert.is(batchStatements(statements).length, 1, 'written together')
    for (const input of inputs) {
      const stored = await storage.responses.get(input.id)
      assert.equal(
        [stored?.data, stored?.meta, stored?.ttc, stored?.variables, stored?.language, stored?.finished, stored?.createdAt.getTime()],
        [input.data, input.meta, input.ttc, input.variables, input.language, input.finished, input.createdAt.getTime()],
      )
    }
    // Postgres's jsonb refuses \u0000 in a string (22P05): the batch fails on that row, each create is then
    // written on its own, and only that one is refused.
    const fine = makeResponse(survey.id, { data: { q: 'fine' } })
    const refused = makeResponse(survey.id, { data: { q: 'nul\u0000' } })
    const [ok, bad] = await Promise.allSettled([fine, refused].map((input) => createResponse(storage.responses, input, check)))
    assert.equal(ok, { status: 'fulfilled', value: { outcome: 'created', id: fine.id } })
    assert.is(bad?.status, 'rejected')
    assert.equal((await storage.responses.get(fine.id))?.data, fine.data)
  })

  batches(`${backend.name}: creates arriving one by one in the same turn share statements`, async () => {
    const { storage, survey, check } = await open(database)
    const inputs = Array.from({ length: 30 }, (_, i) => makeResponse(survey.id, { data: { i } }))
    // Each from its own callback, as requests read from different sockets in one poll: microtasks run between
    // them, so a write that PGlite runs to its end within those microtasks must not have started yet.
    const results = await Promise.all(
      inputs.map(
        (input) =>
          new Promise((resolve, reject) => setImmediate(() => createResponse(storage.responses, input, check).then(resolve, reject))),
      ),
    )
    assert.equal(
      results,
      inputs.map((input) => ({ outcome: 'created', id: input.id })),
    )
    assert.ok(statements.length <= 3, `${statements.length} statements for ${inputs.length} creates`)
  })

  batches(`${backend.name}: a lone create on an idle storage is written at once, in one statement`, async () => {
    const { storage, survey, check } = await open(database, { maxWaitMs: 60_000 })
    const input = makeResponse(survey.id)
    // Far less than maxWaitMs: the create did not wait for a batch to fill.
    let timer: ReturnType<typeof setTimeout> | undefined
    const waited = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the lone create waited for the batch timer')), 20_000)
    })
    const result = await Promise.race([createResponse(storage.responses, input, check), waited]).finally(() => clearTimeout(timer))
    assert.equal(result, { outcome: 'created', id: input.id })
    // A batch of one takes the single-row statement; the long maxWaitMs was never waited for.
    assert.is(statements.length, 1)
    assert.is(batchStatements(statements).length, 0)
    assert.equal((await storage.responses.get(input.id))?.id, input.id)
  })

  batches(`${backend.name}: responseBatch false writes each create with its own statement`, async () => {
    const { storage, survey, check } = await open(database, false)
    const inputs = Array.from({ length: 5 }, () => makeResponse(survey.id))
    await Promise.all(inputs.map((input) => createResponse(storage.responses, input, check)))
    assert.is(batchStatements(statements).length, 0)
    assert.is(statements.length, 5)
  })
}

/** A batcher whose multi-row statement fails with `error`; a batch of one is written by `writeOne`. */
function failingBatcher(error: unknown) {
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  })
  let statements = 0
  Object.assign(db, {
    executeQuery: async () => {
      statements++
      throw error
    },
  })
  const write = createResponseBatcher(db, schemaNames(), {}, async () => ({ hasQuotas: false }))
  return { write, statements: () => statements }
}

const check = { environmentId: 'env', requireAccepting: true, checkEnvironment: true, pinProven: false }

batches('a batch that fails for want of the database rejects every create of it with that error', async () => {
  const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: '08006' })
  const { write, statements } = failingBatcher(lost)
  const results = await Promise.allSettled(
    [1, 2, 3].map(() => write({ values: responseValues(makeResponse('survey'), check), version: '1' })),
  )
  assert.is(statements(), 1, 'one statement for the three')
  assert.equal(
    results,
    [1, 2, 3].map(() => ({ status: 'rejected', reason: lost })),
  )
})

batches('a batch that fails on a value one row holds sends each create back to be written on its own', async () => {
  const refused = Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' })
  const { write, statements } = failingBatcher(refused)
  const results = await Promise.all([1, 2, 3].map(() => write({ values: responseValues(makeResponse('survey'), check), version: '1' })))
  assert.is(statements(), 1)
  assert.equal(results, [false, false, false], 'not written by the batch: each caller takes its own statement')
})

batches.run()
