import type { ResponseFilter, ResponseListQuery } from '@canvass/core'
import type { SelectQueryBuilder } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { responseConditionsSql } from '../sql/response-conditions-sql'
import type { SchemaNames } from '../postgres/schema-names'

/**
 * `query` narrowed to the responses of `environmentId` that `filter` takes, or undefined when an id in it
 * cannot be stored (so nothing matches). The list indexes serve each sort: `(environment_id | survey_id,
 * created_at | updated_at, id)`; `filter.where` is `responseConditionsSql`'s.
 */
export function filterResponses<O>(
  query: SelectQueryBuilder<Database, 'responses', O>,
  names: SchemaNames,
  environmentId: string,
  filter: ResponseFilter,
): SelectQueryBuilder<Database, 'responses', O> | undefined {
  const ids = [environmentId, filter.surveyId, filter.contactId, filter.userId, filter.language]
  if (ids.some((id) => id !== undefined && !isStorable(id))) return undefined
  // Unstorable ids and languages name no row: left out, and an empty list matches nothing.
  const idList = filter.ids?.filter(isStorable)
  if (idList !== undefined && idList.length === 0) return undefined
  const languages = filter.languages?.filter(isStorable)
  if (languages !== undefined && languages.length === 0) return undefined
  const dateColumn = filter.dateField === 'updatedAt' ? 'responses.updated_at' : 'responses.created_at'
  return query
    .where('responses.environment_id', '=', environmentId)
    .$if(filter.surveyId !== undefined, (q) => q.where('responses.survey_id', '=', filter.surveyId as string))
    .$if(filter.contactId !== undefined, (q) => q.where('responses.contact_id', '=', filter.contactId as string))
    .$if(filter.userId !== undefined, (q) =>
      q.where('responses.contact_id', 'in', (contacts) =>
        contacts
          .selectFrom('contacts')
          .select('contacts.id')
          .where('contacts.environment_id', '=', environmentId)
          .where('contacts.user_id', '=', filter.userId as string),
      ),
    )
    .$if(filter.finished !== undefined, (q) => q.where('responses.finished', '=', filter.finished as boolean))
    .$if(filter.language !== undefined, (q) =>
      q.where((eb) =>
        filter.language === 'default'
          ? eb.or([eb('responses.language', '=', 'default'), eb('responses.language', 'is', null)])
          : eb('responses.language', '=', filter.language as string),
      ),
    )
    .$if(languages !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('responses.language', 'in', languages as string[]),
          ...(languages?.includes('default') ? [eb('responses.language', 'is', null)] : []),
        ]),
      ),
    )
    .$if(idList !== undefined, (q) => q.where('responses.id', 'in', idList as string[]))
    .$if(filter.startDate !== undefined, (q) => q.where(dateColumn, filter.startExclusive ? '>' : '>=', filter.startDate as Date))
    .$if(filter.endDate !== undefined, (q) => q.where(dateColumn, filter.endExclusive ? '<' : '<=', filter.endDate as Date))
    .$if(filter.where !== undefined && filter.where.length > 0, (q) => q.where(responseConditionsSql(names, 'responses', filter.where)))
}

/** The column a page is sorted by and its direction (`ResponseListQuery`'s defaults: `createdAt`, `desc`). */
export function listOrder(query: Pick<ResponseListQuery, 'sortBy' | 'order'>) {
  const column = query.sortBy === 'updatedAt' ? ('updated_at' as const) : ('created_at' as const)
  const direction = query.order === 'asc' ? ('asc' as const) : ('desc' as const)
  return { column, direction }
}

/**
 * `query` ordered as `listOrder` says (then by id), from after the keyset position `after` (its `createdAt`
 * holds the value of the sort column).
 */
export function pageResponses<O>(
  query: SelectQueryBuilder<Database, 'responses', O>,
  { column, direction }: ReturnType<typeof listOrder>,
  after: ResponseListQuery['after'],
): SelectQueryBuilder<Database, 'responses', O> {
  const sortBy = `responses.${column}` as const
  const ordered = query.orderBy(sortBy, direction).orderBy('responses.id', direction)
  if (!after) return ordered
  return ordered.where((eb) =>
    eb(eb.refTuple(sortBy, 'responses.id'), direction === 'asc' ? '>' : '<', eb.tuple(after.createdAt, after.id)),
  )
}
