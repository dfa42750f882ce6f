import type { IRequest } from 'itty-router'
import type { ResponseFilter } from '../ports/storage'
import type { InvalidParam } from './problem'
import { isFilterParam, readResponseFilters } from './response-filters'
import { CanvassError } from '../errors'
import { normalizeIsoDateTime } from '../schemas/common'
import { v3BadRequest } from './v3'

/**
 * The query of `GET /api/v3/responses` and `GET /api/v3/responses/count` (docs/api.md, "Responses in v3"): the
 * reference's parameters, Canvass's answer, meta and attribute filters (`filter[data.q1][eq]=…`) beside them, and
 * the keyset cursor bound to the sort and to every filter. Every problem is a 400 naming its parameter; a
 * parameter neither takes is one too.
 */

export const V3_RESPONSES_DEFAULT_LIMIT = 20
export const V3_RESPONSES_MAX_LIMIT = 250
/** At most this many ids in `filter[id][in]`. */
export const V3_MAX_ID_FILTER = 100
/** Counts (and `totalCount`) stop here unless `precision=exact`. */
export const V3_COUNT_CAP = 10_000

export type V3ResponsesSort = '-createdAt' | 'createdAt'

const GTE = 'filter[createdAt][gte]'
const GT = 'filter[createdAt][gt]'
const LTE = 'filter[createdAt][lte]'
const LT = 'filter[createdAt][lt]'
const FINISHED = 'filter[finished][eq]'
const LANGUAGES = 'filter[language][in]'
const IDS = 'filter[id][in]'
const REFERENCE_FILTERS = [GTE, GT, LTE, LT, FINISHED, LANGUAGES, IDS]
const SCOPE = ['workspaceId', 'surveyId', 'contactId']
const PAGING = ['limit', 'cursor', 'includeTotalCount', 'sortBy']
const ANCHOR_REASON = 'Requires surveyId or contactId: only one of them bounds this filter'

/** The scope and filters of a list or count, read: the environment's filter still to be checked by the route. */
export interface V3ResponsesScope {
  workspaceId: string
  surveyId?: string
  contactId?: string
  filter: ResponseFilter
  /** What a cursor is bound to: the scope and every filter, normalised. */
  fingerprint: string
}

export interface V3ResponsesListQuery extends V3ResponsesScope {
  limit: number
  sortBy: V3ResponsesSort
  includeTotalCount: boolean
  after?: { createdAt: Date; id: string }
}

export interface V3ResponsesCountQuery extends V3ResponsesScope {
  precision: 'capped' | 'exact'
}

/** The list's query, or a 400 naming each parameter at fault. */
export function readV3ResponsesListQuery(request: IRequest): V3ResponsesListQuery {
  const query = queryOf(request)
  const problems: InvalidParam[] = []
  const scope = readScope(query, [...SCOPE, ...PAGING, ...REFERENCE_FILTERS], problems)
  const limitText = single(query, 'limit', problems)
  let limit = V3_RESPONSES_DEFAULT_LIMIT
  if (limitText !== undefined) {
    limit = /^\d{1,6}$/.test(limitText) ? Number(limitText) : Number.NaN
    if (!(limit >= 1 && limit <= V3_RESPONSES_MAX_LIMIT))
      problems.push({ name: 'limit', reason: `Must be a whole number from 1 to ${V3_RESPONSES_MAX_LIMIT}` })
  }
  const sortText = single(query, 'sortBy', problems)
  if (sortText !== undefined && sortText !== '-createdAt' && sortText !== 'createdAt')
    problems.push({ name: 'sortBy', reason: 'Must be one of -createdAt, createdAt' })
  const sortBy: V3ResponsesSort = sortText === 'createdAt' ? 'createdAt' : '-createdAt'
  const includeTotalCount = readBoolean(query, 'includeTotalCount', problems) ?? false
  const cursor = single(query, 'cursor', problems)
  if (problems.length > 0 || !scope) throw v3BadRequest('Invalid query parameters', problems)
  const after = cursor === undefined ? undefined : decodeCursor(cursor, sortBy, scope.fingerprint)
  return { ...scope, limit, sortBy, includeTotalCount, ...(after ? { after } : {}) }
}

/** The count's query, or a 400 naming each parameter at fault. */
export function readV3ResponsesCountQuery(request: IRequest): V3ResponsesCountQuery {
  const query = queryOf(request)
  const problems: InvalidParam[] = []
  const scope = readScope(query, [...SCOPE, 'precision', ...REFERENCE_FILTERS], problems)
  const precision = single(query, 'precision', problems) ?? 'capped'
  if (precision !== 'capped' && precision !== 'exact') problems.push({ name: 'precision', reason: 'Must be one of capped, exact' })
  else if (precision === 'exact' && scope && scope.surveyId === undefined && scope.contactId === undefined)
    problems.push({ name: 'precision', reason: 'exact requires surveyId or contactId: an exact count is bounded only by one of them' })
  if (problems.length > 0 || !scope) throw v3BadRequest('Invalid query parameters', problems)
  return { ...scope, precision: precision as 'capped' | 'exact' }
}

/** The cursor of the page after `last`, bound to the sort and the filters. */
export function encodeV3ResponsesCursor(sortBy: V3ResponsesSort, fingerprint: string, last: { createdAt: Date; id: string }): string {
  const text = JSON.stringify({ version: 1, kind: 'responses', sortBy, fp: fingerprint, value: last.createdAt.toISOString(), id: last.id })
  return base64url(text)
}

type Query = Record<string, string | string[] | undefined>

function queryOf(request: IRequest): Query {
  return (request.query ?? {}) as Query
}

/** The scope and every filter; `undefined` when a problem was recorded. */
function readScope(query: Query, known: readonly string[], problems: InvalidParam[]): V3ResponsesScope | undefined {
  const extension: Query = {}
  for (const name of Object.keys(query)) {
    if (known.includes(name)) continue
    if (isFilterParam(name)) extension[name] = query[name]
    else problems.push({ name, reason: `Unrecognized key: "${name}"` })
  }
  const workspaceId = single(query, 'workspaceId', problems)
  if (workspaceId === undefined && !problems.some((problem) => problem.name === 'workspaceId'))
    problems.push({ name: 'workspaceId', reason: 'Required' })
  const surveyId = single(query, 'surveyId', problems)
  const contactId = single(query, 'contactId', problems)
  for (const [name, value] of [
    ['workspaceId', workspaceId],
    ['surveyId', surveyId],
    ['contactId', contactId],
  ] as const) {
    if (value !== undefined && !isId(value)) problems.push({ name, reason: 'Must be an id (1 to 255 characters)' })
  }
  const bounds = {
    gte: readDate(query, GTE, problems),
    gt: readDate(query, GT, problems),
    lte: readDate(query, LTE, problems),
    lt: readDate(query, LT, problems),
  }
  const finished = readBoolean(query, FINISHED, problems)
  const languages = readList(query, LANGUAGES, problems, 64)
  const ids = readList(query, IDS, problems, 255)
  if (ids && ids.length > V3_MAX_ID_FILTER) problems.push({ name: IDS, reason: `At most ${V3_MAX_ID_FILTER} ids` })
  const anchored = surveyId !== undefined || contactId !== undefined
  if (finished !== undefined && !anchored) problems.push({ name: FINISHED, reason: ANCHOR_REASON })
  if (languages !== undefined && !anchored) problems.push({ name: LANGUAGES, reason: ANCHOR_REASON })
  if (bounds.gte && bounds.gt) problems.push({ name: GT, reason: `Cannot be combined with ${GTE}` })
  if (bounds.lte && bounds.lt) problems.push({ name: LT, reason: `Cannot be combined with ${LTE}` })
  const lower = bounds.gte ?? bounds.gt
  const upper = bounds.lte ?? bounds.lt
  if (lower && upper && lower > upper)
    problems.push({ name: bounds.gte ? GTE : GT, reason: 'The lower bound must not be later than the upper bound' })
  let where: ReturnType<typeof readResponseFilters> = []
  try {
    where = readResponseFilters(extension)
  } catch (error) {
    if (!(error instanceof CanvassError) || error.status !== 400) throw error
    for (const [name, reason] of Object.entries(error.details)) if (name !== '_more') problems.push({ name, reason: String(reason) })
  }
  if (problems.length > 0 || workspaceId === undefined) return undefined
  const filter: ResponseFilter = {
    ...(surveyId !== undefined ? { surveyId } : {}),
    ...(contactId !== undefined ? { contactId } : {}),
    ...(finished !== undefined ? { finished } : {}),
    ...(languages ? { languages } : {}),
    ...(ids ? { ids } : {}),
    ...(lower ? { startDate: lower, startExclusive: bounds.gte === undefined } : {}),
    ...(upper ? { endDate: upper, endExclusive: bounds.lte === undefined } : {}),
    ...(where.length > 0 ? { where } : {}),
  }
  const extensionKey = Object.keys(extension)
    .sort()
    .map((name) => [name, extension[name]])
  const fingerprint = hash(
    JSON.stringify([
      workspaceId,
      surveyId ?? null,
      contactId ?? null,
      Object.entries(bounds).map(([k, d]) => [k, d?.toISOString() ?? null]),
      finished ?? null,
      languages ?? null,
      ids ? [...ids].sort() : null,
      extensionKey,
    ]),
  )
  return {
    workspaceId,
    ...(surveyId !== undefined ? { surveyId } : {}),
    ...(contactId !== undefined ? { contactId } : {}),
    filter,
    fingerprint,
  }
}

function single(query: Query, name: string, problems: InvalidParam[]): string | undefined {
  const value = query[name]
  if (value === undefined) return undefined
  if (Array.isArray(value)) {
    problems.push({ name, reason: 'Must be given once' })
    return undefined
  }
  return value.trim() === '' ? undefined : value.trim()
}

function readBoolean(query: Query, name: string, problems: InvalidParam[]): boolean | undefined {
  const value = single(query, name, problems)
  if (value === undefined) return undefined
  if (value !== 'true' && value !== 'false') {
    problems.push({ name, reason: 'Must be true or false' })
    return undefined
  }
  return value === 'true'
}

function readDate(query: Query, name: string, problems: InvalidParam[]): Date | undefined {
  const value = single(query, name, problems)
  if (value === undefined) return undefined
  const normal = normalizeIsoDateTime(value)
  if (normal === null || normal === undefined) {
    problems.push({ name, reason: 'Must be an ISO 8601 date-time with a time zone' })
    return undefined
  }
  return new Date(normal)
}

/** A list parameter: repeated, comma-separated or both; duplicates once. */
function readList(query: Query, name: string, problems: InvalidParam[], maxLength: number): string[] | undefined {
  const raw = query[name]
  if (raw === undefined) return undefined
  const values = [
    ...new Set(
      (Array.isArray(raw) ? raw : [raw])
        .flatMap((item) => item.split(','))
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    ),
  ]
  if (values.length === 0) {
    problems.push({ name, reason: 'Must name at least one value' })
    return undefined
  }
  if (values.length > 1000 || values.some((value) => value.length > maxLength || value.includes('\u0000'))) {
    problems.push({ name, reason: `Each value must be 1 to ${maxLength} characters, without NUL` })
    return undefined
  }
  return values
}

function isId(value: string): boolean {
  return value.length <= 255 && !value.includes('\u0000')
}

/** A cursor read back: another sort's, another filter set's, or text it did not write is a 400 naming `cursor`. */
function decodeCursor(cursor: string, sortBy: V3ResponsesSort, fingerprint: string): { createdAt: Date; id: string } {
  const bad = (reason: string) => v3BadRequest('Invalid query parameters', [{ name: 'cursor', reason }])
  let parsed: unknown
  try {
    if (cursor.length > 2048) throw new Error('too long')
    const text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(text, (char) => char.charCodeAt(0))))
  } catch {
    throw bad('Invalid cursor')
  }
  const fields = parsed as Record<string, unknown>
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    fields.version !== 1 ||
    fields.kind !== 'responses' ||
    typeof fields.value !== 'string' ||
    typeof fields.id !== 'string' ||
    !isId(fields.id) ||
    fields.id === '' ||
    normalizeIsoDateTime(fields.value) !== fields.value
  )
    throw bad('Invalid cursor')
  if (fields.sortBy !== sortBy) throw bad('Belongs to another sortBy: start again without it')
  if (fields.fp !== fingerprint) throw bad('Belongs to another filter set: start again without it')
  return { createdAt: new Date(fields.value), id: fields.id }
}

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text)
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** A short, stable digest of a text (cyrb53): a cursor's binding, not a secret. */
function hash(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}
