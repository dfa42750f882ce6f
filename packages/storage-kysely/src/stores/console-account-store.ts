import type { ConsoleAccountStore, ConsoleLinkRecord, ConsolePersonRecord, ConsoleRole, ConsoleSessionRecord } from '@canvass/core'
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { ConsoleLinksTable, ConsolePeopleTable, Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'

/** Thrown inside a transaction to roll it back with an outcome. */
class Rollback<T> {
  constructor(readonly outcome: T) {}
}

/**
 * The console's people, sessions and one-time links. A change of a person's role or a removal locks the
 * project's row first (`for no key update`), so changes of one project's people run one at a time and the
 * count of owners each one reads is current: the last owner cannot be demoted or removed, whatever runs beside.
 */
export function createConsoleAccountStore(db: Kysely<Database>): ConsoleAccountStore {
  /** Locks the project's row and answers the person and how many owners the project has. */
  async function lockedPerson(trx: Transaction<Database>, projectId: string, personId: string) {
    await trx.selectFrom('projects').select('id').where('id', '=', projectId).forNoKeyUpdate().execute()
    const person = await trx
      .selectFrom('console_people')
      .selectAll()
      .where('id', '=', personId)
      .where('project_id', '=', projectId)
      .executeTakeFirst()
    const { owners } = await trx
      .selectFrom('console_people')
      .select((eb) => eb.fn.countAll<string | number>().as('owners'))
      .where('project_id', '=', projectId)
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow()
    return { person, owners: Number(owners) }
  }

  return {
    async insertPerson(person) {
      const inserted = await db
        .insertInto('console_people')
        .values(personRow(person))
        .onConflict((oc) => oc.columns(['project_id', 'email']).doNothing())
        .returning('id')
        .executeTakeFirst()
      return inserted ? 'created' : 'email_taken'
    },

    async getPerson(id) {
      if (!isStorable(id)) return null
      const row = await db.selectFrom('console_people').selectAll().where('id', '=', id).executeTakeFirst()
      return row ? toPerson(row) : null
    },

    async findPeopleByEmail(email) {
      if (!isStorable(email)) return []
      const rows = await db
        .selectFrom('console_people')
        .selectAll()
        .where('email', '=', email)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
      return rows.map(toPerson)
    },

    async listPeople(projectId) {
      if (!isStorable(projectId)) return []
      const rows = await db
        .selectFrom('console_people')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
      return rows.map(toPerson)
    },

    async countPeople(projectId) {
      if (projectId !== undefined && !isStorable(projectId)) return 0
      let query = db.selectFrom('console_people').select((eb) => eb.fn.countAll<string | number>().as('count'))
      if (projectId !== undefined) query = query.where('project_id', '=', projectId)
      const { count } = await query.executeTakeFirstOrThrow()
      return Number(count)
    },

    async setRole(projectId, personId, role, now) {
      if (!isStorable(projectId) || !isStorable(personId)) return 'not_found'
      return db.transaction().execute(async (trx) => {
        const { person, owners } = await lockedPerson(trx, projectId, personId)
        if (!person) return 'not_found' as const
        if (person.role === 'owner' && role !== 'owner' && owners <= 1) return 'last_owner' as const
        await trx.updateTable('console_people').set({ role, updated_at: now }).where('id', '=', personId).execute()
        return 'updated' as const
      })
    },

    async setPasswordHash(personId, passwordHash, now, expected) {
      if (!isStorable(personId)) return false
      let update = db.updateTable('console_people').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', personId)
      // One statement: the row lock makes the check and the write one step.
      if (expected !== undefined) update = update.where('password_hash', expected === null ? 'is' : '=', expected)
      const result = await update.executeTakeFirst()
      return result.numUpdatedRows > 0n
    },

    async deletePerson(projectId, personId) {
      if (!isStorable(projectId) || !isStorable(personId)) return 'not_found'
      return db.transaction().execute(async (trx) => {
        const { person, owners } = await lockedPerson(trx, projectId, personId)
        if (!person) return 'not_found' as const
        if (person.role === 'owner' && owners <= 1) return 'last_owner' as const
        // Sessions and links go with the person (foreign keys `on delete cascade`).
        await trx.deleteFrom('console_people').where('id', '=', personId).execute()
        return 'deleted' as const
      })
    },

    async insertSession(session) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('console_sessions').where('expires_at', '<=', session.createdAt).execute()
        await trx
          .insertInto('console_sessions')
          .values({
            hash: session.hash,
            person_id: session.personId,
            created_at: session.createdAt,
            expires_at: session.expiresAt,
          })
          .execute()
      })
    },

    async findSession(hash, now) {
      if (!isStorable(hash)) return null
      const row = await db
        .selectFrom('console_sessions as s')
        .innerJoin('console_people as p', 'p.id', 's.person_id')
        .selectAll('p')
        .select(['s.hash as session_hash', 's.created_at as session_created_at', 's.expires_at as session_expires_at'])
        .where('s.hash', '=', hash)
        .where('s.expires_at', '>', now)
        .executeTakeFirst()
      if (!row) return null
      const session: ConsoleSessionRecord = {
        hash: row.session_hash,
        personId: row.id,
        createdAt: row.session_created_at,
        expiresAt: row.session_expires_at,
      }
      return { session, person: toPerson(row) }
    },

    async deleteSession(hash) {
      if (!isStorable(hash)) return
      await db.deleteFrom('console_sessions').where('hash', '=', hash).execute()
    },

    async insertLink(link) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('console_links').where('expires_at', '<=', link.createdAt).execute()
        await trx
          .insertInto('console_links')
          .values({
            hash: link.hash,
            project_id: link.projectId,
            person_id: link.personId,
            created_at: link.createdAt,
            expires_at: link.expiresAt,
            used_at: link.usedAt,
          })
          .execute()
      })
    },

    async findLink(hash, now) {
      if (!isStorable(hash)) return null
      const row = await db
        .selectFrom('console_links')
        .selectAll()
        .where('hash', '=', hash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst()
      return row ? toLink(row) : null
    },

    async consumeLink(hash, now) {
      if (!isStorable(hash)) return null
      // One statement: the row lock of the update lets exactly one of concurrent calls see `used_at` null.
      const row = await db
        .updateTable('console_links')
        .set({ used_at: now })
        .where('hash', '=', hash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('person_id', 'is not', null)
        .returningAll()
        .executeTakeFirst()
      return row ? toLink(row) : null
    },

    async consumeFirstOwnerLink(hash, now, owner) {
      if (!isStorable(hash)) return { outcome: 'link_not_valid' }
      try {
        return await db.transaction().execute(async (trx) => {
          const link = await trx
            .updateTable('console_links')
            .set({ used_at: now })
            .where('hash', '=', hash)
            .where('used_at', 'is', null)
            .where('expires_at', '>', now)
            .where('person_id', 'is', null)
            .returningAll()
            .executeTakeFirst()
          if (!link) throw new Rollback('link_not_valid' as const)
          // It makes the first owner only: once the project has one, a link left in old logs makes no other. The
          // project's row is locked first, so that two first-owner links used at once make one owner.
          await trx.selectFrom('projects').select('id').where('id', '=', link.project_id).forNoKeyUpdate().execute()
          const anOwner = await trx
            .selectFrom('console_people')
            .select('id')
            .where('project_id', '=', link.project_id)
            .where('role', '=', 'owner')
            .limit(1)
            .executeTakeFirst()
          if (anOwner) throw new Rollback('link_not_valid' as const)
          const person: ConsolePersonRecord = { ...owner, projectId: link.project_id, role: 'owner' }
          const inserted = await trx
            .insertInto('console_people')
            .values(personRow(person))
            .onConflict((oc) => oc.columns(['project_id', 'email']).doNothing())
            .returning('id')
            .executeTakeFirst()
          // Undoes the link's use: it stays usable with another email.
          if (!inserted) throw new Rollback('email_taken' as const)
          return { outcome: 'created' as const, person }
        })
      } catch (error) {
        if (error instanceof Rollback) return { outcome: error.outcome as 'link_not_valid' | 'email_taken' }
        throw error
      }
    },
  }
}

function personRow(person: ConsolePersonRecord): Selectable<ConsolePeopleTable> {
  return {
    id: person.id,
    project_id: person.projectId,
    email: person.email,
    role: person.role,
    password_hash: person.passwordHash,
    created_at: person.createdAt,
    updated_at: person.updatedAt,
  }
}

function toPerson(row: Selectable<ConsolePeopleTable>): ConsolePersonRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    email: row.email,
    role: row.role as ConsoleRole,
    passwordHash: row.password_hash,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

function toLink(row: Selectable<ConsoleLinksTable>): ConsoleLinkRecord {
  return {
    hash: row.hash,
    projectId: row.project_id,
    personId: row.person_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
  }
}
