/**
 * Bounds on contacts (docs/design.md, "Limits and input"): the client routes, which take no key, cannot grow a contact past 100
 * attributes or 64 KiB of values, nor an environment past 150 keys created by clients. Past a bound: 400
 * naming it, and nothing written. The rules on PGlite; concurrent writers on the Postgres server, where they
 * run at once.
 */
import { randomBytes } from 'node:crypto'
import { availableBackends, badRequest, errorOf, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { skipTest } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const TOO_MANY_ATTRIBUTES = badRequest('Too many attributes for this contact', { attributes: 'A contact holds at most 100 attributes' })
const TOO_MANY_BYTES = badRequest('Attribute values too large for this contact', {
  attributes: "A contact's attribute values hold at most 65536 bytes (UTF-8) together",
})
const TOO_MANY_KEYS = badRequest('Too many attribute keys in this environment', {
  attributes: 'Clients create at most 150 attribute keys per environment; existing keys stay settable',
})

const hex = (length: number) =>
  randomBytes(Math.ceil(length / 2))
    .toString('hex')
    .slice(0, length)
/** `count` attributes named `prefix0…`, each with `value(i)`. */
const attributes = (prefix: string, count: number, value: (i: number) => string = (i) => `v${i}`) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, value(i)]))

const put = (x: TestCanvass, environmentId: string, userId: string, body: Record<string, string>) =>
  x.call('PUT', `/api/v1/client/${environmentId}/contacts/${userId}/attributes`, { body: { attributes: body } })
const postUser = (x: TestCanvass, environmentId: string, userId: string, body: Record<string, string>) =>
  x.call('POST', `/api/v1/client/${environmentId}/user`, { body: { userId, attributes: body } })
const attributesOf = async (x: TestCanvass, environmentId: string, userId: string) => {
  const people = await x.call('GET', '/api/v1/management/people?limit=1000', { key: environmentId === x.envA ? x.keyA : x.keyB })
  return people.body.data.find((p: { userId: string }) => p.userId === userId)?.attributes
}
const keyCount = async (x: TestCanvass, key: string) =>
  (await x.call('GET', '/api/v1/management/contact-attribute-keys?limit=1000', { key })).body.data.length

const { test: rules, bed: pglite } = suiteWithBed('pglite: bounds on contacts', { backend: 'pglite' })

rules('100 attributes per contact: the 101st is 400 through both routes, nothing written; existing ones stay settable', async () => {
  const x = pglite()
  const full = attributes('count', 100)
  assert.is((await put(x, x.envA, 'full', full)).status, 200)
  const keys = await keyCount(x, x.keyA)
  assert.equal(errorOf(await put(x, x.envA, 'full', { count0: 'changed', extra: 'x' })), TOO_MANY_ATTRIBUTES)
  assert.equal(errorOf(await postUser(x, x.envA, 'full', { extra: 'x' })), TOO_MANY_ATTRIBUTES)
  assert.equal(await attributesOf(x, x.envA, 'full'), full, 'nothing written')
  assert.is(await keyCount(x, x.keyA), keys, 'no key created')
  assert.equal(errorOf(await postUser(x, x.envA, 'born-full', attributes('count', 101))), TOO_MANY_ATTRIBUTES)
  assert.is(await attributesOf(x, x.envA, 'born-full'), undefined, 'no contact created')
  const changed = await postUser(x, x.envA, 'full', { count0: 'changed', count99: 'too' })
  assert.is(changed.status, 200)
  assert.is((await attributesOf(x, x.envA, 'full')).count0, 'changed')
})

rules(
  '64 KiB of values per contact: six values of 10,000 characters fit, a seventh is 400 through both routes, nothing written',
  async () => {
    const x = pglite()
    const heavy = attributes('heavy', 6, () => hex(10_000))
    assert.is((await put(x, x.envA, 'heavy', heavy)).status, 200)
    assert.equal(errorOf(await put(x, x.envA, 'heavy', { heavy6: hex(10_000) })), TOO_MANY_BYTES)
    assert.equal(errorOf(await postUser(x, x.envA, 'heavy', { heavy6: hex(5_537) })), TOO_MANY_BYTES)
    assert.equal(await attributesOf(x, x.envA, 'heavy'), heavy, 'nothing written')
    assert.is((await postUser(x, x.envA, 'heavy', { heavy6: hex(5_536) })).status, 200, 'exactly 65,536 bytes')
    assert.is((await put(x, x.envA, 'heavy', { heavy0: 'short' })).status, 200, 'a smaller value')
  },
)

rules(
  '150 keys created by clients per environment: the 151st is 400, nothing written; existing and default keys stay settable',
  async () => {
    const x = pglite()
    const before = await keyCount(x, x.keyB)
    for (let i = 0; i < 15; i++) assert.is((await put(x, x.envB, `creator-${i}`, attributes(`c${i}x`, 10))).status, 200)
    assert.is(await keyCount(x, x.keyB), before + 150)
    assert.equal(errorOf(await put(x, x.envB, 'late', { c0x0: 'v', newest: 'v' })), TOO_MANY_KEYS)
    assert.equal(errorOf(await postUser(x, x.envB, 'late', { newest: 'v' })), TOO_MANY_KEYS)
    assert.is(await attributesOf(x, x.envB, 'late'), undefined, 'no contact created')
    assert.is(await keyCount(x, x.keyB), before + 150, 'no key created')
    const managed = await x.call('POST', '/api/v1/management/contact-attribute-keys', { key: x.keyB, body: { key: 'managed' } })
    assert.is(managed.status, 200, 'the management API is not bounded by the client bound')
    const existing = await put(x, x.envB, 'late', { c0x0: 'v', c14x9: 'w', email: 'late@example.com', managed: 'm' })
    assert.is(existing.status, 200)
  },
)

rules.run()

const RACE = 'postgres: concurrent writers against the key bound'
if (!availableBackends().includes('postgres')) {
  const race = suite(RACE)
  const reason = 'TEST_DATABASE_URL is unset; races need the Postgres server'
  skipTest(race, '20 concurrent PUTs of 10 new keys each: exactly 15 accepted', reason)
  race.run()
} else {
  const { test: race, bed: server } = suiteWithBed(RACE, { backend: 'postgres' })
  race(
    '20 concurrent PUTs of 10 new keys each against 150: exactly 15 × 200 and 5 × 400, 150 keys stored (2 rounds, one per environment)',
    async () => {
      const x = server()
      for (const [round, environmentId, key] of [
        [0, x.envA, x.keyA],
        [1, x.envB, x.keyB],
      ] as const) {
        const before = await keyCount(x, key)
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => put(x, environmentId, `racer-${round}-${i}`, attributes(`r${round}w${i}k`, 10))),
        )
        assert.is(answers.filter((a) => a.status === 200).length, 15, `round ${round}: accepted`)
        const refused = answers.filter((a) => a.status !== 200)
        assert.is(refused.length, 5, `round ${round}: refused`)
        for (const answer of refused) assert.equal(errorOf(answer), TOO_MANY_KEYS)
        assert.is(await keyCount(x, key), before + 150, `round ${round}: keys stored`)
      }
    },
  )
  race.run()
}
