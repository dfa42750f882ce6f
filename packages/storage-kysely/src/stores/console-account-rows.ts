import type { ConsoleLinkRecord, ConsolePersonRecord, ConsoleRole } from '@canvass/core'
import type { Selectable } from 'kysely'
import type { ConsoleLinksTable, ConsolePeopleTable } from '../postgres/database'

/** Thrown inside a transaction to roll it back with an outcome. */
export class Rollback<T> {
  constructor(readonly outcome: T) {}
}

export function personRow(person: ConsolePersonRecord): Selectable<ConsolePeopleTable> {
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

export function toPerson(row: Selectable<ConsolePeopleTable>): ConsolePersonRecord {
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

export function toLink(row: Selectable<ConsoleLinksTable>): ConsoleLinkRecord {
  return {
    hash: row.hash,
    projectId: row.project_id,
    personId: row.person_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
  }
}
