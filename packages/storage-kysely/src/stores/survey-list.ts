import type { DateStanding, SurveyFilter, SurveyReports, SurveyStore } from '@canvass/core'
import { sql } from 'kysely'
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { toSurveyRecord } from '../sql/survey-row'

/** The v3 survey list: a page with each survey's response counts, its total, and whether any is archived. */
export function createSurveyList(db: Kysely<Database>): Pick<SurveyStore, 'find' | 'hasArchived'> & SurveyReports {
  return {
    async find(environmentId, query) {
      if (!isStorable(environmentId)) return []
      const { sortBy, after } = query
      const column = sortBy === 'createdAt' ? 'surveys.created_at' : sortBy === 'updatedAt' ? 'surveys.updated_at' : 'surveys.name'
      const direction = sortBy === 'name' ? 'asc' : 'desc'
      const rows = await db
        .selectFrom('surveys')
        .selectAll('surveys')
        .select((eb) => [
          eb
            .selectFrom('responses')
            .select(eb.fn.countAll<string>().as('n'))
            .whereRef('responses.survey_id', '=', 'surveys.id')
            .as('total'),
          eb
            .selectFrom('responses')
            .select(eb.fn.countAll<string>().as('n'))
            .whereRef('responses.survey_id', '=', 'surveys.id')
            .where('responses.finished', '=', true)
            .as('completed'),
        ])
        .where('surveys.environment_id', '=', environmentId)
        .where((eb) => matches(eb, query.filter, query.now))
        .$if(after !== undefined, (q) =>
          q.where((eb) => {
            const value = sortBy === 'name' ? (after as { value: string }).value : new Date((after as { value: string }).value)
            return eb(
              eb.refTuple(sql.ref(column), sql.ref('surveys.id')),
              direction === 'asc' ? '>' : '<',
              eb.tuple(value, (after as { id: string }).id),
            )
          }),
        )
        .orderBy(sql.ref(column), direction)
        .orderBy('surveys.id', direction)
        .limit(query.limit + 1)
        .execute()
      return rows.map(({ total, completed, ...row }) => ({
        survey: toSurveyRecord(row),
        responseCount: Number(total ?? 0),
        completedResponseCount: Number(completed ?? 0),
      }))
    },

    async count(environmentId, filter, now) {
      if (!isStorable(environmentId)) return 0
      const row = await db
        .selectFrom('surveys')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('surveys.environment_id', '=', environmentId)
        .where((eb) => matches(eb, filter, now))
        .executeTakeFirst()
      return Number(row?.count ?? 0)
    },

    async hasArchived(environmentId) {
      if (!isStorable(environmentId)) return false
      const row = await db
        .selectFrom('surveys')
        .select('id')
        .where('environment_id', '=', environmentId)
        .where('archived_at', 'is not', null)
        .limit(1)
        .executeTakeFirst()
      return row !== undefined
    },
  }
}

/** `SurveyFilter` as a condition on `surveys` (see the port); values are parameters, never SQL text. */
function matches(eb: ExpressionBuilder<Database, 'surveys'>, filter: SurveyFilter, now: Date): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = []
  if (filter.nameContains !== undefined && filter.nameContains !== '') {
    // `position` takes the text literally: `%` and `_` in a name filter are characters, not patterns.
    conditions.push(sql<SqlBool>`position(lower(${filter.nameContains}) in lower(surveys.name)) > 0`)
  }
  if (filter.types && filter.types.length > 0) conditions.push(eb('surveys.type', 'in', filter.types))
  const cases = filter.statusCases ?? []
  const active = eb('surveys.archived_at', 'is', null)
  // Core decided which stored states count (`storedStatusCases`); here they are only compared with `now`.
  const standing = (column: 'surveys.run_on_date' | 'surveys.close_on_date', wanted: DateStanding | undefined) =>
    wanted === undefined ? undefined : wanted === 'passed' ? eb(column, '<=', now) : eb.or([eb(column, 'is', null), eb(column, '>', now)])
  const byStatus =
    cases.length > 0
      ? eb.and([
          active,
          eb.or(
            cases.map((c) =>
              eb.and(
                [
                  eb('surveys.status', '=', c.status),
                  standing('surveys.run_on_date', c.runOnDate),
                  standing('surveys.close_on_date', c.closeOnDate),
                ].filter((condition) => condition !== undefined),
              ),
            ),
          ),
        ])
      : active
  if (!filter.archived) conditions.push(byStatus)
  else if (cases.length === 0) conditions.push(eb('surveys.archived_at', 'is not', null))
  else conditions.push(eb.or([byStatus, eb('surveys.archived_at', 'is not', null)]))
  return eb.and(conditions)
}
