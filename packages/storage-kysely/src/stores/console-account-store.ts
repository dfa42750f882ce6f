import type { ConsoleAccountRecord, ConsoleAccountStore, ConsolePersonRecord } from '@canvass/core'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { Rollback, accountRow, insertMembership, selectPeople, toAccount, toPerson } from './console-account-rows'
import { createConsoleLinkStore, createConsoleSessionStore } from './console-sessions-and-links'

/**
 * The console's accounts, memberships, sessions and one-time links. A change of a person's role or a removal
 * locks the project's row first (`for no key update`), so changes of one project's people run one at a time
 * and the count of owners each one reads is current: the last owner cannot be demoted or removed, whatever
 * runs beside. A removal then locks the account's row (`for update`), and an addition holds it (`for key
 * share`) from the moment it finds it: the account of a last membership is removed only when no addition to
 * it is under way.
 */
export function createConsoleAccountStore(db: Kysely<Database>): ConsoleAccountStore {
  return {
    ...createConsoleSessionStore(db),
    ...createConsoleLinkStore(db),
    async addPerson(person) {
      if (!isStorable(person.account.email) || !isStorable(person.projectId)) return { outcome: 'already_member' }
      try {
        return await db.transaction().execute(async (trx) => {
          const { account, created } = await accountFor(trx, person.account)
          if (!created && person.account.passwordHash !== null) throw new Rollback('account_exists' as const)
          const membership = {
            id: person.id,
            projectId: person.projectId,
            accountId: account.id,
            role: person.role,
            createdAt: person.createdAt,
          }
          if (!(await insertMembership(trx, membership))) throw new Rollback('already_member' as const)
          const added: ConsolePersonRecord = {
            ...membership,
            email: account.email,
            passwordHash: account.passwordHash,
            updatedAt: person.createdAt,
          }
          return { outcome: 'created' as const, person: added, accountCreated: created }
        })
      } catch (error) {
        if (error instanceof Rollback) return { outcome: error.outcome as 'already_member' | 'account_exists' }
        throw error
      }
    },

    async getPerson(id) {
      if (!isStorable(id)) return null
      const row = await selectPeople(db).where('p.id', '=', id).executeTakeFirst()
      return row ? toPerson(row) : null
    },

    async getAccount(id) {
      if (!isStorable(id)) return null
      const row = await db.selectFrom('console_accounts').selectAll().where('id', '=', id).executeTakeFirst()
      return row ? toAccount(row) : null
    },

    async findAccountByEmail(email) {
      if (!isStorable(email)) return null
      const row = await db.selectFrom('console_accounts').selectAll().where('email', '=', email).executeTakeFirst()
      return row ? toAccount(row) : null
    },

    async listMemberships(accountId) {
      if (!isStorable(accountId)) return []
      const rows = await selectPeople(db).where('p.account_id', '=', accountId).orderBy('p.created_at').orderBy('p.id').execute()
      return rows.map(toPerson)
    },

    async listPeople(projectId) {
      if (!isStorable(projectId)) return []
      const rows = await selectPeople(db)
        .where('p.project_id', '=', projectId)
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
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

    async setPasswordHash(accountId, passwordHash, now, expected) {
      if (!isStorable(accountId)) return false
      let update = db.updateTable('console_accounts').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', accountId)
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
        await trx.selectFrom('console_accounts').select('id').where('id', '=', person.account_id).forUpdate().execute()
        await trx.deleteFrom('console_people').where('id', '=', personId).execute()
        const other = await trx
          .selectFrom('console_people')
          .select('id')
          .where('account_id', '=', person.account_id)
          .limit(1)
          .executeTakeFirst()
        // Nobody's account is kept: its sessions and links go with it (foreign keys `on delete cascade`).
        if (!other) await trx.deleteFrom('console_accounts').where('id', '=', person.account_id).execute()
        return 'deleted' as const
      })
    },
  }
}

/** Locks the project's row and answers the person and how many owners the project has. */
async function lockedPerson(trx: Transaction<Database>, projectId: string, personId: string) {
  await trx.selectFrom('projects').select('id').where('id', '=', projectId).forNoKeyUpdate().execute()
  const person = await trx
    .selectFrom('console_people')
    .select(['id', 'role', 'account_id'])
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

/** The account of `email`, created from `account` when there is none; held (`for key share`) until the transaction ends. */
async function accountFor(trx: Transaction<Database>, account: ConsoleAccountRecord) {
  // Twice at most: an account found gone (its last membership removed meanwhile) is then made anew.
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await trx
      .insertInto('console_accounts')
      .values(accountRow(account))
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (inserted) return { account, created: true }
    const found = await trx.selectFrom('console_accounts').selectAll().where('email', '=', account.email).forKeyShare().executeTakeFirst()
    if (found) return { account: toAccount(found), created: false }
  }
  throw new Error(`the console account of ${account.email} was neither found nor made`)
}
