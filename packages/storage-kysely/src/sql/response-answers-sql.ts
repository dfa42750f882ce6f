import type { AnswerListQuery, AnswerRow } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
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
  const rows = await pageResponses(
    filtered.where(answered(sql`${column} ->> ${query.key}::text`, json)),
    { column: 'created_at', direction: 'desc' },
    query.after,
  )
    .limit(query.limit + 1)
    .execute()
  return rows.map((row) => ({ responseId: row.id, createdAt: row.created_at, value: row.value }))
}
