/**
 * Any contact attribute value up to the documented 10,000 characters is stored and found (docs/design.md, "Limits and input"),
 * through both client routes that set attributes, for the unique key `email` and for other keys. On PGlite;
 * the storage conformance suite runs the same rule on the Postgres server.
 */
import { randomBytes } from 'node:crypto'
import { suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

/** Random hex: incompressible, as a value an index would have to hold whole. */
const hex = (length: number) =>
  randomBytes(Math.ceil(length / 2))
    .toString('hex')
    .slice(0, length)

/** An email address of `length` characters: an `email` attribute must be one. */
const longEmail = (length: number) => `${hex(length - '@example.com'.length)}@example.com`

const { test, bed } = suiteWithBed('long attribute values', { backend: 'pglite' })

test('PUT …/contacts/{userId}/attributes stores 2,700 and 10,000 random characters for email and a custom key, and finds the long email taken', async () => {
  const x = bed()
  for (const length of [2_700, 10_000]) {
    const email = longEmail(length)
    const plan = hex(length)
    const put = await x.call('PUT', `/api/v1/client/${x.envA}/contacts/long-put-${length}/attributes`, {
      body: { attributes: { email, plan } },
    })
    assert.is(put.status, 200, put.text)
    assert.equal([put.body.data.changed, put.body.data.details], [true, undefined])
    const seen = await x.call('GET', `/api/v1/client/${x.envA}/identify/contacts/long-put-${length}`)
    assert.is(seen.status, 200)
    const people = await x.call('GET', '/api/v1/management/people?limit=1000', { key: x.keyA })
    const person = people.body.data.find((p: { userId: string }) => p.userId === `long-put-${length}`)
    assert.equal(person.attributes, { email, plan }, `${length}: stored whole`)

    const rival = await x.call('PUT', `/api/v1/client/${x.envA}/contacts/long-rival-${length}/attributes`, {
      body: { attributes: { email } },
    })
    assert.is(rival.status, 200)
    assert.equal(rival.body.data.details, { email: 'This value is already taken by another contact' }, `${length}: unique value found`)
  }
})

test('POST …/user stores a 10,000-character email and custom value, and refuses the same email to another user with a message', async () => {
  const x = bed()
  const email = longEmail(10_000)
  const note = hex(10_000)
  const first = await x.call('POST', `/api/v1/client/${x.envA}/user`, { body: { userId: 'long-user-1', attributes: { email, note } } })
  assert.is(first.status, 200, first.text)
  assert.is(first.body.data.messages, undefined)
  const second = await x.call('POST', `/api/v1/client/${x.envA}/user`, { body: { userId: 'long-user-2', attributes: { email, note } } })
  assert.is(second.status, 200)
  assert.equal(second.body.data.messages, ['The value of email is already taken by another contact'])
  const people = await x.call('GET', '/api/v1/management/people?limit=1000', { key: x.keyA })
  const byUser = new Map(people.body.data.map((p: { userId: string; attributes: unknown }) => [p.userId, p.attributes]))
  assert.equal(byUser.get('long-user-1'), { email, note })
  assert.equal(byUser.get('long-user-2'), { note })
})

test.run()
