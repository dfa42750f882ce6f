import * as v from 'valibot'

/**
 * Size bounds shared by the request schemas. docs/design.md, "Limits and input", fixes names (255), texts (10,000) and the question
 * count (200); the rest are caps chosen so that no field of a request body is unbounded.
 */
export const LIMITS = {
  name: 255,
  id: 255,
  text: 10_000,
  url: 2048,
  /** Language codes are short (`en`, `pt-BR`); the cap only has to stop abuse. */
  languageKey: 64,
  languagesPerText: 100,
  questions: 200,
  choices: 500,
  endings: 100,
  listItems: 500,
  logicRules: 200,
  /** A survey's variables (the reference sets no bound; its editor adds them one at a time). */
  variables: 100,
  /** Entries of a response's `data`, `ttc` and `variables`: 200 questions plus hidden fields and more. */
  responseEntries: 2000,
  /** A `ttc` value, in ms (docs/design.md, "Limits and input"): one day, far above the time anyone spends on one question. */
  ttcMs: 86_400_000,
} as const

/** A string of at most `max` characters (and at least `min`). */
export const boundedString = (max: number, min = 0) =>
  min > 0
    ? v.pipe(v.string(), v.minLength(min, `Must not be empty`), v.maxLength(max, `Must be at most ${max} characters`))
    : v.pipe(v.string(), v.maxLength(max, `Must be at most ${max} characters`))

export const nameString = boundedString(LIMITS.name, 1)
export const textString = boundedString(LIMITS.text)
/** An opaque identifier chosen by the caller (choice ids, environment ids…). */
export const idString = boundedString(LIMITS.id, 1)
/**
 * Image, video and button references that respondents' browsers follow: an absolute `http(s)` URL or a
 * relative one (uploaded files may be stored as relative paths). `javascript:`, `data:` and every other
 * scheme are refused, including spellings the URL parser normalises (`JAVA\tSCRIPT:`, leading spaces).
 */
export const urlishString = v.pipe(
  v.string(),
  v.maxLength(LIMITS.url, `Must be at most ${LIMITS.url} characters`),
  v.check(isHttpOrRelativeUrl, 'Must be an http or https URL, or a relative one'),
)

/** Column range of a Postgres `integer` (int4). */
export const INT4_MAX = 2_147_483_647
export const INT4_MIN = -2_147_483_648

/**
 * A whole number within `[min, max]`, by default within Postgres `integer` range (docs/design.md, "Limits and input": integers
 * within their column's range). `1.5`, `3000000000` and 30-digit numbers are a 400, never a database error.
 */
export const safeInteger = (min = INT4_MIN, max = INT4_MAX) =>
  v.pipe(
    v.number('Must be a number'),
    v.integer('Must be a whole number'),
    v.minValue(min, `Must be at least ${min}`),
    v.maxValue(max, `Must be at most ${max}`),
  )

/**
 * An array of at most `max` items whose length is checked before any item is validated, so that a body of
 * 300,000 items costs one check rather than 300,000 item validations (the item schema never runs when the
 * count is over).
 */
export const boundedArray = <TItem extends v.GenericSchema>(item: TItem, max: number, message = `Must have at most ${max} items`) =>
  v.pipe(
    // A plain check, not `v.array(v.unknown())`, which would copy every item first.
    v.custom<unknown[]>(
      (input) => Array.isArray(input),
      (issue) => `Invalid type: Expected Array but received ${issue.received}`,
    ),
    v.check((items) => items.length <= max, message),
    v.array(item),
  )

/** Whether `input` is a non-array object with at most `max` own keys. */
function isObjectWithAtMost(input: unknown, max: number): boolean {
  return Object.keys(input as object).length <= max
}

export const isPlainObject = (input: unknown): input is Record<string, unknown> =>
  typeof input === 'object' && input !== null && !Array.isArray(input)

/**
 * A record of at most `max` entries, counted before keys and values are validated (as `boundedArray`), with
 * keys of at most `keyLength` characters.
 */
export const boundedRecord = <TValue extends v.GenericSchema>(value: TValue, max: number, keyLength = LIMITS.id) =>
  v.pipe(
    v.custom<Record<string, unknown>>(isPlainObject, (issue) => `Invalid type: Expected Object but received ${issue.received}`),
    v.check((input) => isObjectWithAtMost(input, max), `Must have at most ${max} entries`),
    v.record(v.pipe(v.string(), v.maxLength(keyLength, `Keys must be at most ${keyLength} characters`)), value),
  )

/**
 * Localized text as the reference stores it: `{ default: "…", de: "…" }`. The `default` key is what every
 * client falls back to, so it is the one key that must exist.
 */
export const localizedText = v.pipe(
  // Counted before the texts are validated, as `boundedArray` does.
  v.custom<Record<string, unknown>>(isPlainObject, (issue) => `Invalid type: Expected Object but received ${issue.received}`),
  v.check((input) => isObjectWithAtMost(input, LIMITS.languagesPerText), `Must have at most ${LIMITS.languagesPerText} languages`),
  v.objectWithRest({ default: textString }, textString),
  v.check(
    (text) => Object.keys(text).every((key) => key.length <= LIMITS.languageKey),
    `Language keys must be at most ${LIMITS.languageKey} characters`,
  ),
)

export type LocalizedText = v.InferOutput<typeof localizedText>

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

function isHttpOrRelativeUrl(value: string): boolean {
  try {
    // Parses only when the value names a scheme: it must then be http(s).
    return isHttpUrlObject(new URL(value))
  } catch {
    // No scheme of its own; resolved against a page it stays on that page's scheme. A leading `\\` or
    // control character is refused outright, since browsers read `\\host` like `//host` in odd ways.
    return !/^[\s\\]/.test(value) && !/[\u0000-\u001f]/.test(value)
  }
}

const isHttpUrlObject = (url: URL): boolean => url.protocol === 'http:' || url.protocol === 'https:'

/** Absolute http(s) URL: anything else (`javascript:`, `data:`) would be followed by respondents' browsers. */
export const httpUrl = v.pipe(
  v.string(),
  v.maxLength(LIMITS.url, `Must be at most ${LIMITS.url} characters`),
  v.check(isHttpUrl, 'Must be an http or https URL'),
)

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i

/**
 * Canonical `toISOString()` form of an ISO 8601 date or date-time, or null when the string is not one.
 * `Date.parse` alone is too lenient (it rolls Feb 31 over into March and reads free-form dates), and a
 * date-time without zone would depend on the server's time zone, so such values are read as UTC.
 */
export function normalizeIsoDateTime(value: string): string | null {
  const match = ISO_DATE_TIME.exec(value)
  if (!match) return null
  const [, year, month, day, hour, minute, second, fraction, zone] = match
  const y = Number(year)
  const m = Number(month)
  const d = Number(day)
  // Year 0 is 1 BC, which the ISO form of `toISOString` spells with six digits: refused as out of range.
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > utc(y, m, 0).getUTCDate()) return null
  if (hour === undefined) return utc(y, m - 1, d).toISOString()
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59) return null
  const millis = fraction === undefined ? 0 : Number(fraction.padEnd(3, '0').slice(0, 3))
  let time = utc(y, m - 1, d, Number(hour), Number(minute), Number(second ?? 0), millis).getTime()
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1
    const digits = zone.slice(1).replace(':', '')
    const offsetHours = Number(digits.slice(0, 2))
    const offsetMinutes = Number(digits.slice(2, 4))
    if (offsetHours > 23 || offsetMinutes > 59) return null
    time -= sign * (offsetHours * 60 + offsetMinutes) * 60_000
  }
  const date = new Date(time)
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999) return null
  return date.toISOString()
}

/**
 * `Date.UTC` with the year taken literally: `Date.UTC` maps years 0–99 to 1900–1999, which stored
 * `0050-01-01` as 1950.
 */
function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): Date {
  const date = new Date(Date.UTC(2000, month, day, hour, minute, second, ms))
  date.setUTCFullYear(year, month, day)
  return date
}

/** ISO 8601 date-time string, output in canonical UTC form (kept a string so the output stays JSON). */
export const isoDateTimeString = v.pipe(
  v.string(),
  v.maxLength(64, 'Must be an ISO 8601 date-time'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const normalized = normalizeIsoDateTime(dataset.value)
    if (normalized === null) {
      addIssue({ message: 'Must be an ISO 8601 date-time' })
      return NEVER
    }
    return normalized
  }),
)

/**
 * Rejects repeated `id`s in an array of objects. The issue points at the later duplicate's `id`
 * (`<index>.id` below the array) so a client can tell which entry to fix.
 */
export function uniqueIds<TItem extends { id: string }>(message: string) {
  return uniqueField<TItem, 'id'>('id', message)
}

/** Items whose `key` repeats an earlier item's fail at that later item's `key`; `message` may name the value. */
export function uniqueField<TItem extends Record<TKey, string>, TKey extends string>(
  key: TKey,
  message: string | ((value: string) => string),
) {
  return v.rawCheck<TItem[]>(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const items = dataset.value
    const seen = new Set<string>()
    items.forEach((item, index) => {
      const value = item[key]
      if (seen.has(value)) {
        addIssue({
          message: typeof message === 'string' ? message : message(value),
          input: value,
          path: [
            { type: 'array', origin: 'value', input: items, key: index, value: item },
            { type: 'object', origin: 'value', input: item, key, value },
          ],
        })
      }
      seen.add(value)
    })
  })
}

export { UNSTORABLE_IDS } from '../survey-ids'
