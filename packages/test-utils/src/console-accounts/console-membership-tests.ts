import * as assert from 'uvu/assert'
import { freshId } from '../storage/fresh-id'
import { seedProject } from '../storage/seed'
import { add, makePerson, makeSession } from './console-account-fixtures'
import type { ConsoleAccountStorageTest } from './console-account-test'

/** Accounts and their memberships: one account per email, one membership per project, and no account kept for nobody. */
export const consoleMembershipTests: ConsoleAccountStorageTest[] = [
  {
    name: 'console people: add, find by id, list newest first; an email is one account, a person of each project once',
    async run({ storage, accounts }) {
      const { projectId } = await seedProject(storage)
      const other = await seedProject(storage)
      const base = Date.now()
      const hash = 'scrypt$14$8$1$c2FsdA$aGFzaA'
      const first = await add(accounts, makePerson(projectId, 'owner', { createdAt: new Date(base), passwordHash: hash }))
      const second = await add(accounts, makePerson(projectId, 'viewer', { createdAt: new Date(base + 1000) }))
      assert.is(first.passwordHash, hash)
      assert.equal(await accounts.getPerson(first.id), first)
      assert.equal(await accounts.listPeople(projectId), [second, first])
      assert.equal(await accounts.getAccount(first.accountId), {
        id: first.accountId,
        email: first.email,
        passwordHash: hash,
        createdAt: new Date(base),
        updatedAt: new Date(base),
      })
      assert.equal(await accounts.findAccountByEmail(first.email), await accounts.getAccount(first.accountId))
      assert.equal(await accounts.addPerson(makePerson(projectId, 'editor', { email: first.email })), { outcome: 'already_member' })
      // The email in another project: the same account, a membership of its own with its own role.
      const joined = await accounts.addPerson(
        makePerson(other.projectId, 'editor', { email: first.email, createdAt: new Date(base + 2000) }),
      )
      assert.is(joined.outcome, 'created')
      const elsewhere = (joined as { person: typeof first; accountCreated: boolean }).person
      assert.is((joined as { accountCreated: boolean }).accountCreated, false)
      assert.equal(
        [elsewhere.accountId, elsewhere.projectId, elsewhere.role, elsewhere.passwordHash],
        [first.accountId, other.projectId, 'editor', hash],
      )
      assert.equal(await accounts.listPeople(other.projectId), [elsewhere])
      assert.equal(await accounts.listMemberships(first.accountId), [first, elsewhere], 'oldest first')
      // A password only for an account made here: nothing is written.
      const third = await seedProject(storage)
      assert.equal(await accounts.addPerson(makePerson(third.projectId, 'viewer', { email: first.email, passwordHash: hash })), {
        outcome: 'account_exists',
      })
      assert.equal(await accounts.listPeople(third.projectId), [])
      assert.is(await accounts.countPeople(projectId), 2)
      assert.ok((await accounts.countPeople()) >= 3)
      assert.is(await accounts.getPerson('\u0000'), null)
      assert.is(await accounts.getAccount('\u0000'), null)
      assert.is(await accounts.findAccountByEmail(`${freshId()}@example.com`), null)
      assert.is(await accounts.findAccountByEmail('\u0000'), null)
      assert.equal(await accounts.listMemberships(freshId()), [])
    },
  },
  {
    name: 'console people: concurrent adds of one email make one account; in one project one membership, in two projects two',
    async run({ storage, accounts }) {
      const { projectId } = await seedProject(storage)
      const other = await seedProject(storage)
      const email = `${freshId()}@example.com`
      const outcomes = await Promise.all([0, 1, 2].map(() => accounts.addPerson(makePerson(projectId, 'viewer', { email }))))
      assert.equal(outcomes.map((outcome) => outcome.outcome).sort(), ['already_member', 'already_member', 'created'])
      const email2 = `${freshId()}@example.com`
      const both = await Promise.all(
        [projectId, other.projectId].map((id) => accounts.addPerson(makePerson(id, 'viewer', { email: email2 }))),
      )
      assert.equal(
        both.map((outcome) => outcome.outcome),
        ['created', 'created'],
      )
      const made = both.map((outcome) => (outcome as { person: { accountId: string } }).person.accountId)
      assert.is(made[0], made[1], 'one account')
      assert.is((await accounts.listMemberships(made[0] as string)).length, 2)
    },
  },
  {
    name: "console people: removing a membership ends nothing else; removing an account's last one removes the account, its sessions and links",
    async run({ storage, accounts }) {
      const a = await seedProject(storage)
      const b = await seedProject(storage)
      for (const { projectId } of [a, b]) await add(accounts, makePerson(projectId, 'owner'))
      const email = `${freshId()}@example.com`
      const inA = await add(accounts, makePerson(a.projectId, 'editor', { email }))
      const inB = await add(accounts, makePerson(b.projectId, 'viewer', { email }))
      const now = new Date()
      const session = { ...makeSession(inA.accountId, now), hash: freshHash() }
      await accounts.insertSession(session)
      const link = {
        hash: freshHash(),
        projectId: null,
        accountId: inA.accountId,
        createdAt: now,
        expiresAt: session.expiresAt,
        usedAt: null,
        mailed: false,
      }
      await accounts.insertLink(link)
      assert.is(await accounts.deletePerson(a.projectId, inA.id), 'deleted')
      assert.is(await accounts.getPerson(inA.id), null)
      assert.equal(await accounts.listMemberships(inA.accountId), [inB])
      assert.ok(await accounts.findSession(session.hash, now), 'the session stays')
      assert.ok(await accounts.findLink(link.hash, now), 'the link stays')
      assert.is(await accounts.deletePerson(b.projectId, inB.id), 'deleted')
      assert.is(await accounts.getAccount(inA.accountId), null, 'the account of nobody goes')
      assert.is(await accounts.findAccountByEmail(email), null)
      assert.is(await accounts.findSession(session.hash, now), null, 'with its sessions')
      assert.is(await accounts.findLink(link.hash, now), null, 'and its links')
      // The email is free again: adding it makes a new account.
      const again = await add(accounts, makePerson(a.projectId, 'viewer', { email }))
      assert.is.not(again.accountId, inA.accountId)
    },
  },
  {
    name: "console people: removing an account's last membership while it is added elsewhere leaves the account with the new one",
    async run({ storage, accounts }) {
      for (let round = 0; round < 4; round++) {
        const a = await seedProject(storage)
        const b = await seedProject(storage)
        await add(accounts, makePerson(a.projectId, 'owner'))
        const email = `${freshId()}@example.com`
        const inA = await add(accounts, makePerson(a.projectId, 'viewer', { email }))
        const [removed, added] = await Promise.all([
          accounts.deletePerson(a.projectId, inA.id),
          accounts.addPerson(makePerson(b.projectId, 'editor', { email })),
        ])
        assert.is(removed, 'deleted')
        assert.is(added.outcome, 'created')
        const person = (added as { person: { id: string; accountId: string } }).person
        assert.ok(await accounts.getPerson(person.id), `round ${round}: the membership added is there`)
        assert.ok(await accounts.getAccount(person.accountId), `round ${round}: with its account`)
      }
    },
  },
]

function freshHash(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}
