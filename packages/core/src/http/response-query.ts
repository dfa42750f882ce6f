import * as v from 'valibot'
import type { ContactFilter, PageQuery, ResponseDateField, ResponseFilter } from '../ports/storage'
import { normalizeIsoDateTime } from '../schemas/common'
import { validationError } from './errors'
import { pageQuery, readPageQuery } from './pagination'

const DATE_FIELDS = ['createdAt', 'updatedAt'] as const
const idParam = v.pipe(v.string(), v.minLength(1), v.maxLength(255))
const dateParam = v.pipe(
  v.string(),
  v.maxLength(64),
  v.check((text) => normalizeIsoDateTime(text) !== null, 'Must be an ISO 8601 date or date-time'),
)
const flag = v.picklist(['true', 'false'], 'Must be true or false')

/** The query of `GET /management/responses` (contract §11): a page, filters, an order and `count`. */
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

export interface ResponseQuery {
  page: PageQuery
  filter: ResponseFilter
  sortBy: ResponseDateField
  order: 'asc' | 'desc'
  /** Whether the answer carries `X-Total-Count`. */
  count: boolean
  /** Marks cursors of this order (none for the default, newest first by `createdAt`). */
  cursorTag: string | undefined
}

/**
 * Reads the responses list's query. A repeated parameter, a value outside its schema, `endDate` before
 * `startDate`, `skip` with `cursor` or a cursor of another order is a 400 naming the parameter.
 */
export function readResponseQuery(query: Record<string, string | string[] | undefined>): ResponseQuery {
  const repeated = Object.keys(responseListQuery.entries).filter((name) => Array.isArray(query[name]))
  if (repeated.length > 0) throw validationError(Object.fromEntries(repeated.map((name) => [name, 'Must be given once'])))
  const raw = Object.fromEntries(Object.keys(responseListQuery.entries).map((name) => [name, query[name]]))
  const parsed = v.safeParse(responseListQuery, raw)
  if (!parsed.success) {
    const fields: Record<string, string> = {}
    for (const issue of parsed.issues) fields[v.getDotPath(issue) ?? ''] ??= issue.message
    throw validationError(fields)
  }
  const input = parsed.output
  const sortBy = input.sortBy ?? 'createdAt'
  const order = input.order ?? 'desc'
  const cursorTag = sortBy === 'createdAt' && order === 'desc' ? undefined : `${sortBy}.${order}`
  const page = readPageQuery(query, false, cursorTag)
  const filter: ResponseFilter = {}
  if (input.surveyId !== undefined) filter.surveyId = input.surveyId
  if (input.contactId !== undefined) filter.contactId = input.contactId
  if (input.userId !== undefined) filter.userId = input.userId
  if (input.finished !== undefined) filter.finished = input.finished === 'true'
  if (input.filterDateField !== undefined) filter.dateField = input.filterDateField
  if (input.startDate !== undefined) filter.startDate = new Date(normalizeIsoDateTime(input.startDate) as string)
  if (input.endDate !== undefined) filter.endDate = new Date(normalizeIsoDateTime(input.endDate) as string)
  if (filter.startDate && filter.endDate && filter.endDate < filter.startDate) {
    throw validationError({ endDate: 'Must not be before startDate' })
  }
  return { page, filter, sortBy, order, count: input.count === 'true', cursorTag }
}

/** The export's query: the list's filters and order, `surveyId` required, and `format`. */
export const responseExportQuery = v.object({
  ...v.omit(responseListQuery, ['limit', 'skip', 'cursor', 'count']).entries,
  surveyId: idParam,
  format: v.optional(v.picklist(['csv', 'ndjson'], 'Must be csv or ndjson')),
})

/** Reads the export's query: as the list's, without paging, with `surveyId` required and `format`. */
export function readExportQuery(query: Record<string, string | string[] | undefined>): Omit<ResponseQuery, 'page' | 'count' | 'cursorTag'> & { format: 'csv' | 'ndjson' } {
  const paging = ['limit', 'skip', 'cursor', 'count'].filter((name) => query[name] !== undefined)
  if (paging.length > 0) throw validationError(Object.fromEntries(paging.map((name) => [name, 'The export sends every matching response: no paging'])))
  if (Array.isArray(query.format)) throw validationError({ format: 'Must be given once' })
  const parsed = v.safeParse(v.object({ surveyId: responseExportQuery.entries.surveyId, format: responseExportQuery.entries.format }), {
    surveyId: query.surveyId,
    format: query.format,
  })
  if (!parsed.success) {
    const fields: Record<string, string> = {}
    for (const issue of parsed.issues) fields[v.getDotPath(issue) ?? ''] ??= issue.message
    throw validationError(fields)
  }
  const { filter, sortBy, order } = readResponseQuery(query)
  return { filter, sortBy, order, format: parsed.output.format ?? 'csv' }
}

/** The summary's query: the dates of the responses (and displays) it counts. */
export const summaryDateQuery = v.object({
  startDate: responseListQuery.entries.startDate,
  endDate: responseListQuery.entries.endDate,
  filterDateField: responseListQuery.entries.filterDateField,
})

export function readSummaryQuery(query: Record<string, string | string[] | undefined>): Pick<ResponseFilter, 'dateField' | 'startDate' | 'endDate'> {
  const names = Object.keys(summaryDateQuery.entries)
  const repeated = names.filter((name) => Array.isArray(query[name]))
  if (repeated.length > 0) throw validationError(Object.fromEntries(repeated.map((name) => [name, 'Must be given once'])))
  const parsed = v.safeParse(summaryDateQuery, Object.fromEntries(names.map((name) => [name, query[name]])))
  if (!parsed.success) {
    const fields: Record<string, string> = {}
    for (const issue of parsed.issues) fields[v.getDotPath(issue) ?? ''] ??= issue.message
    throw validationError(fields)
  }
  const out: Pick<ResponseFilter, 'dateField' | 'startDate' | 'endDate'> = {}
  if (parsed.output.filterDateField) out.dateField = parsed.output.filterDateField
  if (parsed.output.startDate) out.startDate = new Date(normalizeIsoDateTime(parsed.output.startDate) as string)
  if (parsed.output.endDate) out.endDate = new Date(normalizeIsoDateTime(parsed.output.endDate) as string)
  if (out.startDate && out.endDate && out.endDate < out.startDate) throw validationError({ endDate: 'Must not be before startDate' })
  return out
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

export interface ContactQuery {
  page: PageQuery
  filter: ContactFilter
  sortBy: ResponseDateField
  order: 'asc' | 'desc'
  count: boolean
  cursorTag: string | undefined
}

/** Reads the contacts' list query, with the responses' rules (a 400 naming each bad parameter). */
export function readContactQuery(query: Record<string, string | string[] | undefined>): ContactQuery {
  const names = Object.keys(contactListQuery.entries)
  const repeated = names.filter((name) => Array.isArray(query[name]))
  if (repeated.length > 0) throw validationError(Object.fromEntries(repeated.map((name) => [name, 'Must be given once'])))
  const parsed = v.safeParse(contactListQuery, Object.fromEntries(names.map((name) => [name, query[name]])))
  if (!parsed.success) {
    const fields: Record<string, string> = {}
    for (const issue of parsed.issues) fields[v.getDotPath(issue) ?? ''] ??= issue.message
    throw validationError(fields)
  }
  const input = parsed.output
  const sortBy = input.sortBy ?? 'createdAt'
  const order = input.order ?? 'desc'
  const cursorTag = sortBy === 'createdAt' && order === 'desc' ? undefined : `${sortBy}.${order}`
  const filter: ContactFilter = {}
  if (input.userId !== undefined) filter.userId = input.userId
  if (input.filterDateField !== undefined) filter.dateField = input.filterDateField
  if (input.startDate !== undefined) filter.startDate = new Date(normalizeIsoDateTime(input.startDate) as string)
  if (input.endDate !== undefined) filter.endDate = new Date(normalizeIsoDateTime(input.endDate) as string)
  if (filter.startDate && filter.endDate && filter.endDate < filter.startDate) throw validationError({ endDate: 'Must not be before startDate' })
  return { page: readPageQuery(query, false, cursorTag), filter, sortBy, order, count: input.count === 'true', cursorTag }
}
