import type { ResponseExportRow, ResponseListQuery } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { filterResponses, listOrder, pageResponses } from '../responses/filter-responses'
import { answerFields, responseAnswerColumns } from '../responses/response-columns'
import type { SchemaNames } from '../postgres/schema-names'

/**
 * `ResponseStore.listForExport`: a page of the environment's responses with only what a CSV export shows.
 * The page is read first, then its contacts and tags joined by hash: a correlated subquery per row (as `list`
 * reads them) costs more than the rest of an export's database work.
 */
export async function listResponsesForExport(
  db: Kysely<Database>,
  names: SchemaNames,
  environmentId: string,
  query: ResponseListQuery,
): Promise<ResponseExportRow[]> {
  const filtered = filterResponses(
    db
      .selectFrom('responses')
      .select(['responses.id', 'responses.created_at', 'responses.updated_at', ...responseAnswerColumns, 'responses.contact_id']),
    names,
    environmentId,
    query,
  )
  if (!filtered) return []
  const order = listOrder(query)
  const page = pageResponses(filtered, order, query.after).limit(query.limit)
  const rows = await db
    .with('page', () => page)
    .selectFrom('page')
    .leftJoin('contacts as c', 'c.id', 'page.contact_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('response_tags as rt')
          .innerJoin('tags as t', 't.id', 'rt.tag_id')
          .select((eb) => ['rt.response_id', eb.fn.agg<string[]>('array_agg', ['t.name']).orderBy('t.name').orderBy('t.id').as('names')])
          .where('rt.response_id', 'in', eb.selectFrom('page').select('page.id'))
          .groupBy('rt.response_id')
          .as('tagged'),
      (join) => join.onRef('tagged.response_id', '=', 'page.id'),
    )
    .selectAll('page')
    .select((eb) => ['c.user_id', eb.fn.coalesce('tagged.names', sql<string[]>`'{}'`).as('tag_names')])
    .orderBy(`page.${order.column}`, order.direction)
    .orderBy('page.id', order.direction)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...answerFields(row),
    contactId: row.contact_id,
    userId: row.user_id,
    tagNames: row.tag_names,
  }))
}
