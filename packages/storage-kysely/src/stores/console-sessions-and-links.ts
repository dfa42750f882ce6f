import type { ConsoleAccountStore, ConsolePersonRecord, ConsoleSessionRecord } from '@canvass/core'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { Rollback, accountRow, insertMembership, toAccount, toLink } from './console-account-rows'

/** The console's sign-in sessions (an account's), found by the hash of their token; each insert also drops the expired ones. */
export function createConsoleSessionStore(
  db: Kysely<Database>,
): Pick<ConsoleAccountStore, 'insertSession' | 'findSession' | 'deleteSession'> {
  return {
    async insertSession(session) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('console_sessions').where('expires_at', '<=', session.createdAt).execute()
        await trx
          .insertInto('console_sessions')
          .values({
            hash: session.hash,
            account_id: session.accountId,
            person_id: null,
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
        .innerJoin('console_accounts as a', 'a.id', 's.account_id')
        .selectAll('a')
        .select(['s.hash as session_hash', 's.created_at as session_created_at', 's.expires_at as session_expires_at'])
        .where('s.hash', '=', hash)
        .where('s.expires_at', '>', now)
        .executeTakeFirst()
      if (!row) return null
      const session: ConsoleSessionRecord = {
        hash: row.session_hash,
        accountId: row.id,
        createdAt: row.session_created_at,
        expiresAt: row.session_expires_at,
      }
      return { session, account: toAccount(row) }
    },

    async deleteSession(hash) {
      if (!isStorable(hash)) return
      await db.deleteFrom('console_sessions').where('hash', '=', hash).execute()
    },
  }
}

/** The console's one-time links: each used once, atomically, and a first-owner link makes one owner per project. */
export function createConsoleLinkStore(
  db: Kysely<Database>,
): Pick<ConsoleAccountStore, 'insertLink' | 'findLink' | 'consumeLink' | 'consumeFirstOwnerLink'> {
  return {
    async insertLink(link) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('console_links').where('expires_at', '<=', link.createdAt).execute()
        await trx
          .insertInto('console_links')
          .values({
            hash: link.hash,
            project_id: link.projectId,
            account_id: link.accountId,
            person_id: null,
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
        .where('account_id', 'is not', null)
        .returningAll()
        .executeTakeFirst()
      return row ? toLink(row) : null
    },

    async consumeFirstOwnerLink(hash, now, owner) {
      if (!isStorable(hash) || !isStorable(owner.account.email)) return { outcome: 'link_not_valid' }
      try {
        return await db.transaction().execute(async (trx) => {
          const link = await trx
            .updateTable('console_links')
            .set({ used_at: now })
            .where('hash', '=', hash)
            .where('used_at', 'is', null)
            .where('expires_at', '>', now)
            .where('account_id', 'is', null)
            .where('project_id', 'is not', null)
            .returningAll()
            .executeTakeFirst()
          if (!link?.project_id) throw new Rollback('link_not_valid' as const)
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
          const account = await trx
            .insertInto('console_accounts')
            .values(accountRow(owner.account))
            .onConflict((oc) => oc.column('email').doNothing())
            .returning('id')
            .executeTakeFirst()
          // Undoes the link's use: it stays usable with another email.
          if (!account) throw new Rollback('email_taken' as const)
          const person: ConsolePersonRecord = {
            id: owner.id,
            projectId: link.project_id,
            accountId: owner.account.id,
            email: owner.account.email,
            role: 'owner',
            passwordHash: owner.account.passwordHash,
            createdAt: owner.account.createdAt,
            updatedAt: owner.account.createdAt,
          }
          await insertMembership(trx, person)
          return { outcome: 'created' as const, person }
        })
      } catch (error) {
        if (error instanceof Rollback) return { outcome: error.outcome as 'link_not_valid' | 'email_taken' }
        throw error
      }
    },
  }
}
