import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { precompiled, slots } from '../src/postgres/precompiled'
import { backends } from './backends'

/** PGlite in memory, empty (the run's empty database, no initdb). */
const pglite = backends()[0]!

/** A Kysely that compiles for Postgres and runs nothing. */
const cold = new Kysely<{ t: { a: string; b: string } }>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
})

const test = suite('precompiled: a statement compiled once, filled by slot name')

test('slots are distinct strings no caller sends, one per name', () => {
  const s = slots(['a', 'b'])
  assert.equal(Object.keys(s), ['a', 'b'])
  assert.is.not(s.a, s.b)
  assert.match(s.a, /^\u0000.*\u0000$/)
})

test('each value goes to the parameter of its slot, whatever the order of the slots and of the values', () => {
  const s = slots(['second', 'first'])
  const make = precompiled(sql`select ${s.first}::text, ${s.second}::text`.compile(cold), s)
  const query = make({ second: 'two', first: 'one' })
  assert.is(query.sql, 'select $1::text, $2::text')
  assert.equal(query.parameters, ['one', 'two'])
})

test('a slot used twice takes its value twice; a slot not used takes no parameter', () => {
  const s = slots(['used', 'unused'])
  const make = precompiled(sql`select ${s.used}::int + ${s.used}::int`.compile(cold), s)
  assert.equal(make({ used: 2, unused: 'ignored' }).parameters, [2, 2])
})

test('a query built with Kysely works the same as a template', () => {
  const s = slots(['a'])
  const make = precompiled(cold.selectFrom('t').select('b').where('a', '=', s.a).compile(), s)
  const query = make({ a: 'x' })
  assert.is(query.sql, 'select "b" from "t" where "a" = $1')
  assert.equal(query.parameters, ['x'])
})

test('a value baked into the query instead of a slot throws when it is precompiled', () => {
  const s = slots(['a'])
  assert.throws(
    () => precompiled(sql`select ${s.a}::text, ${'baked in'}::text`.compile(cold), s),
    /a parameter of a precompiled query is not a slot: baked in/,
  )
})

test('each call gets a query of its own; the text is compiled once', () => {
  const s = slots(['a'])
  const make = precompiled(sql`select ${s.a}::text`.compile(cold), s)
  const one = make({ a: '1' })
  const two = make({ a: '2' })
  assert.is(one.sql, two.sql)
  assert.equal([one.parameters, two.parameters], [['1'], ['2']])
})

test('on PGlite the values come back where their slots were', async () => {
  const open = await pglite.open()
  const db = open.db
  try {
    const s = slots(['n', 'text', 'nothing'])
    const make = precompiled(
      sql<{
        n: number
        text: string
        nothing: null
      }>`select ${s.n}::int as n, ${s.text}::text as text, ${s.nothing}::text as nothing`.compile(db),
      s,
    )
    assert.equal((await db.executeQuery(make({ text: 'hi', nothing: null, n: 7 }))).rows, [{ n: 7, text: 'hi', nothing: null }])
    assert.equal((await db.executeQuery(make({ text: 'again', nothing: null, n: 8 }))).rows, [{ n: 8, text: 'again', nothing: null }])
  } finally {
    await open.close()
  }
})

test.run()
