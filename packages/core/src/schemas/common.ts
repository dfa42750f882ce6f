import * as v from 'valibot'

/**
 * Size bounds shared by the request schemas. Contract §9 fixes names (255), texts (10,000) and the question
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
/** Image and video references: uploaded files may be stored as relative paths, so no URL check. */
export const urlishString = boundedString(LIMITS.url)

/**
 * Localized text as the reference stores it: `{ default: "…", de: "…" }`. The `default` key is what every
 * client falls back to, so it is the one key that must exist.
 */
export const localizedText = v.pipe(
  v.objectWithRest({ default: textString }, textString),
  v.maxEntries(LIMITS.languagesPerText, `Must have at most ${LIMITS.languagesPerText} languages`),
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

/** Absolute http(s) URL: anything else (`javascript:`, `data:`) would be followed by respondents' browsers. */
export const httpUrl = v.pipe(
  v.string(),
  v.maxLength(LIMITS.url, `Must be at most ${LIMITS.url} characters`),
  v.check(isHttpUrl, 'Must be an http or https URL'),
)

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i

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
  if (m < 1 || m > 12 || d < 1 || d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null
  if (hour === undefined) return new Date(Date.UTC(y, m - 1, d)).toISOString()
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59) return null
  const millis = fraction === undefined ? 0 : Number(fraction.padEnd(3, '0').slice(0, 3))
  let time = Date.UTC(y, m - 1, d, Number(hour), Number(minute), Number(second ?? 0), millis)
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1
    const digits = zone.slice(1).replace(':', '')
    const offsetHours = Number(digits.slice(0, 2))
    const offsetMinutes = Number(digits.slice(2, 4))
    if (offsetHours > 23 || offsetMinutes > 59) return null
    time -= sign * (offsetHours * 60 + offsetMinutes) * 60_000
  }
  const date = new Date(time)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
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
  return v.rawCheck<TItem[]>(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const items = dataset.value
    const seen = new Set<string>()
    items.forEach((item, index) => {
      if (seen.has(item.id)) {
        addIssue({
          message,
          input: item.id,
          path: [
            { type: 'array', origin: 'value', input: items, key: index, value: item },
            { type: 'object', origin: 'value', input: item, key: 'id', value: item.id },
          ],
        })
      }
      seen.add(item.id)
    })
  })
}
