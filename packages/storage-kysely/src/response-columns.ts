import type { PersonRecord, ResponseRecord } from '@canvass/core'
import { sql } from 'kysely'
import type { RawBuilder, Selectable } from 'kysely'
import { contactAttributesJson } from './contact-attributes-json'
import type { ResponsesTable } from './database'
import type { SchemaNames } from './schema-names'

/**
 * The columns of a response read, for `select` and `returning` alike: the row plus its person, notes and
 * tags as JSON built by correlated subqueries, so that one statement reads any number of responses
 * (never one query per response). Refers to the table by its name, `responses`, unaliased.
 */
export function responseColumns(names: SchemaNames) {
  return [
    'responses.id',
    'responses.created_at',
    'responses.updated_at',
    'responses.survey_id',
    'responses.environment_id',
    ...responseAnswerColumns,
    'responses.contact_attributes',
    personJson(names).as('person'),
    notesJson(names).as('notes'),
    tagsJson(names).as('tags'),
  ] as const
}

/** What a response holds of the respondent's answering, which every read of responses takes (an export's too). */
export const responseAnswerColumns = [
  'responses.finished',
  'responses.data',
  'responses.meta',
  'responses.ttc',
  'responses.variables',
  'responses.language',
  'responses.single_use_id',
  'responses.display_id',
  'responses.ending_id',
] as const

/** The record's fields of `responseAnswerColumns`, as a read of a response or an export gives them. */
export function answerFields(row: Pick<Selectable<ResponsesTable>, AnswerColumn>) {
  return {
    finished: row.finished,
    data: row.data,
    meta: row.meta,
    ttc: row.ttc,
    variables: row.variables,
    language: row.language,
    singleUseId: row.single_use_id,
    displayId: row.display_id,
    endingId: row.ending_id,
  }
}

/** A column of `responseAnswerColumns`, unqualified. */
type AnswerColumn = (typeof responseAnswerColumns)[number] extends `responses.${infer C}` ? C : never

/** What the columns above read. */
export type ResponseRow = Omit<Selectable<ResponsesTable>, 'contact_id'> & {
  person: PersonJson | null
  notes: unknown[]
  tags: unknown[]
}

export function toResponseRecord(row: ResponseRow): ResponseRecord {
  return {
    id: row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    surveyId: row.survey_id,
    environmentId: row.environment_id,
    ...answerFields(row),
    personAttributes: row.contact_attributes,
    person: row.person && toPersonRecord(row.person),
    notes: row.notes,
    tags: row.tags,
  }
}

/** JSON has no dates: timestamps arrive as ISO strings. */
interface PersonJson extends Omit<PersonRecord, 'createdAt' | 'updatedAt'> {
  createdAt: string
  updatedAt: string
}

function toPersonRecord(person: PersonJson): PersonRecord {
  return { ...person, createdAt: new Date(person.createdAt), updatedAt: new Date(person.updatedAt) }
}

/**
 * A timestamp as the contract writes it (`2026-11-20T10:00:00.000Z`) whatever the session's time zone;
 * notes and tags go to API output as they are.
 */
function iso(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
}

function personJson(names: SchemaNames): RawBuilder<PersonJson | null> {
  return sql<PersonJson | null>`(
    select json_build_object(
      'id', c.id,
      'userId', c.user_id,
      'environmentId', c.environment_id,
      'attributes', ${contactAttributesJson(names, sql.ref('c.id'))},
      'createdAt', ${iso('c.created_at')},
      'updatedAt', ${iso('c.updated_at')})
    from ${names.ref('contacts')} c where c.id = responses.contact_id)`
}

function notesJson(names: SchemaNames): RawBuilder<unknown[]> {
  return sql<unknown[]>`coalesce((
    select json_agg(json_build_object(
      'id', n.id,
      'createdAt', ${iso('n.created_at')},
      'updatedAt', ${iso('n.updated_at')},
      'text', n.text,
      'isResolved', n.is_resolved,
      'isEdited', n.is_edited,
      'user', case when n.user_id is null then null else json_build_object('id', n.user_id, 'name', n.user_name) end
    ) order by n.created_at, n.id)
    from ${names.ref('response_notes')} n where n.response_id = responses.id), '[]'::json)`
}

function tagsJson(names: SchemaNames): RawBuilder<unknown[]> {
  return sql<unknown[]>`coalesce((
    select json_agg(json_build_object(
      'id', t.id,
      'createdAt', ${iso('t.created_at')},
      'updatedAt', ${iso('t.updated_at')},
      'name', t.name,
      'environmentId', t.environment_id
    ) order by t.name, t.id)
    from ${names.ref('response_tags')} rt join ${names.ref('tags')} t on t.id = rt.tag_id where rt.response_id = responses.id), '[]'::json)`
}
