import type { ConsoleAccountStore, ConsolePersonRecord, ConsoleSessionRecord, ConsoleSignInMethod } from '@canvass/core'
import type { Kysely, Selectable } from 'kysely'
import type { ConsoleSessionsTable, Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { Rollback, accountRow, insertMembership, toAccount, toLink } from './console-account-rows'

/** The console's sign-in sessions (an account's), found by the hash of their token; each insert also drops the expired ones. */
export function createConsoleSessionStore(
  db: Kysely<Database>,
): Pick<
  ConsoleAccountStore,
  'insertSession' | 'findSession' | 'deleteSession' | 'touchSession' | 'listSessions' | 'deleteSessionById' | 'deleteAccountSessions'
> {
  return {
    async insertSession(session) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('console_sessions').where('expires_at', '<=', session.createdAt).execute()
        await trx
          .insertInto('console_sessions')
          .values({
            hash: session.hash,
            id: session.id,
            account_id: session.accountId,
            person_id: null,
            created_at: session.createdAt,
            expires_at: session.expiresAt,
            last_seen_at: session.lastSeenAt,
            user_agent: session.userAgent,
            address: session.address,
            method: session.method,
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
        .select([
          's.hash as session_hash',
          's.id as session_id',
          's.created_at as session_created_at',
          's.expires_at as session_expires_at',
          's.last_seen_at as session_last_seen_at',
          's.user_agent as session_user_agent',
          's.address as session_address',
          's.method as session_method',
        ])
        .where('s.hash', '=', hash)
        .where('s.expires_at', '>', now)
        .executeTakeFirst()
      if (!row) return null
      const session = toSession({
        hash: row.session_hash,
        id: row.session_id,
        account_id: row.id,
        created_at: row.session_created_at,
        expires_at: row.session_expires_at,
        last_seen_at: row.session_last_seen_at,
        user_agent: row.session_user_agent,
        address: row.session_address,
        method: row.session_method,
      })
      return { session, account: toAccount(row) }
    },

    async deleteSession(hash) {
      if (!isStorable(hash)) return
      await db.deleteFrom('console_sessions').where('hash', '=', hash).execute()
    },

    async touchSession(hash, now, seenBefore) {
      if (!isStorable(hash)) return false
      // One conditional statement: no read first, so concurrent requests write once and an ended session stays ended.
      const result = await db
        .updateTable('console_sessions')
        .set({ last_seen_at: now })
        .where('hash', '=', hash)
        .where('last_seen_at', '<=', seenBefore)
        .where('expires_at', '>', now)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    async listSessions(accountId, now, seenAfter, limit) {
      if (!isStorable(accountId)) return []
      const rows = await db
        .selectFrom('console_sessions')
        .select(['hash', 'id', 'account_id', 'created_at', 'expires_at', 'last_seen_at', 'user_agent', 'address', 'method'])
        .where('account_id', '=', accountId)
        .where('expires_at', '>', now)
        .where('last_seen_at', '>', seenAfter)
        .orderBy('last_seen_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute()
      return rows.map(toSession)
    },

    async deleteSessionById(accountId, id) {
      if (!isStorable(accountId) || !isStorable(id)) return false
      const result = await db.deleteFrom('console_sessions').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },

    async deleteAccountSessions(accountId, exceptHash) {
      if (!isStorable(accountId)) return 0
      let query = db.deleteFrom('console_sessions').where('account_id', '=', accountId)
      if (exceptHash !== undefined) query = query.where('hash', '<>', exceptHash)
      const result = await query.executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}

function toSession(row: Omit<Selectable<ConsoleSessionsTable>, 'person_id'>): ConsoleSessionRecord {
  return {
    hash: row.hash,
    id: row.id,
    accountId: row.account_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastSeenAt: row.last_seen_at,
    userAgent: row.user_agent,
    address: row.address,
    method: row.method as ConsoleSignInMethod | null,
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
            mailed: link.mailed,
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
