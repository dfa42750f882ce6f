import type { ConsoleAccountStore } from '@canvass/core'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { personRow, toPerson } from './console-account-rows'
import { createConsoleLinkStore, createConsoleSessionStore } from './console-sessions-and-links'

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
    ...createConsoleSessionStore(db),
    ...createConsoleLinkStore(db),
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
  }
}
