import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/** The list indexes that respondents' traffic writes: a row for every display and every response. */
const LIST_INDEXES = [
  ['responses', 'environment_id'],
  ['responses', 'survey_id'],
  ['displays', 'environment_id'],
  ['displays', 'survey_id'],
] as const

/**
 * Migration 0001 built the list indexes as `(scope, created_at desc, id desc)`, the order lists are read in.
 * Rows arrive in time order, so each new entry went to the left end of its scope's range, where Postgres
 * splits a full page in half and never fills it again: the indexes of responses and displays grew to nearly
 * twice their size, and every few dozen inserts paid for a split. Built ascending, a new entry lands at the
 * right end of its range, where pages are split to stay full. Lists read the same index backwards, with the
 * same keyset condition, so no query changes. Each index is rebuilt under its old name (this holds writes to
 * the table while it builds).
 */
export function ascendingListIndexes(schema: string): Migration {
  return {
    up: (db) => rebuild(db, schema, ''),
    down: (db) => rebuild(db, schema, ' desc'),
  }
}

async function rebuild(db: Kysely<any>, schema: string, direction: '' | ' desc'): Promise<void> {
  for (const [table, scope] of LIST_INDEXES) {
    const name = `${table}_${scope}_created_at_id_idx`
    await sql`drop index if exists ${sql.id(schema, name)}`.execute(db)
    await sql`create index ${sql.id(name)} on ${sql.id(schema, table)}
      (${sql.id(scope)}, created_at${sql.raw(direction)}, id${sql.raw(direction)})`.execute(db)
  }
}
