/**
 * `tracedDialect` on PGlite (Kysely's `PGliteDialect`) and on the Postgres server (`PostgresDialect` on `pg`),
 * with the official SDK registered for the suite: a statement inside a recording span is a client span of it,
 * named by operation and table, with `db.system.name`, never a parameter's value; a transaction's BEGIN and
 * COMMIT are spans too; a failed statement says its SQLSTATE and nothing of its message; a statement outside
 * any span makes none. Precompiled statements are named as the query they were built from.
 */
import { SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace'
import type { ReadableSpan } from '@opentelemetry/sdk-trace'
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely'
import type { Dialect } from 'kysely'
import pg from 'pg'
import { createPostgresTestDatabase } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { tracedDialect } from '../src'
import { precompiled, slots } from '../src/postgres/precompiled'
import { emptyPglite } from './backends'

interface Table {
  traced_notes: { id: number; note: string }
}

/** A value that must never reach a span. */
const SECRET = 'secret-note-of-a-respondent'

// A provider and exporter per suite: a provider's shutdown stops its exporter for good.
let exporter = new InMemorySpanExporter()
let provider: TracerProvider | undefined

/** Each backend: a database of the test's own, through a dialect it makes, and how to give it back. */
const backends: Array<{ name: string; open(): Promise<{ dialect: Dialect; close(): Promise<void> }> }> = [
  { name: 'PGlite', open: async () => ({ dialect: new PGliteDialect({ pglite: await emptyPglite() }), close: async () => {} }) },
]
const serverUrl = process.env.TEST_DATABASE_URL
if (serverUrl) {
  backends.push({
    name: 'Postgres',
    async open() {
      const database = await createPostgresTestDatabase(serverUrl, { migrated: false })
      return {
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 2 }) }),
        close: () => database.release(),
      }
    },
  })
}

/** Runs `work` inside a span of the test's own, and answers the spans that ended under it. */
async function under(work: () => Promise<unknown>): Promise<{ parent: ReadableSpan; children: ReadableSpan[] }> {
  exporter.reset()
  await trace.getTracer('traced-dialect.test').startActiveSpan('test', async (span) => {
    try {
      await work()
    } catch {
      // A statement that fails on purpose: its span says so.
    } finally {
      span.end()
    }
  })
  const spans = exporter.getFinishedSpans()
  const parent = spans.find((span) => span.name === 'test')
  assert.ok(parent)
  return { parent, children: spans.filter((span) => span !== parent) }
}

for (const backend of backends) {
  const test = suite(`tracedDialect on ${backend.name}`)
  let db: Kysely<Table>
  let close: () => Promise<void> = async () => {}

  test.before(async () => {
    exporter = new InMemorySpanExporter()
    provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] })
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
    trace.setGlobalTracerProvider(provider)
    const opened = await backend.open()
    close = opened.close
    db = new Kysely<Table>({ dialect: tracedDialect(opened.dialect) })
    await sql`create table traced_notes (id int primary key, note text not null)`.execute(db)
  })

  test.after(async () => {
    await db?.destroy()
    await close()
    await provider?.shutdown()
    trace.disable()
    context.disable()
  })

  test('statements inside a span are its children, named by operation and table, without their values', async () => {
    const { parent, children } = await under(async () => {
      await db.insertInto('traced_notes').values({ id: 1, note: SECRET }).execute()
      await db.selectFrom('traced_notes').selectAll().where('note', '=', SECRET).execute()
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('traced_notes')
          .set({ note: `${SECRET}!` })
          .where('id', '=', 1)
          .execute()
        await trx.deleteFrom('traced_notes').where('id', '=', 2).execute()
      })
      const s = slots(['note'])
      const byNote = precompiled(db.selectFrom('traced_notes').select('id').where('note', '=', s.note).compile(), s)
      await db.executeQuery(byNote({ note: SECRET }))
      await sql`select count(*) from traced_notes`.execute(db)
    })
    assert.equal(
      children.map((span) => span.name),
      [
        'INSERT traced_notes',
        'SELECT traced_notes',
        'BEGIN',
        'UPDATE traced_notes',
        'DELETE traced_notes',
        'COMMIT',
        'SELECT traced_notes',
        'SELECT',
      ],
    )
    for (const span of children) {
      assert.is(span.kind, SpanKind.CLIENT)
      assert.is(span.parentSpanContext?.spanId, parent.spanContext().spanId)
      assert.is(span.spanContext().traceId, parent.spanContext().traceId)
      assert.is(span.attributes['db.system.name'], 'postgresql')
      assert.ok(span.attributes['db.operation.name'])
    }
    assert.is(children[0]?.attributes['db.collection.name'], 'traced_notes')
    assert.not.ok(JSON.stringify(children.map((span) => span.attributes)).includes(SECRET))
  })

  test('a failed statement says its SQLSTATE, never its message', async () => {
    await db
      .insertInto('traced_notes')
      .values({ id: 10, note: 'first' })
      .onConflict((conflict) => conflict.doNothing())
      .execute()
    const { children } = await under(() => db.insertInto('traced_notes').values({ id: 10, note: 'again' }).execute())
    assert.is(children.length, 1)
    const [failed] = children
    assert.is(failed?.status.code, SpanStatusCode.ERROR)
    assert.is(failed?.attributes['error.type'], '23505')
    assert.is(failed?.status.message, undefined)
    assert.equal(failed?.events, [])
  })

  test('a statement outside any span makes none', async () => {
    exporter.reset()
    await db.selectFrom('traced_notes').selectAll().execute()
    assert.equal(exporter.getFinishedSpans(), [])
  })

  test.run()
}
