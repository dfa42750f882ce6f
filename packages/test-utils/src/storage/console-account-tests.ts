import type { ConsoleLinkRecord, ConsolePersonRecord, ConsoleRole } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { seedProject } from './seed'
import type { StorageTest } from './storage-test'

/** The console's people, sessions and one-time links (docs/console-accounts.md): the atomic guards above all. */
export const consoleAccountTests: StorageTest[] = [
  {
    name: 'console people: insert, find by id and email, list newest first; an email is unique within its project only',
    async run({ storage }) {
      const { projectId } = await seedProject(storage)
      const other = await seedProject(storage)
      const base = Date.now()
      const first = makePerson(projectId, 'owner', { createdAt: new Date(base), passwordHash: 'scrypt$14$8$1$c2FsdA$aGFzaA' })
      const second = makePerson(projectId, 'viewer', { createdAt: new Date(base + 1000) })
      assert.is(await storage.consoleAccounts.insertPerson(first), 'created')
      assert.is(await storage.consoleAccounts.insertPerson(second), 'created')
      assert.equal(await storage.consoleAccounts.getPerson(first.id), first)
      assert.equal(await storage.consoleAccounts.findPeopleByEmail(second.email), [second])
      assert.equal(await storage.consoleAccounts.listPeople(projectId), [second, first])
      assert.is(await storage.consoleAccounts.insertPerson(makePerson(projectId, 'editor', { email: first.email })), 'email_taken')
      // Another project's person with the same email: a person of their own, found with the first, oldest first.
      const elsewhere = makePerson(other.projectId, 'owner', { email: first.email, createdAt: new Date(base + 2000) })
      assert.is(await storage.consoleAccounts.insertPerson(elsewhere), 'created')
      assert.equal(await storage.consoleAccounts.listPeople(other.projectId), [elsewhere])
      assert.equal(await storage.consoleAccounts.findPeopleByEmail(first.email), [first, elsewhere])
      assert.is(await storage.consoleAccounts.countPeople(projectId), 2)
      assert.ok((await storage.consoleAccounts.countPeople()) >= 3)
      assert.is(await storage.consoleAccounts.getPerson('\u0000'), null)
      assert.equal(await storage.consoleAccounts.findPeopleByEmail(`${freshId()}@example.com`), [])
      assert.equal(await storage.consoleAccounts.findPeopleByEmail('\u0000'), [])
      assert.ok(await storage.consoleAccounts.setPasswordHash(second.id, 'scrypt$14$8$1$eA$eQ', new Date(base + 2000)))
      assert.is((await storage.consoleAccounts.getPerson(second.id))?.passwordHash, 'scrypt$14$8$1$eA$eQ')
      assert.is(await storage.consoleAccounts.setPasswordHash(freshId(), null, new Date()), false)
    },
  },
  {
    name: 'console people: concurrent inserts of one email in one project: one is created, the other is email_taken',
    async run({ storage }) {
      const { projectId } = await seedProject(storage)
      const other = await seedProject(storage)
      const email = `${freshId()}@example.com`
      const outcomes = await Promise.all(
        [0, 1, 2].map(() => storage.consoleAccounts.insertPerson(makePerson(projectId, 'viewer', { email }))),
      )
      assert.equal(outcomes.sort(), ['created', 'email_taken', 'email_taken'])
      assert.is((await storage.consoleAccounts.findPeopleByEmail(email)).length, 1)
      // In two projects at once, both are made.
      const email2 = `${freshId()}@example.com`
      const both = await Promise.all(
        [projectId, other.projectId].map((id) => storage.consoleAccounts.insertPerson(makePerson(id, 'viewer', { email: email2 }))),
      )
      assert.equal(both, ['created', 'created'])
    },
  },
  {
    name: 'console people: a password hash set over an expected one only, also by concurrent calls',
    async run({ storage }) {
      const { projectId } = await seedProject(storage)
      const person = makePerson(projectId, 'editor')
      await storage.consoleAccounts.insertPerson(person)
      const now = new Date()
      const hashes = ['scrypt$14$8$1$YQ$YQ', 'scrypt$14$8$1$Yg$Yg', 'scrypt$14$8$1$Yw$Yw']
      // Two writers that both read "no password": one sets theirs, the other finds it there and changes nothing.
      const outcomes = await Promise.all(
        hashes.slice(0, 2).map((hash) => storage.consoleAccounts.setPasswordHash(person.id, hash, now, null)),
      )
      assert.equal(outcomes.filter(Boolean).length, 1, `one of them (${outcomes})`)
      const set = (await storage.consoleAccounts.getPerson(person.id))?.passwordHash
      assert.is(set, hashes[outcomes.indexOf(true)])
      assert.is(await storage.consoleAccounts.setPasswordHash(person.id, hashes[2] as string, now, null), false, 'not over none')
      assert.is(await storage.consoleAccounts.setPasswordHash(person.id, hashes[2] as string, now, 'scrypt$14$8$1$eg$eg'), false)
      assert.is((await storage.consoleAccounts.getPerson(person.id))?.passwordHash, set, 'unchanged')
      assert.is(await storage.consoleAccounts.setPasswordHash(person.id, hashes[2] as string, now, set), true, 'over the one it is')
      assert.is((await storage.consoleAccounts.getPerson(person.id))?.passwordHash, hashes[2])
    },
  },
  {
    name: 'console people: the last owner of a project can be neither demoted nor removed',
    async run({ storage }) {
      const { projectId } = await seedProject(storage)
      const owner = makePerson(projectId, 'owner')
      const editor = makePerson(projectId, 'editor')
      await storage.consoleAccounts.insertPerson(owner)
      await storage.consoleAccounts.insertPerson(editor)
      const now = new Date()
      assert.is(await storage.consoleAccounts.setRole(projectId, owner.id, 'editor', now), 'last_owner')
      assert.is(await storage.consoleAccounts.deletePerson(projectId, owner.id), 'last_owner')
      assert.is((await storage.consoleAccounts.getPerson(owner.id))?.role, 'owner')
      assert.is(await storage.consoleAccounts.setRole(projectId, editor.id, 'owner', now), 'updated')
      assert.is(await storage.consoleAccounts.setRole(projectId, owner.id, 'viewer', now), 'updated')
      assert.is(await storage.consoleAccounts.deletePerson(projectId, owner.id), 'deleted')
      assert.is(await storage.consoleAccounts.getPerson(owner.id), null)
      assert.is(await storage.consoleAccounts.deletePerson(projectId, editor.id), 'last_owner')
      const elsewhere = await seedProject(storage)
      assert.is(await storage.consoleAccounts.setRole(elsewhere.projectId, editor.id, 'viewer', now), 'not_found', 'another project')
      assert.is(await storage.consoleAccounts.deletePerson(projectId, freshId()), 'not_found')
    },
  },
  {
    name: 'console people: concurrent demotions and removals of the last two owners leave one owner',
    async run({ storage }) {
      for (const change of ['demote', 'remove', 'mixed'] as const) {
        const { projectId } = await seedProject(storage)
        const owners = [makePerson(projectId, 'owner'), makePerson(projectId, 'owner')]
        for (const owner of owners) await storage.consoleAccounts.insertPerson(owner)
        const outcomes = await Promise.all(
          owners.map((owner, i) =>
            change === 'demote' || (change === 'mixed' && i === 0)
              ? storage.consoleAccounts.setRole(projectId, owner.id, 'viewer', new Date())
              : storage.consoleAccounts.deletePerson(projectId, owner.id),
          ),
        )
        assert.is(outcomes.filter((outcome) => outcome === 'last_owner').length, 1, `${change}: one is refused (${outcomes})`)
        const left = (await storage.consoleAccounts.listPeople(projectId)).filter((person) => person.role === 'owner')
        assert.is(left.length, 1, `${change}: one owner is left`)
      }
    },
  },
  {
    name: 'console sessions: found while live with their person, ended by delete and with the person',
    async run({ storage }) {
      const { projectId } = await seedProject(storage)
      const person = makePerson(projectId, 'editor')
      await storage.consoleAccounts.insertPerson(person)
      const now = new Date()
      const session = { hash: randomHash(), personId: person.id, createdAt: now, expiresAt: new Date(now.getTime() + 60_000) }
      await storage.consoleAccounts.insertSession(session)
      assert.equal(await storage.consoleAccounts.findSession(session.hash, now), { session, person })
      assert.is(await storage.consoleAccounts.findSession(session.hash, session.expiresAt), null, 'expired at expiresAt')
      assert.is(await storage.consoleAccounts.findSession(randomHash(), now), null)
      await storage.consoleAccounts.deleteSession(session.hash)
      assert.is(await storage.consoleAccounts.findSession(session.hash, now), null)
      const again = { ...session, hash: randomHash() }
      await storage.consoleAccounts.insertSession(again)
      await storage.consoleAccounts.insertPerson(makePerson(projectId, 'owner'))
      assert.is(await storage.consoleAccounts.deletePerson(projectId, person.id), 'deleted')
      assert.is(await storage.consoleAccounts.findSession(again.hash, now), null, 'gone with the person')
    },
  },
  {
    name: 'console links: a person link is consumed once, also by concurrent calls; expired and used ones are not found',
    async run({ storage }) {
      const { projectId } = await seedProject(storage)
      const person = makePerson(projectId, 'viewer')
      await storage.consoleAccounts.insertPerson(person)
      const now = new Date()
      const link = makeLink(projectId, person.id, now)
      await storage.consoleAccounts.insertLink(link)
      assert.equal(await storage.consoleAccounts.findLink(link.hash, now), link)
      assert.is(await storage.consoleAccounts.findLink(link.hash, link.expiresAt), null, 'expired at expiresAt')
      assert.is(await storage.consoleAccounts.consumeLink(link.hash, link.expiresAt), null, 'an expired link is not used')
      const used = await Promise.all(Array.from({ length: 6 }, () => storage.consoleAccounts.consumeLink(link.hash, now)))
      const winners = used.filter((record) => record !== null)
      assert.is(winners.length, 1, 'exactly one call uses the link')
      assert.equal(winners[0], { ...link, usedAt: now })
      assert.is(await storage.consoleAccounts.findLink(link.hash, now), null, 'a used link is not found')
      const firstOwner = makeLink(projectId, null, now)
      await storage.consoleAccounts.insertLink(firstOwner)
      assert.is(await storage.consoleAccounts.consumeLink(firstOwner.hash, now), null, 'a first-owner link is no person link')
    },
  },
  {
    name: 'console links: a first-owner link makes one owner, once; an email of its project leaves the link usable, of another not',
    async run({ storage }) {
      const { projectId } = await seedProject(storage)
      const taken = makePerson(projectId, 'viewer')
      await storage.consoleAccounts.insertPerson(taken)
      const now = new Date()
      const link = makeLink(projectId, null, now)
      await storage.consoleAccounts.insertLink(link)
      const owner = (email: string) => ({ id: freshId(), email, passwordHash: null, createdAt: now, updatedAt: now })
      assert.equal(await storage.consoleAccounts.consumeFirstOwnerLink(link.hash, now, owner(taken.email)), { outcome: 'email_taken' })
      assert.ok(await storage.consoleAccounts.findLink(link.hash, now), 'still usable')
      // The email of another project's person is no conflict: one of the calls makes an owner with it.
      const elsewhere = await seedProject(storage)
      const theirs = makePerson(elsewhere.projectId, 'owner')
      await storage.consoleAccounts.insertPerson(theirs)
      const outcomes = await Promise.all(
        [theirs.email, `${freshId()}@example.com`, `${freshId()}@example.com`].map((email) =>
          storage.consoleAccounts.consumeFirstOwnerLink(link.hash, now, owner(email)),
        ),
      )
      const created = outcomes.filter((outcome) => outcome.outcome === 'created')
      assert.is(created.length, 1, 'exactly one owner')
      assert.is(outcomes.filter((outcome) => outcome.outcome === 'link_not_valid').length, 2)
      const made = created[0] as { person: ConsolePersonRecord }
      assert.is(made.person.role, 'owner')
      assert.is(made.person.projectId, projectId)
      assert.equal(await storage.consoleAccounts.getPerson(made.person.id), made.person)
      const personLink = makeLink(projectId, taken.id, now)
      await storage.consoleAccounts.insertLink(personLink)
      assert.equal(await storage.consoleAccounts.consumeFirstOwnerLink(personLink.hash, now, owner(`${freshId()}@example.com`)), {
        outcome: 'link_not_valid',
      })
    },
  },
  {
    name: 'console links: a first-owner link makes no owner once the project has one, even two links at once',
    async run({ storage }) {
      const now = new Date()
      const owner = () => ({ id: freshId(), email: `${freshId()}@example.com`, passwordHash: null, createdAt: now, updatedAt: now })
      const { projectId } = await seedProject(storage)
      await storage.consoleAccounts.insertPerson(makePerson(projectId, 'owner'))
      const late = makeLink(projectId, null, now)
      await storage.consoleAccounts.insertLink(late)
      assert.equal(await storage.consoleAccounts.consumeFirstOwnerLink(late.hash, now, owner()), { outcome: 'link_not_valid' })
      assert.is(await storage.consoleAccounts.countPeople(projectId), 1)
      const fresh = await seedProject(storage)
      const links = [makeLink(fresh.projectId, null, now), makeLink(fresh.projectId, null, now)]
      for (const link of links) await storage.consoleAccounts.insertLink(link)
      const outcomes = await Promise.all(links.map((link) => storage.consoleAccounts.consumeFirstOwnerLink(link.hash, now, owner())))
      assert.equal(outcomes.map((outcome) => outcome.outcome).sort(), ['created', 'link_not_valid'])
      assert.is(await storage.consoleAccounts.countPeople(fresh.projectId), 1)
    },
  },
  {
    name: 'console people: removing a person removes their links',
    async run({ storage }) {
      const { projectId } = await seedProject(storage)
      const person = makePerson(projectId, 'viewer')
      await storage.consoleAccounts.insertPerson(person)
      await storage.consoleAccounts.insertPerson(makePerson(projectId, 'owner'))
      const link = makeLink(projectId, person.id, new Date())
      await storage.consoleAccounts.insertLink(link)
      assert.is(await storage.consoleAccounts.deletePerson(projectId, person.id), 'deleted')
      assert.is(await storage.consoleAccounts.findLink(link.hash, new Date()), null)
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
