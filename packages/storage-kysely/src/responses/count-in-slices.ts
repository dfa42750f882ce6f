import type { ResponseFilter } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely, SelectQueryBuilder } from 'kysely'
import type { Database } from '../postgres/database'
import { filterResponses } from './filter-responses'
import type { SchemaNames } from '../postgres/schema-names'

/** Responses a slice of a count reads at most: a few milliseconds of PGlite, whatever the filter. */
export const COUNT_SLICE = 2000

/**
 * `ResponseStore.count` on a database that runs one statement at a time for every caller (`oneStatementAtATime`):
 * the responses `filter` scopes by index (environment, survey, and creation dates) are walked newest first in
 * slices of `COUNT_SLICE`, each found by its end on the `(…, created_at, id)` index and counted by a statement of
 * its own, so that another caller's statement waits for one slice rather than for the whole count. Stops once
 * the count passes `upTo`. Each response is counted by the slice it falls in when that slice is read: a response
 * written meanwhile is counted if its slice is read after its write, as a statement that started later would.
 */
export async function countInSlices(
  db: Kysely<Database>,
  names: SchemaNames,
  environmentId: string,
  filter: ResponseFilter,
  upTo: number | undefined,
): Promise<number> {
  const byIndex: ResponseFilter = {
    surveyId: filter.surveyId,
    ...(filter.dateField === 'updatedAt' ? {} : { startDate: filter.startDate, endDate: filter.endDate }),
  }
  const positions = filterResponses(
    db.selectFrom('responses').select(['responses.created_at', 'responses.id']),
    names,
    environmentId,
    byIndex,
  )
  const matching = filterResponses(db.selectFrom('responses').select(sql.lit(1).as('one')), names, environmentId, filter)
  if (!positions || !matching) return 0
  let total = 0
  let after: Position | undefined
  for (;;) {
    const end = await beyond(positions, '<', after)
      .orderBy('responses.created_at', 'desc')
      .orderBy('responses.id', 'desc')
      .offset(COUNT_SLICE - 1)
      .limit(1)
      .executeTakeFirst()
    const slice = beyond(beyond(matching, '<', after), '>=', end)
    const bounded = upTo === undefined ? slice : slice.limit(upTo + 1 - total)
    const { count } = await db
      .selectFrom(bounded.as('slice'))
      .select((eb) => eb.cast<string>(eb.fn.countAll(), 'text').as('count'))
      .executeTakeFirstOrThrow()
    total += Number(count)
    if (end === undefined || (upTo !== undefined && total > upTo)) return total
    after = end
  }
}

/** `query` narrowed to the responses whose `(created_at, id)` is `op` `position`; all of them without one. */
function beyond<O>(
  query: SelectQueryBuilder<Database, 'responses', O>,
  op: '<' | '>=',
  position: Position | undefined,
): SelectQueryBuilder<Database, 'responses', O> {
  if (position === undefined) return query
  return query.where((eb) => eb(eb.refTuple('responses.created_at', 'responses.id'), op, eb.tuple(position.created_at, position.id)))
}

type Position = { created_at: Date; id: string }
