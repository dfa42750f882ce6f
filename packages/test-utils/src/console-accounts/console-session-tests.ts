import * as assert from 'uvu/assert'
import { freshId } from '../storage/fresh-id'
import { seedProject } from '../storage/seed'
import { add, makePerson, makeSession } from './console-account-fixtures'
import type { ConsoleAccountStorageTest } from './console-account-test'

/** What owners and people see and end of sessions: their activity, kept and listed, touched once, ended by id or all. */
export const consoleSessionTests: ConsoleAccountStorageTest[] = [
  {
    name: 'console sessions: kept with their id, last use, browser, address and method; listed live and recently used, newest use first',
    async run({ storage, accounts }) {
      const { projectId } = await seedProject(storage)
      const person = await add(accounts, makePerson(projectId, 'viewer'))
      const other = await add(accounts, makePerson(projectId, 'owner'))
      const now = new Date()
      const at = (seconds: number) => new Date(now.getTime() + seconds * 1000)
      const old = makeSession(person.accountId, at(-600), { lastSeenAt: at(-600), expiresAt: at(3600), method: 'link' })
      const recent = makeSession(person.accountId, at(-300), {
        lastSeenAt: at(-10),
        expiresAt: at(3600),
        method: 'sso:okta',
        userAgent: null,
      })
      const idle = makeSession(person.accountId, at(-7200), { lastSeenAt: at(-7200), expiresAt: at(3600), address: null })
      const expired = makeSession(person.accountId, at(-7200), { lastSeenAt: at(-5), expiresAt: at(-1) })
      const theirs = makeSession(other.accountId, now, { expiresAt: at(3600) })
      for (const session of [expired, old, recent, idle, theirs]) await accounts.insertSession(session)
      assert.equal((await accounts.findSession(recent.hash, now))?.session, recent, 'every field kept')
      assert.equal(await accounts.listSessions(person.accountId, now, at(-3600), 100), [recent, old], 'live, used after the cut-off')
      assert.equal(await accounts.listSessions(person.accountId, now, at(-3600), 1), [recent], 'at most the limit')
      assert.equal((await accounts.listSessions(person.accountId, now, at(-86400), 100)).length, 3, 'the idle one with an older cut-off')
      assert.equal(await accounts.listSessions(freshId(), now, at(-86400), 100), [])
    },
  },
  {
    name: 'console sessions: a touch writes only over a last use at or before the given time, once of concurrent touches, never an ended one',
    async run({ storage, accounts }) {
      const { projectId } = await seedProject(storage)
      const person = await add(accounts, makePerson(projectId, 'editor'))
      const now = new Date()
      const session = makeSession(person.accountId, now, { expiresAt: new Date(now.getTime() + 3_600_000) })
      await accounts.insertSession(session)
      const later = new Date(now.getTime() + 30_000)
      assert.is(await accounts.touchSession(session.hash, later, new Date(later.getTime() - 60_000)), false, 'seen within the minute')
      assert.equal((await accounts.findSession(session.hash, later))?.session.lastSeenAt, now)
      const minuteOn = new Date(now.getTime() + 60_000)
      const writes = await Promise.all(
        Array.from({ length: 6 }, () => accounts.touchSession(session.hash, minuteOn, new Date(minuteOn.getTime() - 60_000))),
      )
      assert.is(writes.filter(Boolean).length, 1, `one write of six (${writes})`)
      assert.equal((await accounts.findSession(session.hash, minuteOn))?.session.lastSeenAt, minuteOn)
      await accounts.deleteSession(session.hash)
      const muchLater = new Date(now.getTime() + 600_000)
      assert.is(await accounts.touchSession(session.hash, muchLater, muchLater), false, 'an ended session is not brought back')
      assert.is(await accounts.findSession(session.hash, muchLater), null)
      assert.is(await accounts.touchSession(`${session.hash}\u0000`, muchLater, muchLater), false)
    },
  },
  {
    name: "console sessions: ended by id within their account only, or all of an account's (but one), with counts",
    async run({ storage, accounts }) {
      const { projectId } = await seedProject(storage)
      const person = await add(accounts, makePerson(projectId, 'viewer'))
      const other = await add(accounts, makePerson(projectId, 'owner'))
      const now = new Date()
      const live = { expiresAt: new Date(now.getTime() + 3_600_000) }
      const [a, b, c, d] = Array.from({ length: 4 }, () => makeSession(person.accountId, now, live))
      const theirs = makeSession(other.accountId, now, live)
      for (const session of [a, b, c, d, theirs]) await accounts.insertSession(session!)
      assert.is(await accounts.deleteSessionById(other.accountId, a!.id), false, "not another account's")
      assert.ok(await accounts.findSession(a!.hash, now))
      assert.is(await accounts.deleteSessionById(person.accountId, a!.id), true)
      assert.is(await accounts.deleteSessionById(person.accountId, a!.id), false, 'ended already')
      assert.is(await accounts.findSession(a!.hash, now), null)
      assert.is(await accounts.deleteAccountSessions(person.accountId, b!.hash), 2, 'all but one')
      assert.ok(await accounts.findSession(b!.hash, now), 'the one kept')
      const [first, second] = await Promise.all([
        accounts.deleteAccountSessions(person.accountId),
        accounts.deleteAccountSessions(person.accountId),
      ])
      assert.is(first! + second!, 1, 'concurrent ends count each session once')
      assert.equal(await accounts.listSessions(person.accountId, now, new Date(0), 100), [])
      assert.ok(await accounts.findSession(theirs.hash, now), "another account's stays")
      assert.is(await accounts.deleteAccountSessions(freshId()), 0)
    },
  },
]
