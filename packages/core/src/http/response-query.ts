import * as v from 'valibot'
import type { AnonymizeSelection, ContactFilter, PageQuery, ResponseDateField, ResponseFilter } from '../ports/storage'
import { normalizeIsoDateTime } from '../schemas/common'
import { validationError } from '../errors'
import { pageQuery, readPageQuery } from './pagination'
import { isFilterParam, readResponseFilters } from './response-filters'
import { EXPORT_FORMATS, type ResponseExportFormat } from '../domain/responses/export-formats'

const DATE_FIELDS = ['createdAt', 'updatedAt'] as const
const idParam = v.pipe(v.string(), v.minLength(1), v.maxLength(255))
const dateParam = v.pipe(
  v.string(),
  v.maxLength(64),
  v.check((text) => normalizeIsoDateTime(text) !== null, 'Must be an ISO 8601 date or date-time'),
)
const flag = v.picklist(['true', 'false'], 'Must be true or false')

/** The query of `GET /management/responses` (docs/api.md, "Responses"): a page, filters, an order and `count`. */
export const responseListQuery = v.object({
  ...pageQuery.entries,
  surveyId: v.optional(idParam),
  contactId: v.optional(idParam),
  userId: v.optional(idParam),
  finished: v.optional(flag),
  startDate: v.optional(dateParam),
  endDate: v.optional(dateParam),
  filterDateField: v.optional(v.picklist(DATE_FIELDS, 'Must be createdAt or updatedAt')),
  sortBy: v.optional(v.picklist(DATE_FIELDS, 'Must be createdAt or updatedAt')),
  order: v.optional(v.picklist(['asc', 'desc'], 'Must be asc or desc')),
  count: v.optional(flag),
})

/**
 * `query`'s parameters of `schema`, parsed: a repeated one, or one outside its schema, is a 400 naming each
 * (at most one message per parameter).
 */
function parseQueryParams<TSchema extends v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>>(
  schema: TSchema,
  query: Record<string, string | string[] | undefined>,
  names: string[] = Object.keys(schema.entries),
): v.InferOutput<TSchema> {
  const repeated = names.filter((name) => Array.isArray(query[name]))
  if (repeated.length > 0) throw validationError(Object.fromEntries(repeated.map((name) => [name, 'Must be given once'])))
  const parsed = v.safeParse(schema, Object.fromEntries(names.map((name) => [name, query[name]])))
  if (!parsed.success) {
    const fields: Record<string, string> = {}
    for (const issue of parsed.issues) fields[v.getDotPath(issue) ?? ''] ??= issue.message
    throw validationError(fields)
  }
  return parsed.output
}

/** The dates of a filter, as `Date`s; `endDate` before `startDate` is a 400. */
function datesOf(input: { startDate?: string | undefined; endDate?: string | undefined; filterDateField?: ResponseDateField | undefined }) {
  const dates: { dateField?: ResponseDateField; startDate?: Date; endDate?: Date } = {}
  if (input.filterDateField !== undefined) dates.dateField = input.filterDateField
  if (input.startDate !== undefined) dates.startDate = new Date(normalizeIsoDateTime(input.startDate) as string)
  if (input.endDate !== undefined) dates.endDate = new Date(normalizeIsoDateTime(input.endDate) as string)
  if (dates.startDate && dates.endDate && dates.endDate < dates.startDate)
    throw validationError({ endDate: 'Must not be before startDate' })
  return dates
}

/** A list's query as read: its page, its filter, its order and whether to count. */
export interface ListQuery<TFilter> {
  page: PageQuery
  filter: TFilter
  sortBy: ResponseDateField
  order: 'asc' | 'desc'
  /** Whether the answer carries `X-Total-Count`. */
  count: boolean
  /** Marks cursors of this order (none for the default, newest first by `createdAt`). */
  cursorTag: string | undefined
}

export type ResponseQuery = ListQuery<ResponseFilter>

/** The order a list's query asks for (newest first by `createdAt` unless told), and its cursors' tag. */
function orderOf(input: { sortBy?: ResponseDateField | undefined; order?: 'asc' | 'desc' | undefined }) {
  const sortBy = input.sortBy ?? 'createdAt'
  const order = input.order ?? 'desc'
  const cursorTag = sortBy === 'createdAt' && order === 'desc' ? undefined : `${sortBy}.${order}`
  return { sortBy, order, cursorTag }
}

/**
 * Reads the responses list's query. A repeated parameter, a value outside its schema, `endDate` before
 * `startDate`, `skip` with `cursor`, a cursor of another order, a bad `filter[…][…]` or a parameter the list does
 * not take is a 400 naming the parameter.
 */
export function readResponseQuery(query: Record<string, string | string[] | undefined>): ResponseQuery {
  refuseUnknown(query, Object.keys(responseListQuery.entries))
  const input = parseQueryParams(responseListQuery, query)
  const { sortBy, order, cursorTag } = orderOf(input)
  const page = readPageQuery(query, false, cursorTag)
  return { page, filter: listFilterOf(input, query), sortBy, order, count: input.count === 'true', cursorTag }
}

/** The list's filter: its own parameters and the `filter[…][…]` ones. */
function listFilterOf(
  input: v.InferOutput<typeof responseListQuery>,
  query: Record<string, string | string[] | undefined>,
): ResponseFilter {
  const filter: ResponseFilter = datesOf(input)
  if (input.surveyId !== undefined) filter.surveyId = input.surveyId
  if (input.contactId !== undefined) filter.contactId = input.contactId
  if (input.userId !== undefined) filter.userId = input.userId
  if (input.finished !== undefined) filter.finished = input.finished === 'true'
  return withConditions(filter, query)
}

/** `filter` with the query's `filter[…][…]` conditions, when it has any. */
function withConditions<T extends Pick<ResponseFilter, 'where'>>(filter: T, query: Record<string, string | string[] | undefined>): T {
  const where = readResponseFilters(query)
  if (where.length > 0) filter.where = where
  return filter
}

/**
 * A 400 naming each parameter of `query` that is neither one of `known` nor a `filter[…]`: a misspelt or
 * unsupported filter would otherwise be dropped, and the answer would hold responses it was meant to leave out.
 */
function refuseUnknown(query: Record<string, string | string[] | undefined>, known: string[]): void {
  const unknown = Object.keys(query).filter((name) => !known.includes(name) && !isFilterParam(name))
  if (unknown.length > 0)
    throw validationError(
      Object.fromEntries(
        unknown.map((name) => [
          name.slice(0, 100),
          `Unknown parameter; this route takes ${known.join(', ')} and filter[<field>][<operator>]`,
        ]),
      ),
    )
}

/** The export's query: the list's filters and order, `surveyId` required, and `format`. */
export const responseExportQuery = v.object({
  ...v.omit(responseListQuery, ['limit', 'skip', 'cursor', 'count']).entries,
  surveyId: idParam,
  format: v.optional(v.picklist(EXPORT_FORMATS, 'Must be csv, ndjson or xlsx')),
})

/** Reads the export's query: as the list's, without paging, with `surveyId` required and `format`. */
export function readExportQuery(
  query: Record<string, string | string[] | undefined>,
): Omit<ResponseQuery, 'page' | 'count' | 'cursorTag'> & { format: ResponseExportFormat } {
  const paging = ['limit', 'skip', 'cursor', 'count'].filter((name) => query[name] !== undefined)
  if (paging.length > 0)
    throw validationError(Object.fromEntries(paging.map((name) => [name, 'The export sends every matching response: no paging'])))
  refuseUnknown(query, Object.keys(responseExportQuery.entries))
  const input = parseQueryParams(responseExportQuery, query)
  const { sortBy, order } = orderOf(input)
  return { filter: listFilterOf(input, query), sortBy, order, format: input.format ?? 'csv' }
}

/** At most this many ids per `POST /management/responses/anonymize` (as many as an import's responses). */
export const MAX_ANONYMIZE_IDS = 1000

/**
 * Body of `POST /management/responses/anonymize`: `responseIds`, or `surveyId` with the list's filters (as JSON:
 * `finished` a boolean). Strict: a misspelt filter would otherwise widen what is anonymized, so an unknown field
 * is a 400 naming it.
 */
export const responseAnonymizeBody = v.strictObject(
  {
    responseIds: v.optional(
      v.pipe(
        v.array(idParam, 'Must be an array of response ids'),
        v.minLength(1, 'Must hold at least one response id'),
        v.maxLength(MAX_ANONYMIZE_IDS, `Must hold at most ${MAX_ANONYMIZE_IDS} response ids`),
      ),
    ),
    surveyId: v.optional(idParam),
    contactId: v.optional(idParam),
    userId: v.optional(idParam),
    finished: v.optional(v.boolean('Must be true or false')),
    startDate: v.optional(dateParam),
    endDate: v.optional(dateParam),
    filterDateField: v.optional(v.picklist(DATE_FIELDS, 'Must be createdAt or updatedAt')),
  },
  'Must be an object of responseIds, or of surveyId and the list filters (no other fields)',
)

/**
 * The responses an anonymize body selects: its ids, or its survey's responses that the filters take. Neither,
 * both, or filters beside ids are a 400 naming the field.
 */
export function readAnonymizeSelection(body: v.InferOutput<typeof responseAnonymizeBody>): AnonymizeSelection {
  const { responseIds, ...rest } = body
  const given = Object.keys(rest).filter((name) => rest[name as keyof typeof rest] !== undefined)
  if (responseIds !== undefined) {
    if (given.length > 0)
      throw validationError(Object.fromEntries(given.map((name) => [name, 'Give responseIds or surveyId with filters, not both'])))
    return { ids: responseIds }
  }
  if (rest.surveyId === undefined) throw validationError({ surveyId: 'Give responseIds, or surveyId with the list filters' })
  const filter: ResponseFilter = { ...datesOf(rest), surveyId: rest.surveyId }
  if (rest.contactId !== undefined) filter.contactId = rest.contactId
  if (rest.userId !== undefined) filter.userId = rest.userId
  if (rest.finished !== undefined) filter.finished = rest.finished
  return { filter }
}

/** A response's language as a filter names it: the code the response stores (`default` also takes none). */
const languageParam = v.pipe(v.string(), v.minLength(1, 'Must not be empty'), v.maxLength(64, 'Must be at most 64 characters'))

/** The summary's query: the dates of the responses (and displays) it counts, finished or not, their language. */
export const summaryFilterQuery = v.object({
  startDate: responseListQuery.entries.startDate,
  endDate: responseListQuery.entries.endDate,
  filterDateField: responseListQuery.entries.filterDateField,
  finished: responseListQuery.entries.finished,
  lang: v.optional(languageParam),
})

export type SummaryFilter = Pick<ResponseFilter, 'dateField' | 'startDate' | 'endDate' | 'finished' | 'language' | 'where'>

export function readSummaryQuery(query: Record<string, string | string[] | undefined>): SummaryFilter {
  const input = parseQueryParams(summaryFilterQuery, query)
  return withConditions(withFinishedAndLanguage<SummaryFilter>(datesOf(input), input), query)
}

/** `filter` with the query's `finished` (`true` or `false`) and `lang`, when given. */
function withFinishedAndLanguage<T extends Pick<ResponseFilter, 'finished' | 'language'>>(
  filter: T,
  input: { finished?: string | undefined; lang?: string | undefined },
): T {
  if (input.finished !== undefined) filter.finished = input.finished === 'true'
  if (input.lang !== undefined) filter.language = input.lang
  return filter
}

/**
 * The shared results' filters (`/share/…`), as a GET form sends them: an empty parameter is no filter, and an
 * `endDate` without a time takes that whole day (UTC), as a date field means it.
 */
export const shareFilterQuery = v.object({
  startDate: responseListQuery.entries.startDate,
  endDate: responseListQuery.entries.endDate,
  finished: responseListQuery.entries.finished,
  lang: v.optional(languageParam),
})

export function readShareFilterQuery(
  query: Record<string, string | string[] | undefined>,
): Pick<ResponseFilter, 'startDate' | 'endDate' | 'finished' | 'language' | 'where'> {
  const given = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''))
  const input = parseQueryParams(shareFilterQuery, given)
  const endOfDay = input.endDate !== undefined && /^\d{4}-\d\d-\d\d$/.test(input.endDate)
  const { dateField: _dateField, ...dates } = datesOf({
    ...input,
    endDate: endOfDay ? `${input.endDate}T23:59:59.999Z` : input.endDate,
  })
  return withConditions(
    withFinishedAndLanguage<Pick<ResponseFilter, 'startDate' | 'endDate' | 'finished' | 'language' | 'where'>>(dates, input),
    given,
  )
}

/** The contacts' (and people's) list query: a page, `userId`, dates, an order and `count`. */
export const contactListQuery = v.object({
  ...pageQuery.entries,
  userId: responseListQuery.entries.userId,
  startDate: responseListQuery.entries.startDate,
  endDate: responseListQuery.entries.endDate,
  filterDateField: responseListQuery.entries.filterDateField,
  sortBy: responseListQuery.entries.sortBy,
  order: responseListQuery.entries.order,
  count: responseListQuery.entries.count,
})

export type ContactQuery = ListQuery<ContactFilter>

/** Reads the contacts' list query, with the responses' rules (a 400 naming each bad parameter). */
export function readContactQuery(query: Record<string, string | string[] | undefined>): ContactQuery {
  const input = parseQueryParams(contactListQuery, query)
  const { sortBy, order, cursorTag } = orderOf(input)
  const filter: ContactFilter = datesOf(input)
  if (input.userId !== undefined) filter.userId = input.userId
  return { page: readPageQuery(query, false, cursorTag), filter, sortBy, order, count: input.count === 'true', cursorTag }
}
