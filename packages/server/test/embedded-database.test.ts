/**
 * The embedded database as the standalone server opens it (src/database.ts): PGlite in a thread of its own, callers
 * taking turns on it, and its upkeep (docs/deploying.md, "The embedded database"). The storage's conformance suite
 * runs on it as on every backend, but for a few of its costliest tests, which storage-kysely's suite runs on PGlite
 * with the same adapter code (both run one statement at a time); the rest proves the thread (values and rows cross
 * it unchanged, it keeps turning while a statement runs, whose statement goes next, the bound per caller) by
 * order and by events, never by time.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isServiceUnavailable } from '@canvass/core'
import { createKyselyStorage, migrate } from '@canvass/storage-kysely'
import { testStorage } from '@canvass/test-utils'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { kyselyFixtures } from '../../storage-kysely/test/kysely-fixtures'
import { openDatabase, seedDataFolder } from '../src/database'
import { BACKGROUND_LANE, enterLane, inLane } from '../src/database-lanes'
import { embeddedHealth } from '../src/embedded-health'
import { startEmbeddedUpkeep } from '../src/embedded-upkeep'

/** The build's migrated empty database (`pnpm build`), which a first start copies; PGlite's initdb without it. */
const SEED = fileURLToPath(new URL('../dist/pgdata-seed', import.meta.url))

/** The server's embedded database in a new data folder, migrated; removed on close. */
async function openEmbedded(): Promise<{
  db: Kysely<unknown>
  oneStatementAtATime?: boolean
  alive?: () => boolean
  close(): Promise<void>
}> {
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-embedded-'))
  await seedDataFolder(join(dataDir, 'pgdata'), SEED)
  const opened = await openDatabase({ databaseUrl: undefined, dataDir })
  await migrate(opened.db)
  return {
    ...opened,
    async close() {
      await opened.db.destroy()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The conformance tests left to storage-kysely's suite on PGlite (test/storage.test.ts): queries and races of the
 * adapter under load, a third of the suite's time here. What the thread adds to them is proven here by cheaper
 * ones: transactions of many callers at once (`updateSurvey serialises concurrent read-modify-writes`, `createResponse
 * under 200 concurrent creates`), values of every kind crossing the thread (the test of that name below) and the
 * filters' statements (`where: …` of the listing tests).
 */
const RAN_BY_STORAGE_KYSELY = [
  'updateResponse serialises concurrent read-modify-writes: every change is kept (20 at once, 5 rounds)',
  'where: hostile values are parameters: SQL, wildcards, unicode, long values and NUL match nothing and never fail',
  'where: each condition narrows list, count, listForExport, listAnswers and summarize alike',
  'autoComplete N with 3N concurrent finishing updates hands change the completed survey after the Nth, so exactly N finish (N = 1, 3, 5; 5 rounds each)',
  'autoComplete N with 2N concurrent finished creates, half of them from contacts, accepts exactly N and completes the survey (N = 2, 10, 30; 20, 10 and 5 rounds)',
  'listResponses filters by contact, userId, finished and dates, sorts by either date both ways, and counts',
]

/**
 * One embedded database for the whole file, opened by the suite that runs first and closed by the last: a thread
 * and its PGlite cost seconds of CPU to start, and the thread's tests below work in tables of their own.
 */
let opening: ReturnType<typeof openEmbedded> | undefined
const sharedEmbedded = () => {
  opening ??= openEmbedded()
  return opening
}

// The port's conformance suite, on the database as the server opens it.
{
  let open: Awaited<ReturnType<typeof openEmbedded>> | undefined
  testStorage({
    name: 'storage-kysely on the embedded database in its thread',
    async create() {
      open = await sharedEmbedded()
      return createKyselyStorage({ db: open.db, oneStatementAtATime: open.oneStatementAtATime })
    },
    fixtures: kyselyFixtures(() => {
      if (!open) throw new Error('the embedded database is not open')
      return open.db
    }),
    ranElsewhere: [{ ranBy: 'storage-kysely on PGlite (packages/storage-kysely/test/storage.test.ts)', tests: RAN_BY_STORAGE_KYSELY }],
  })
}

const test = suite('the embedded database in its thread')
let db: Kysely<unknown>
let alive: () => boolean
let close: () => Promise<void>
test.before(async () => {
  const open = await sharedEmbedded()
  db = open.db
  alive = open.alive ?? (() => false)
  close = open.close
  assert.is(open.oneStatementAtATime, true, 'the storage is told that the embedded database runs one statement at a time')
})
test.after(async () => close())

test('values of every kind cross the thread unchanged, both ways', async () => {
  const long = 'x'.repeat(1_000_000)
  const hostile = `'; drop table x; -- %_\\ é 日本 🎉 \u2028`
  const at = new Date('0050-06-15T12:34:56.789Z')
  const { rows } = await sql<Record<string, unknown>>`select
      ${hostile}::text as hostile, ${long}::text as long, ${at}::timestamptz as at, ${42}::int as n,
      ${2.5}::float8 as f, ${true}::boolean as yes, ${null}::text as nothing,
      ${JSON.stringify({ a: [1, 'b', null], nested: { ok: true } })}::jsonb as json,
      ${['a', 'b']}::text[] as list, 9007199254740993::bigint as big`.execute(db)
  const row = rows[0] ?? {}
  assert.is(row.hostile, hostile)
  assert.is(row.long, long)
  assert.ok(row.at instanceof Date, 'a timestamp is a Date')
  assert.is((row.at as Date).toISOString(), at.toISOString(), 'the year 50 stays the year 50')
  assert.is(row.n, 42)
  assert.is(row.f, 2.5)
  assert.is(row.yes, true)
  assert.is(row.nothing, null)
  assert.equal(row.json, { a: [1, 'b', null], nested: { ok: true } })
  assert.equal(row.list, ['a', 'b'])
  assert.is(row.big, 9007199254740993n, 'a bigint past the safe integers is whole, as PGlite gives it')
})

/** A statement that keeps the database busy for a while: a count over a few million generated rows. */
const busy = () => sql<{ n: string }>`select count(*)::text as n from generate_series(1, 3000000) as g(i) where i % 7 = 3`

test("the server's thread keeps turning while the database runs a statement", async () => {
  let turns = 0
  let running = true
  const spin = () => {
    if (!running) return
    turns++
    setImmediate(spin)
  }
  setImmediate(spin)
  const { rows } = await busy().execute(db)
  running = false
  assert.is(rows[0]?.n, '428572')
  // In the server's thread, PGlite answers without a turn of the event loop until the statement is done.
  assert.ok(turns > 10, `the event loop turned ${turns} times while the statement ran`)
})

test("a caller's statement waits for the one running, not for another caller's queue", async () => {
  const done: string[] = []
  const heavy = Array.from({ length: 8 }, (_, i) =>
    enterLane('heavy', () => busy().execute(db)).then(() => {
      done.push(`heavy${i}`)
    }),
  )
  // Asked after all eight: it runs after the first (which holds the database) and before the other seven.
  const light = enterLane('light', () => sql`select 1`.execute(db)).then(() => {
    done.push('light')
  })
  await Promise.all([...heavy, light])
  assert.ok(done.indexOf('light') <= 1, `light finished at ${done.indexOf('light')}: ${done.join(' ')}`)
})

// Issue 82, item 17: /health waited its turn behind another tenant's exports and counts.
test("/health answers while another caller's statement holds the database, and says when its thread is gone", async () => {
  let reads = 0
  const health = embeddedHealth({
    read: async () => {
      reads++
      await sql`select 1`.execute(db)
      return { database: 'ok', background: 'running', webhooks: { oldestDueAt: null, status: 'ok', stalled: false } }
    },
    alive: () => alive(),
    inBackground: (fn) => inLane(BACKGROUND_LANE, fn),
    maxAgeMs: 0,
  })
  await health.ready()
  let held = true
  const hold = enterLane('exporter', () => busy().execute(db)).then(() => {
    held = false
  })
  await new Promise((resolve) => setImmediate(resolve))
  const answer = await health.health()
  assert.ok(held, "answered while the other caller's statement still ran")
  assert.is(answer.database, 'ok')
  // The stale reading is taken again, in the background, once: the two asks share it.
  await health.health()
  assert.is(reads, 2, 'one new reading for the two asks')
  await hold

  const gone = embeddedHealth({ read: health.health, alive: () => false, inBackground: (fn) => fn() })
  assert.is((await gone.health()).database, 'unavailable', 'a thread that ended is a database that is unavailable')
})

test('a transaction is one turn: no other statement runs inside it', async () => {
  await sql`create table if not exists turn_probe (n int)`.execute(db)
  const seen = await enterLane('writer', () =>
    db.transaction().execute(async (trx) => {
      await sql`insert into turn_probe values (1)`.execute(trx)
      // Another caller's write, asked while the transaction holds the database, waits for its end.
      const other = enterLane('other', () => sql`insert into turn_probe values (2)`.execute(db))
      await new Promise((resolve) => setImmediate(resolve))
      const { rows } = await sql<{ n: number }>`select n from turn_probe order by n`.execute(trx)
      await sql`rollback`.execute(trx).catch(() => undefined)
      return { rows: rows.map((row) => row.n), other }
    }),
  ).catch((error: unknown) => error)
  if (seen instanceof Error) throw seen
  const result = seen as { rows: number[]; other: Promise<unknown> }
  await result.other
  assert.equal(result.rows, [1], "the other caller's row was not written inside the transaction")
  await sql`drop table turn_probe`.execute(db)
})

test('a caller with too many statements waiting is answered 503; another caller is served', async () => {
  const hold = enterLane('holder', () => busy().execute(db))
  const flood = Array.from({ length: 270 }, () =>
    enterLane('flood', () => sql`select 1`.execute(db)).then(
      () => 'ok',
      (error: unknown) => error,
    ),
  )
  const other = enterLane('calm', () => sql`select 2 as two`.execute(db))
  const outcomes = await Promise.all(flood)
  await hold
  assert.ok(outcomes.some(isServiceUnavailable), 'statements past the bound of one caller are refused as service_unavailable')
  assert.ok(outcomes.filter((outcome) => outcome === 'ok').length >= 256, 'those within the bound ran')
  assert.equal((await other).rows, [{ two: 2 }])
})

test("the database's errors keep their code and constraint, and never its statement", async () => {
  await sql`create table if not exists unique_probe (n int primary key)`.execute(db)
  await sql`insert into unique_probe values (1)`.execute(db)
  const error = (await sql`insert into unique_probe values (1)`.execute(db).catch((e: unknown) => e)) as Record<string, unknown>
  assert.is(error.code, '23505')
  assert.is(error.constraint, 'unique_probe_pkey')
  assert.is(error.query, undefined, 'the statement stays in the thread')
  assert.is(error.params, undefined)
  await sql`drop table unique_probe`.execute(db)
})

test('the upkeep analyses a table once enough of it was written, and vacuums one with many dead rows', async () => {
  await sql`create schema if not exists upkeep_probe`.execute(db)
  await sql`create table upkeep_probe.rows (id int primary key, label text, extra jsonb)`.execute(db)
  const upkeep = startEmbeddedUpkeep(db, {
    schema: 'upkeep_probe',
    intervalMs: 3_600_000,
    onError: (error) => assert.unreachable(String(error)),
  })
  try {
    assert.equal(await upkeep.runOnce(), { analyzed: ['rows'], vacuumed: [] }, 'a table never analysed is analysed')
    assert.equal(await upkeep.runOnce(), { analyzed: [], vacuumed: [] }, 'and then left alone while nothing changes')
    await sql`insert into upkeep_probe.rows select i, 'row ' || i, '{}' from generate_series(1, 2000) as g(i)`.execute(db)
    assert.equal(await upkeep.runOnce(), { analyzed: ['rows'], vacuumed: [] })
    const { rows } = await sql<{
      tuples: number
    }>`select reltuples::float8 as tuples from pg_class where oid = 'upkeep_probe.rows'::regclass`.execute(db)
    assert.is(rows[0]?.tuples, 2000, 'the planner knows how many rows it has')
    await sql`delete from upkeep_probe.rows where id <= 1500`.execute(db)
    assert.equal(await upkeep.runOnce(), { analyzed: ['rows'], vacuumed: ['rows'] })
  } finally {
    await upkeep.stop()
    await sql`drop schema upkeep_probe cascade`.execute(db)
  }
})

test.run()
