import type { ConsolePersonRecord } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from '../storage/fresh-id'
import { seedProject } from '../storage/seed'
import { add, makeAccount, makeLink, makePerson, makeSession, randomHash } from './console-account-fixtures'
import type { ConsoleAccountStorageTest } from './console-account-test'
import { consoleMembershipTests } from './console-membership-tests'
import { consoleSessionTests } from './console-session-tests'

/** The console's accounts, memberships, sessions and one-time links (docs/console-accounts.md): the atomic guards above all. */
export const consoleAccountTests: ConsoleAccountStorageTest[] = [
  ...consoleMembershipTests,
  ...consoleSessionTests,
  {
    name: 'console accounts: a password hash set over an expected one only, also by concurrent calls',
    async run({ storage, accounts }) {
      const { projectId } = await seedProject(storage)
      const person = await add(accounts, makePerson(projectId, 'editor'))
      const now = new Date()
      const hashes = ['scrypt$14$8$1$YQ$YQ', 'scrypt$14$8$1$Yg$Yg', 'scrypt$14$8$1$Yw$Yw']
      // Two writers that both read "no password": one sets theirs, the other finds it there and changes nothing.
      const outcomes = await Promise.all(hashes.slice(0, 2).map((hash) => accounts.setPasswordHash(person.accountId, hash, now, null)))
      assert.equal(outcomes.filter(Boolean).length, 1, `one of them (${outcomes})`)
      const set = (await accounts.getAccount(person.accountId))?.passwordHash
      assert.is(set, hashes[outcomes.indexOf(true)])
      assert.is((await accounts.getPerson(person.id))?.passwordHash, set, "a person shows their account's hash")
      assert.is(await accounts.setPasswordHash(person.accountId, hashes[2] as string, now, null), false, 'not over none')
      assert.is(await accounts.setPasswordHash(person.accountId, hashes[2] as string, now, 'scrypt$14$8$1$eg$eg'), false)
      assert.is((await accounts.getAccount(person.accountId))?.passwordHash, set, 'unchanged')
      assert.is(await accounts.setPasswordHash(person.accountId, hashes[2] as string, now, set), true, 'over the one it is')
      assert.is((await accounts.getAccount(person.accountId))?.passwordHash, hashes[2])
      assert.is(await accounts.setPasswordHash(freshId(), null, now), false, 'no such account')
    },
  },
  {
    name: 'console people: the last owner of a project can be neither demoted nor removed',
    async run({ storage, accounts }) {
      const { projectId } = await seedProject(storage)
      const owner = await add(accounts, makePerson(projectId, 'owner'))
      const editor = await add(accounts, makePerson(projectId, 'editor'))
      const now = new Date()
      assert.is(await accounts.setRole(projectId, owner.id, 'editor', now), 'last_owner')
      assert.is(await accounts.deletePerson(projectId, owner.id), 'last_owner')
      assert.is((await accounts.getPerson(owner.id))?.role, 'owner')
      assert.is(await accounts.setRole(projectId, editor.id, 'owner', now), 'updated')
      assert.is(await accounts.setRole(projectId, owner.id, 'viewer', now), 'updated')
      assert.is(await accounts.deletePerson(projectId, owner.id), 'deleted')
      assert.is(await accounts.getPerson(owner.id), null)
      assert.is(await accounts.deletePerson(projectId, editor.id), 'last_owner')
      const elsewhere = await seedProject(storage)
      assert.is(await accounts.setRole(elsewhere.projectId, editor.id, 'viewer', now), 'not_found', 'another project')
      assert.is(await accounts.deletePerson(projectId, freshId()), 'not_found')
    },
  },
  {
    name: 'console people: concurrent demotions and removals of the last two owners leave one owner',
    async run({ storage, accounts }) {
      for (const change of ['demote', 'remove', 'mixed'] as const) {
        const { projectId } = await seedProject(storage)
        const owners = [await add(accounts, makePerson(projectId, 'owner')), await add(accounts, makePerson(projectId, 'owner'))]
        const outcomes = await Promise.all(
          owners.map((owner, i) =>
            change === 'demote' || (change === 'mixed' && i === 0)
              ? accounts.setRole(projectId, owner.id, 'viewer', new Date())
              : accounts.deletePerson(projectId, owner.id),
          ),
        )
        assert.is(outcomes.filter((outcome) => outcome === 'last_owner').length, 1, `${change}: one is refused (${outcomes})`)
        const left = (await accounts.listPeople(projectId)).filter((person) => person.role === 'owner')
        assert.is(left.length, 1, `${change}: one owner is left`)
      }
    },
  },
  {
    name: "console sessions: found while live with their account, ended by delete and with the account's last membership",
    async run({ storage, accounts }) {
      const { projectId } = await seedProject(storage)
      const person = await add(accounts, makePerson(projectId, 'editor'))
      await add(accounts, makePerson(projectId, 'owner'))
      const account = await accounts.getAccount(person.accountId)
      const now = new Date()
      const session = makeSession(person.accountId, now)
      await accounts.insertSession(session)
      assert.equal(await accounts.findSession(session.hash, now), { session, account })
      assert.is(await accounts.findSession(session.hash, session.expiresAt), null, 'expired at expiresAt')
      assert.is(await accounts.findSession(randomHash(), now), null)
      await accounts.deleteSession(session.hash)
      assert.is(await accounts.findSession(session.hash, now), null)
      const again = { ...session, hash: randomHash(), id: freshId() }
      await accounts.insertSession(again)
      assert.is(await accounts.deletePerson(projectId, person.id), 'deleted')
      assert.is(await accounts.findSession(again.hash, now), null, 'gone with the account')
    },
  },
  {
    name: 'console links: an account link is consumed once, also by concurrent calls; expired and used ones are not found',
    async run({ storage, accounts }) {
      const { projectId } = await seedProject(storage)
      const person = await add(accounts, makePerson(projectId, 'viewer'))
      const now = new Date()
      const link = makeLink(projectId, person.accountId, now)
      await accounts.insertLink(link)
      assert.equal(await accounts.findLink(link.hash, now), link)
      assert.is(await accounts.findLink(link.hash, link.expiresAt), null, 'expired at expiresAt')
      assert.is(await accounts.consumeLink(link.hash, link.expiresAt), null, 'an expired link is not used')
      const used = await Promise.all(Array.from({ length: 6 }, () => accounts.consumeLink(link.hash, now)))
      const winners = used.filter((record) => record !== null)
      assert.is(winners.length, 1, 'exactly one call uses the link')
      assert.equal(winners[0], { ...link, usedAt: now })
      assert.is(await accounts.findLink(link.hash, now), null, 'a used link is not found')
      const ofNoProject = makeLink(null, person.accountId, now)
      await accounts.insertLink(ofNoProject)
      assert.equal(await accounts.consumeLink(ofNoProject.hash, now), { ...ofNoProject, usedAt: now }, 'a link of no project')
      const mailed = makeLink(null, person.accountId, now, true)
      await accounts.insertLink(mailed)
      assert.equal(await accounts.findLink(mailed.hash, now), mailed, 'a mailed link is kept as mailed')
      assert.equal(await accounts.consumeLink(mailed.hash, now), { ...mailed, usedAt: now }, 'and used as mailed')
      const firstOwner = makeLink(projectId, null, now)
      await accounts.insertLink(firstOwner)
      assert.is(await accounts.consumeLink(firstOwner.hash, now), null, 'a first-owner link is no account link')
    },
  },
  {
    name: 'console links: a first-owner link makes one owner with a new account, once; an email that has an account leaves it usable',
    async run({ storage, accounts }) {
      const { projectId } = await seedProject(storage)
      const elsewhere = await seedProject(storage)
      const taken = await add(accounts, makePerson(elsewhere.projectId, 'viewer'))
      const now = new Date()
      const link = makeLink(projectId, null, now)
      await accounts.insertLink(link)
      const owner = (email: string) => ({ id: freshId(), account: makeAccount(email, now) })
      assert.equal(await accounts.consumeFirstOwnerLink(link.hash, now, owner(taken.email)), { outcome: 'email_taken' })
      assert.ok(await accounts.findLink(link.hash, now), 'still usable')
      assert.equal(await accounts.listPeople(projectId), [], 'nobody added')
      const outcomes = await Promise.all(
        [0, 1, 2].map(() => accounts.consumeFirstOwnerLink(link.hash, now, owner(`${freshId()}@example.com`))),
      )
      const created = outcomes.filter((outcome) => outcome.outcome === 'created')
      assert.is(created.length, 1, 'exactly one owner')
      assert.is(outcomes.filter((outcome) => outcome.outcome === 'link_not_valid').length, 2)
      const made = created[0] as { person: ConsolePersonRecord }
      assert.is(made.person.role, 'owner')
      assert.is(made.person.projectId, projectId)
      assert.equal(await accounts.getPerson(made.person.id), made.person)
      assert.is((await accounts.getAccount(made.person.accountId))?.email, made.person.email)
      const accountLink = makeLink(projectId, taken.accountId, now)
      await accounts.insertLink(accountLink)
      assert.equal(await accounts.consumeFirstOwnerLink(accountLink.hash, now, owner(`${freshId()}@example.com`)), {
        outcome: 'link_not_valid',
      })
    },
  },
  {
    name: 'console links: a first-owner link makes no owner once the project has one, even two links at once',
    async run({ storage, accounts }) {
      const now = new Date()
      const owner = () => ({ id: freshId(), account: makeAccount(`${freshId()}@example.com`, now) })
      const { projectId } = await seedProject(storage)
      await add(accounts, makePerson(projectId, 'owner'))
      const late = makeLink(projectId, null, now)
      await accounts.insertLink(late)
      assert.equal(await accounts.consumeFirstOwnerLink(late.hash, now, owner()), { outcome: 'link_not_valid' })
      assert.is(await accounts.countPeople(projectId), 1)
      const fresh = await seedProject(storage)
      const links = [makeLink(fresh.projectId, null, now), makeLink(fresh.projectId, null, now)]
      for (const link of links) await accounts.insertLink(link)
      const outcomes = await Promise.all(links.map((link) => accounts.consumeFirstOwnerLink(link.hash, now, owner())))
      assert.equal(outcomes.map((outcome) => outcome.outcome).sort(), ['created', 'link_not_valid'])
      assert.is(await accounts.countPeople(fresh.projectId), 1)
    },
  },
]
