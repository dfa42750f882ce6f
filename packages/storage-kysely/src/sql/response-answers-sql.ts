import type { AnswerListQuery, AnswerRow } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely, RawBuilder, SqlBool } from 'kysely'
import type { Database } from '../postgres/database'
import { filterResponses, pageResponses } from '../responses/filter-responses'
import { isStorable } from '../postgres/is-storable'
import type { SchemaNames } from '../postgres/schema-names'
import { answered } from './response-conditions-sql'

/**
 * `ResponseStore.listAnswers`: one field's non-empty values, newest first, read along the survey's
 * `(survey_id, created_at, id)` index until a page is found, so a page costs the rows it passes, not the survey.
 */
export async function listAnswers(
  db: Kysely<Database>,
  names: SchemaNames,
  environmentId: string,
  surveyId: string,
  query: AnswerListQuery,
): Promise<AnswerRow[]> {
  if (!isStorable(query.key)) return []
  const column = sql.ref(query.source === 'variables' ? 'responses.variables' : 'responses.data')
  const json = sql<unknown>`${column} -> ${query.key}::text`
  const filtered = filterResponses(
    db.selectFrom('responses').select(['responses.id', 'responses.created_at', json.as('value')]),
    names,
    environmentId,
    { ...query, surveyId },
  )
  if (!filtered) return []
  const text = sql`${column} ->> ${query.key}::text`
  const search = query.search ? searched(text, json, query.search) : undefined
  if (search === null) return []
  const rows = await pageResponses(
    filtered.where(answered(text, json)).$if(search !== undefined, (select) => select.where(search as RawBuilder<SqlBool>)),
    { column: 'created_at', direction: 'desc' },
    query.after,
  )
    .limit(query.limit + 1)
    .execute()
  return rows.map((row) => ({ responseId: row.id, createdAt: row.created_at, value: row.value }))
}

/**
 * `AnswerListQuery.search`: the text contains it (ILIKE, with `%`, `_` and `\\` escaped so that they are
 * themselves), or for a list one of its values does; an object never matches. Null when it cannot match.
 */
function searched(text: RawBuilder<unknown>, json: RawBuilder<unknown>, search: string): RawBuilder<SqlBool> | null {
  if (!isStorable(search)) return null
  const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
  return sql<SqlBool>`(case jsonb_typeof(${json})
    when 'array' then exists (select 1 from jsonb_array_elements_text(${json}) as element(value) where element.value ilike ${pattern})
    when 'object' then false
    else ${text} ilike ${pattern} end)`
}
