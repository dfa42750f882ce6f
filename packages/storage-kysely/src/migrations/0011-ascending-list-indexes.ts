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
 * Rows arrive in time order, so each new entry went to the left end of its scope's range. Where one scope takes
 * the rows (a deployment's one environment, a survey answered alone), that left end is a page Postgres splits in
 * half, and the left half never fills again: such an index grew to nearly twice its size, and every few dozen
 * inserts paid for a split. Built ascending, those entries land at the end of the index, whose last page
 * Postgres splits to leave it full, and which it finds without descending the tree. Where several scopes take
 * rows at once, their ranges interleave and pages split in half either way: nothing is lost there. Lists read
 * the same index backwards, with the same keyset condition, so no query changes. Each index is rebuilt under
 * its old name (this holds writes to the table while it builds).
 */
export function ascendingListIndexes(schema: string): Migration {
  return {
    up: (db) => rebuild(db, schema, 'asc'),
    down: (db) => rebuild(db, schema, 'desc'),
  }
}

async function rebuild(db: Kysely<any>, schema: string, direction: 'asc' | 'desc'): Promise<void> {
  // Ascending is the default order: an ascending index is defined (and shown by `pg_indexes`) without a word.
  const order = direction === 'asc' ? sql`` : sql` desc`
  for (const [table, scope] of LIST_INDEXES) {
    const name = `${table}_${scope}_created_at_id_idx`
    await sql`drop index if exists ${sql.id(schema, name)}`.execute(db)
    await sql`create index ${sql.id(name)} on ${sql.id(schema, table)}
      (${sql.id(scope)}, created_at${order}, id${order})`.execute(db)
  }
}
