import { validationError } from '../errors'
import type { ResponseCondition, ResponseJsonField } from '../ports/storage'
import { normalizeIsoDateTime } from '../schemas/common'

/**
 * The one parser of response filters in the reference's syntax, `filter[<field>][<operator>]=<value>` with dotted
 * field names (`filter[data.nps][gte]=9`, `filter[meta.url][contains]=pricing`), for every route that lists,
 * counts, exports or summarises responses (docs/api.md, "Filtering responses"). Every filter is bounded and
 * checked here; the storage turns each into a parameterised condition.
 */

/** At most this many `filter[…][…]` parameters per request. */
export const MAX_RESPONSE_FILTERS = 20
/** At most this many values in one `in` or `nin` (repeated, comma-separated, or both). */
export const MAX_FILTER_VALUES = 100
/** At most this many characters in one value (and in a field's id or key). */
export const MAX_FILTER_VALUE_LENGTH = 1000
/** At most this many characters in the id or key after `data.`, `variables.`, … */
const MAX_FIELD_KEY_LENGTH = 255

const FILTER_PARAM = /^filter\[(.*)\]\[([^[\]]*)\]$/

/** Whether a query parameter is a response filter (`filter[…]…`), which `readResponseFilters` reads. */
export function isFilterParam(name: string): boolean {
  return name.startsWith('filter[')
}

/** The `meta` fields a filter may name: their path in `meta`. */
const META_FIELDS: Record<string, string[]> = {
  url: ['url'],
  source: ['source'],
  action: ['action'],
  country: ['country'],
  city: ['city'],
  region: ['region'],
  'userAgent.browser': ['userAgent', 'browser'],
  'userAgent.os': ['userAgent', 'os'],
  'userAgent.device': ['userAgent', 'device'],
}

const ANSWER_OPERATORS = ['eq', 'in', 'gt', 'gte', 'lt', 'lte', 'contains', 'exists'] as const
const TEXT_OPERATORS = ['eq', 'in', 'contains', 'exists'] as const
const DATE_OPERATORS = ['gt', 'gte', 'lt', 'lte'] as const

/** The fields a filter may name, by prefix (`data.<questionId>`) or whole, with their operators. */
const FIELDS = {
  'data.': ANSWER_OPERATORS,
  'hiddenFields.': ANSWER_OPERATORS,
  'variables.': ANSWER_OPERATORS,
  'contactAttributes.': TEXT_OPERATORS,
  'meta.': TEXT_OPERATORS,
  'quota.': ['eq', 'in'],
  language: ['eq', 'in'],
  tags: ['in', 'nin'],
  finished: ['eq'],
  createdAt: DATE_OPERATORS,
  updatedAt: DATE_OPERATORS,
} as const satisfies Record<string, readonly string[]>

const FIELD_LIST =
  'data.<questionId>, hiddenFields.<id>, variables.<id>, meta.<url|source|action|country|city|region|userAgent.browser|userAgent.os|userAgent.device>, contactAttributes.<key>, quota.<quotaId>, language, tags, finished, createdAt, updatedAt'

/**
 * The response filters of `query` (every `filter[…][…]` parameter; others are left to the route). A filter
 * with an unknown field or operator, a value out of shape, more than `MAX_RESPONSE_FILTERS` filters, more than
 * `MAX_FILTER_VALUES` values in one, or a value longer than `MAX_FILTER_VALUE_LENGTH` is a 400 naming each
 * parameter at fault. `in` and `nin` take repeated parameters and comma-separated values; any other operator
 * takes one value.
 */
export function readResponseFilters(query: Record<string, string | string[] | undefined>): ResponseCondition[] {
  const names = Object.keys(query).filter(isFilterParam)
  if (names.length > MAX_RESPONSE_FILTERS)
    throw validationError({ filter: `At most ${MAX_RESPONSE_FILTERS} filters per request; this one has ${names.length}` })
  const problems: Record<string, string> = {}
  const conditions: ResponseCondition[] = []
  for (const name of names) {
    try {
      conditions.push(readFilter(name, query[name] ?? ''))
    } catch (error) {
      if (!(error instanceof FilterProblem)) throw error
      problems[name] = error.message
    }
  }
  if (Object.keys(problems).length > 0) throw validationError(problems)
  return conditions
}

/** A filter parameter's fault, named by `readResponseFilters`. */
class FilterProblem extends Error {}

function readFilter(name: string, given: string | string[]): ResponseCondition {
  const match = FILTER_PARAM.exec(name)
  if (!match) throw new FilterProblem('Must be filter[<field>][<operator>]=<value>, e.g. filter[data.nps][gte]=9')
  const [, field = '', op = ''] = match
  const prefix = (Object.keys(FIELDS) as Array<keyof typeof FIELDS>).find((known) =>
    known.endsWith('.') ? field.startsWith(known) && field.length > known.length : field === known,
  )
  if (prefix === undefined) throw new FilterProblem(`Unknown field ${field}; the fields are ${FIELD_LIST}`)
  const operators: readonly string[] = FIELDS[prefix]
  if (!operators.includes(op)) throw new FilterProblem(`Unknown operator ${op} for ${field}; it takes ${operators.join(', ')}`)
  const values = valuesOf(given, op === 'in' || op === 'nin')
  const key = field.slice(prefix.length)
  if (key.length > MAX_FIELD_KEY_LENGTH || key.includes('\u0000'))
    throw new FilterProblem(`The id after ${prefix} must be at most ${MAX_FIELD_KEY_LENGTH} characters, without NUL`)
  switch (prefix) {
    case 'data.':
    case 'hiddenFields.':
      return jsonCondition({ column: 'data', path: [key] }, op, values)
    case 'variables.':
      return jsonCondition({ column: 'variables', path: [key] }, op, values)
    case 'contactAttributes.':
      return jsonCondition({ column: 'contactAttributes', path: [key] }, op, values)
    case 'meta.': {
      const path = Object.hasOwn(META_FIELDS, key) ? META_FIELDS[key] : undefined
      if (!path) throw new FilterProblem(`Unknown field ${field}; meta takes ${Object.keys(META_FIELDS).join(', ')}`)
      return jsonCondition({ column: 'meta', path }, op, values)
    }
    case 'quota.':
      for (const value of values)
        if (value !== 'screenedIn' && value !== 'screenedOut') throw new FilterProblem('Must be screenedIn or screenedOut')
      return { on: 'quota', quotaId: key, op: 'in', values: values as Array<'screenedIn' | 'screenedOut'> }
    case 'language':
      if (values.some((value) => value === '')) throw new FilterProblem('Must be a language code')
      return { on: 'language', op: 'in', values }
    case 'tags':
      return { on: 'tags', op: op as 'in' | 'nin', values }
    case 'finished':
      return { on: 'finished', op: 'eq', value: flag(one(values)) }
    case 'createdAt':
    case 'updatedAt': {
      const date = normalizeIsoDateTime(one(values))
      if (date === null) throw new FilterProblem('Must be an ISO 8601 date or date-time')
      return { on: prefix, op: op as 'gt' | 'gte' | 'lt' | 'lte', value: new Date(date) }
    }
  }
}

/** A condition on a value inside a JSON field, its value read as `op` takes it. */
function jsonCondition(field: ResponseJsonField, op: string, values: string[]): ResponseCondition {
  switch (op) {
    case 'eq':
    case 'in':
      return { on: 'json', field, op: 'in', values }
    case 'contains': {
      const value = one(values)
      if (value === '') throw new FilterProblem('Must not be empty')
      return { on: 'json', field, op, value }
    }
    case 'exists':
      return { on: 'json', field, op, value: flag(one(values)) }
    default:
      return { on: 'json', field, op: op as 'gt' | 'gte' | 'lt' | 'lte', value: numberOf(one(values)) }
  }
}

/** The values of a parameter: one, or (for `in` and `nin`) each repeat split at commas; each bounded. */
function valuesOf(given: string | string[], many: boolean): string[] {
  const raw = Array.isArray(given) ? given : [given]
  if (!many && raw.length > 1) throw new FilterProblem('Must be given once')
  const values = many ? raw.flatMap((value) => value.split(',')) : raw
  if (values.length > MAX_FILTER_VALUES) throw new FilterProblem(`Must hold at most ${MAX_FILTER_VALUES} values`)
  for (const value of values) {
    if (value.length > MAX_FILTER_VALUE_LENGTH) throw new FilterProblem(`Each value must be at most ${MAX_FILTER_VALUE_LENGTH} characters`)
    if (value.includes('\u0000')) throw new FilterProblem('Must not contain NUL')
  }
  return values
}

function one(values: string[]): string {
  return values[0] ?? ''
}

function flag(value: string): boolean {
  if (value !== 'true' && value !== 'false') throw new FilterProblem('Must be true or false')
  return value === 'true'
}

/** A decimal number as JSON writes one (no hex, no `Infinity`), within the float range. */
function numberOf(value: string): number {
  const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isFinite(number)) throw new FilterProblem('Must be a number')
  return number
}
