import type { ConsoleAccountRecord, ConsoleLinkRecord, ConsolePersonRecord, ConsoleRole } from '@canvass/core'
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { ConsoleAccountsTable, ConsoleLinksTable, Database } from '../postgres/database'

/** Thrown inside a transaction to roll it back with an outcome. */
export class Rollback<T> {
  constructor(readonly outcome: T) {}
}

export function accountRow(account: ConsoleAccountRecord): Selectable<ConsoleAccountsTable> {
  return {
    id: account.id,
    email: account.email,
    password_hash: account.passwordHash,
    created_at: account.createdAt,
    updated_at: account.updatedAt,
  }
}

export function toAccount(row: Selectable<ConsoleAccountsTable>): ConsoleAccountRecord {
  return { id: row.id, email: row.email, passwordHash: row.password_hash, createdAt: row.created_at, updatedAt: row.updated_at }
}

/** The people (memberships with their account's email and password hash), to narrow with `where`. */
export function selectPeople(db: Kysely<Database> | Transaction<Database>) {
  return db
    .selectFrom('console_people as p')
    .innerJoin('console_accounts as a', 'a.id', 'p.account_id')
    .select(['p.id', 'p.project_id', 'p.account_id', 'p.role', 'p.created_at', 'p.updated_at', 'a.email', 'a.password_hash'])
}

export function toPerson(row: {
  id: string
  project_id: string
  account_id: string
  role: string
  created_at: Date
  updated_at: Date
  email: string
  password_hash: string | null
}): ConsolePersonRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    accountId: row.account_id,
    email: row.email,
    role: row.role as ConsoleRole,
    passwordHash: row.password_hash,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** Inserts a membership (the person's own columns: `email` and `password_hash` are the account's); false when the account is a member already. */
export async function insertMembership(
  trx: Transaction<Database>,
  person: { id: string; projectId: string; accountId: string; role: ConsoleRole; createdAt: Date },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('console_people')
    .values({
      id: person.id,
      project_id: person.projectId,
      account_id: person.accountId,
      email: null,
      role: person.role,
      password_hash: null,
      created_at: person.createdAt,
      updated_at: person.createdAt,
    })
    .onConflict((oc) => oc.columns(['project_id', 'account_id']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return inserted !== undefined
}

export function toLink(row: Selectable<ConsoleLinksTable>): ConsoleLinkRecord {
  return {
    hash: row.hash,
    projectId: row.project_id,
    accountId: row.account_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    mailed: row.mailed,
  }
}
