import type { PersonRecord, ResponseRecord } from '@canvass/core'
import { expressionBuilder, sql } from 'kysely'
import type { RawBuilder, Selectable } from 'kysely'
import { jsonBuildObject } from 'kysely/helpers/postgres'
import { contactAttributesJson } from '../sql/contact-attributes-json'
import type { Database, ResponsesTable } from '../postgres/database'
import type { SchemaNames } from '../postgres/schema-names'

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
    notesJson().as('notes'),
    tagsJson().as('tags'),
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
export interface PersonJson extends Omit<PersonRecord, 'createdAt' | 'updatedAt'> {
  createdAt: string
  updatedAt: string
}

export function toPersonRecord(person: PersonJson): PersonRecord {
  return { ...person, createdAt: new Date(person.createdAt), updatedAt: new Date(person.updatedAt) }
}

/**
 * A timestamp as docs/design.md ("Data and ids") writes it (`2026-11-20T10:00:00.000Z`) whatever the session's time zone;
 * notes and tags go to API output as they are.
 */
function iso(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
}

/** Builds the correlated subqueries below; the query they are put into gives them its schema (`withSchema`). */
const builder = expressionBuilder<Database, 'responses'>()

/**
 * The person of a response as JSON: the contact of `contacts` (the table, or a CTE of a statement that links
 * the contact, whose row the table does not show yet) whose id is `contactId`, or null.
 */
export function personJson(
  names: SchemaNames,
  contactId: RawBuilder<unknown> = sql.ref('responses.contact_id'),
  contacts: RawBuilder<unknown> = names.ref('contacts'),
): RawBuilder<PersonJson | null> {
  return sql<PersonJson | null>`(select json_build_object('id', c.id, 'userId', c.user_id, 'environmentId', c.environment_id,
      'attributes', ${contactAttributesJson(names, sql.ref('c.id'))},
      'createdAt', ${iso('c.created_at')}, 'updatedAt', ${iso('c.updated_at')})
    from ${contacts} c where c.id = ${contactId})`
}

export function notesJson() {
  return builder.fn.coalesce(
    builder
      .selectFrom('response_notes as n')
      .select((eb) =>
        eb.fn
          .agg<unknown[]>('json_agg', [
            jsonBuildObject({
              id: eb.ref('n.id'),
              createdAt: iso('n.created_at'),
              updatedAt: iso('n.updated_at'),
              text: eb.ref('n.text'),
              isResolved: eb.ref('n.is_resolved'),
              isEdited: eb.ref('n.is_edited'),
              user: eb
                .case()
                .when('n.user_id', 'is', null)
                .then(null)
                .else(jsonBuildObject({ id: eb.ref('n.user_id'), name: eb.ref('n.user_name') }))
                .end(),
            }),
          ])
          .orderBy('n.created_at')
          .orderBy('n.id')
          .as('notes'),
      )
      .whereRef('n.response_id', '=', 'responses.id'),
    sql<unknown[]>`'[]'::json`,
  )
}

export function tagsJson() {
  return builder.fn.coalesce(
    builder
      .selectFrom('response_tags as rt')
      .innerJoin('tags as t', 't.id', 'rt.tag_id')
      .select((eb) =>
        eb.fn
          .agg<unknown[]>('json_agg', [
            jsonBuildObject({
              id: eb.ref('t.id'),
              createdAt: iso('t.created_at'),
              updatedAt: iso('t.updated_at'),
              name: eb.ref('t.name'),
              environmentId: eb.ref('t.environment_id'),
            }),
          ])
          .orderBy('t.name')
          .orderBy('t.id')
          .as('tags'),
      )
      .whereRef('rt.response_id', '=', 'responses.id'),
    sql<unknown[]>`'[]'::json`,
  )
}
