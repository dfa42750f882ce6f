import type { PageQuery } from '@canvass/core'
import { sql } from 'kysely'
import type { SelectQueryBuilder } from 'kysely'

/**
 * Orders a list by `created_at desc, id desc` of `table` and cuts one page of it: rows strictly after the
 * keyset position `after` (a row comparison, which the list indexes serve: `(scope, created_at desc, id desc)`,
 * or for responses and displays `(scope, created_at, id)` read backwards), `skip` rows skipped, `limit + 1`
 * rows so that core can tell whether another page exists.
 */
export function applyPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  table: string,
  page: PageQuery,
): SelectQueryBuilder<DB, TB, O> {
  const createdAt = sql.ref(`${table}.created_at`)
  const id = sql.ref(`${table}.id`)
  let paged = query
    .orderBy(createdAt, 'desc')
    .orderBy(id, 'desc')
    .limit(page.limit + 1)
  if (page.after) {
    const { after } = page
    paged = paged.where((eb) => eb(eb.refTuple(createdAt, id), '<', eb.tuple(after.createdAt, after.id)))
  }
  if (page.skip) paged = paged.offset(page.skip)
  return paged
}
