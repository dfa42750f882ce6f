import type { ConsoleLinkRecord, ConsolePersonRecord, ConsoleRole } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from '../storage/fresh-id'
import { seedProject } from '../storage/seed'
import type { ConsoleAccountStorageTest } from './console-account-test'

/** The console's people, sessions and one-time links (docs/console-accounts.md): the atomic guards above all. */
export const consoleAccountTests: ConsoleAccountStorageTest[] = [
  {
    name: 'console people: insert, find by id and email, list newest first; an email is unique within its project only',
    async run({ storage, accounts }) {
      const { projectId } = await seedProject(storage)
      const other = await seedProject(storage)
      const base = Date.now()
      const first = makePerson(projectId, 'owner', { createdAt: new Date(base), passwordHash: 'scrypt$14$8$1$c2FsdA$aGFzaA' })
      const second = makePerson(projectId, 'viewer', { createdAt: new Date(base + 1000) })
      assert.is(await accounts.insertPerson(first), 'created')
      assert.is(await accounts.insertPerson(second), 'created')
      assert.equal(await accounts.getPerson(first.id), first)
      assert.equal(await accounts.findPeopleByEmail(second.email), [second])
      assert.equal(await accounts.listPeople(projectId), [second, first])
      assert.is(await accounts.insertPerson(makePerson(projectId, 'editor', { email: first.email })), 'email_taken')
      // Another project's person with the same email: a person of their own, found with the first, oldest first.
      const elsewhere = makePerson(other.projectId, 'owner', { email: first.email, createdAt: new Date(base + 2000) })
      assert.is(await accounts.insertPerson(elsewhere), 'created')
      assert.equal(await accounts.listPeople(other.projectId), [elsewhere])
      assert.equal(await accounts.findPeopleByEmail(first.email), [first, elsewhere])
      assert.is(await accounts.countPeople(projectId), 2)
      assert.ok((await accounts.countPeople()) >= 3)
      assert.is(await accounts.getPerson('\u0000'), null)
      assert.equal(await accounts.findPeopleByEmail(`${freshId()}@example.com`), [])
      assert.equal(await accounts.findPeopleByEmail('\u0000'), [])
      assert.ok(await accounts.setPasswordHash(second.id, 'scrypt$14$8$1$eA$eQ', new Date(base + 2000)))
      assert.is((await accounts.getPerson(second.id))?.passwordHash, 'scrypt$14$8$1$eA$eQ')
      assert.is(await accounts.setPasswordHash(freshId(), null, new Date()), false)
    },
  },
  {
    name: 'console people: concurrent inserts of one email in one project: one is created, the other is email_taken',
    async run({ storage, accounts }) {
      const { projectId } = await seedProject(storage)
      const other = await seedProject(storage)
      const email = `${freshId()}@example.com`
      const outcomes = await Promise.all([0, 1, 2].map(() => accounts.insertPerson(makePerson(projectId, 'viewer', { email }))))
      assert.equal(outcomes.sort(), ['created', 'email_taken', 'email_taken'])
      assert.is((await accounts.findPeopleByEmail(email)).length, 1)
      // In two projects at once, both are made.
      const email2 = `${freshId()}@example.com`
      const both = await Promise.all(
        [projectId, other.projectId].map((id) => accounts.insertPerson(makePerson(id, 'viewer', { email: email2 }))),
      )
      assert.equal(both, ['created', 'created'])
    },
  },
  {
    name: 'console people: a password hash set over an expected one only, also by concurrent calls',
    async run({ storage, accounts }) {
      const { projectId } = await seedProject(storage)
      const person = makePerson(projectId, 'editor')
      await accounts.insertPerson(person)
      const now = new Date()
      const hashes = ['scrypt$14$8$1$YQ$YQ', 'scrypt$14$8$1$Yg$Yg', 'scrypt$14$8$1$Yw$Yw']
      // Two writers that both read "no password": one sets theirs, the other finds it there and changes nothing.
      const outcomes = await Promise.all(hashes.slice(0, 2).map((hash) => accounts.setPasswordHash(person.id, hash, now, null)))
      assert.equal(outcomes.filter(Boolean).length, 1, `one of them (${outcomes})`)
      const set = (await accounts.getPerson(person.id))?.passwordHash
      assert.is(set, hashes[outcomes.indexOf(true)])
      assert.is(await accounts.setPasswordHash(person.id, hashes[2] as string, now, null), false, 'not over none')
      assert.is(await accounts.setPasswordHash(person.id, hashes[2] as string, now, 'scrypt$14$8$1$eg$eg'), false)
      assert.is((await accounts.getPerson(person.id))?.passwordHash, set, 'unchanged')
      assert.is(await accounts.setPasswordHash(person.id, hashes[2] as string, now, set), true, 'over the one it is')
      assert.is((await accounts.getPerson(person.id))?.passwordHash, hashes[2])
    },
  },
  {
    name: 'console people: the last owner of a project can be neither demoted nor removed',
    async run({ storage, accounts }) {
      const { projectId } = await seedProject(storage)
      const owner = makePerson(projectId, 'owner')
      const editor = makePerson(projectId, 'editor')
      await accounts.insertPerson(owner)
      await accounts.insertPerson(editor)
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
        const owners = [makePerson(projectId, 'owner'), makePerson(projectId, 'owner')]
        for (const owner of owners) await accounts.insertPerson(owner)
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
    name: 'console sessions: found while live with their person, ended by delete and with the person',
    async run({ storage, accounts }) {
      const { projectId } = await seedProject(storage)
      const person = makePerson(projectId, 'editor')
      await accounts.insertPerson(person)
      const now = new Date()
      const session = { hash: randomHash(), personId: person.id, createdAt: now, expiresAt: new Date(now.getTime() + 60_000) }
      await accounts.insertSession(session)
      assert.equal(await accounts.findSession(session.hash, now), { session, person })
      assert.is(await accounts.findSession(session.hash, session.expiresAt), null, 'expired at expiresAt')
      assert.is(await accounts.findSession(randomHash(), now), null)
      await accounts.deleteSession(session.hash)
      assert.is(await accounts.findSession(session.hash, now), null)
      const again = { ...session, hash: randomHash() }
      await accounts.insertSession(again)
      await accounts.insertPerson(makePerson(projectId, 'owner'))
      assert.is(await accounts.deletePerson(projectId, person.id), 'deleted')
      assert.is(await accounts.findSession(again.hash, now), null, 'gone with the person')
    },
  },
  {
    name: 'console links: a person link is consumed once, also by concurrent calls; expired and used ones are not found',
    async run({ storage, accounts }) {
      const { projectId } = await seedProject(storage)
      const person = makePerson(projectId, 'viewer')
      await accounts.insertPerson(person)
      const now = new Date()
      const link = makeLink(projectId, person.id, now)
      await accounts.insertLink(link)
      assert.equal(await accounts.findLink(link.hash, now), link)
      assert.is(await accounts.findLink(link.hash, link.expiresAt), null, 'expired at expiresAt')
      assert.is(await accounts.consumeLink(link.hash, link.expiresAt), null, 'an expired link is not used')
      const used = await Promise.all(Array.from({ length: 6 }, () => accounts.consumeLink(link.hash, now)))
      const winners = used.filter((record) => record !== null)
      assert.is(winners.length, 1, 'exactly one call uses the link')
      assert.equal(winners[0], { ...link, usedAt: now })
      assert.is(await accounts.findLink(link.hash, now), null, 'a used link is not found')
      const firstOwner = makeLink(projectId, null, now)
      await accounts.insertLink(firstOwner)
      assert.is(await accounts.consumeLink(firstOwner.hash, now), null, 'a first-owner link is no person link')
    },
  },
  {
    name: 'console links: a first-owner link makes one owner, once; an email of its project leaves the link usable, of another not',
    async run({ storage, accounts }) {
      const { projectId } = await seedProject(storage)
      const taken = makePerson(projectId, 'viewer')
      await accounts.insertPerson(taken)
      const now = new Date()
      const link = makeLink(projectId, null, now)
      await accounts.insertLink(link)
      const owner = (email: string) => ({ id: freshId(), email, passwordHash: null, createdAt: now, updatedAt: now })
      assert.equal(await accounts.consumeFirstOwnerLink(link.hash, now, owner(taken.email)), { outcome: 'email_taken' })
      assert.ok(await accounts.findLink(link.hash, now), 'still usable')
      // The email of another project's person is no conflict: one of the calls makes an owner with it.
      const elsewhere = await seedProject(storage)
      const theirs = makePerson(elsewhere.projectId, 'owner')
      await accounts.insertPerson(theirs)
      const outcomes = await Promise.all(
        [theirs.email, `${freshId()}@example.com`, `${freshId()}@example.com`].map((email) =>
          accounts.consumeFirstOwnerLink(link.hash, now, owner(email)),
        ),
      )
      const created = outcomes.filter((outcome) => outcome.outcome === 'created')
      assert.is(created.length, 1, 'exactly one owner')
      assert.is(outcomes.filter((outcome) => outcome.outcome === 'link_not_valid').length, 2)
      const made = created[0] as { person: ConsolePersonRecord }
      assert.is(made.person.role, 'owner')
      assert.is(made.person.projectId, projectId)
      assert.equal(await accounts.getPerson(made.person.id), made.person)
      const personLink = makeLink(projectId, taken.id, now)
      await accounts.insertLink(personLink)
      assert.equal(await accounts.consumeFirstOwnerLink(personLink.hash, now, owner(`${freshId()}@example.com`)), {
        outcome: 'link_not_valid',
      })
    },
  },
  {
    name: 'console links: a first-owner link makes no owner once the project has one, even two links at once',
    async run({ storage, accounts }) {
      const now = new Date()
      const owner = () => ({ id: freshId(), email: `${freshId()}@example.com`, passwordHash: null, createdAt: now, updatedAt: now })
      const { projectId } = await seedProject(storage)
      await accounts.insertPerson(makePerson(projectId, 'owner'))
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
  {
    name: 'console people: removing a person removes their links',
    async run({ storage, accounts }) {
      const { projectId } = await seedProject(storage)
      const person = makePerson(projectId, 'viewer')
      await accounts.insertPerson(person)
      await accounts.insertPerson(makePerson(projectId, 'owner'))
      const link = makeLink(projectId, person.id, new Date())
      await accounts.insertLink(link)
      assert.is(await accounts.deletePerson(projectId, person.id), 'deleted')
      assert.is(await accounts.findLink(link.hash, new Date()), null)
    },
  },
]

function makePerson(projectId: string, role: ConsoleRole, overrides: Partial<ConsolePersonRecord> = {}): ConsolePersonRecord {
  const now = overrides.createdAt ?? new Date()
  return {
    id: freshId(),
    projectId,
    email: `${freshId()}@example.com`,
    role,
    passwordHash: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  }
}

function makeLink(projectId: string, personId: string | null, now: Date): ConsoleLinkRecord {
  return { hash: randomHash(), projectId, personId, createdAt: now, expiresAt: new Date(now.getTime() + 60_000), usedAt: null }
}

function randomHash(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}
