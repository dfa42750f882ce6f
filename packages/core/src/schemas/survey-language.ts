import * as v from 'valibot'
import { boundedArray, isPlainObject } from './common'

/** Most languages a survey lists. */
const MAX_LANGUAGES = 100

/**
 * Where an entry of a survey's `languages` keeps its code: the reference's `{ language: { code, … }, default,
 * enabled }`, or `{ code, … }` as some clients send it. `undefined` for an entry without a text code.
 */
export function languageCodeOf(entry: unknown): { code: string; path: readonly string[] } | undefined {
  if (!isPlainObject(entry)) return undefined
  if (isPlainObject(entry.language)) {
    const code = entry.language.code
    return typeof code === 'string' ? { code, path: ['language', 'code'] } : undefined
  }
  return typeof entry.code === 'string' ? { code: entry.code, path: ['code'] } : undefined
}

/**
 * A survey's `languages`, kept as sent (the reference's language objects carry ids and dates of its own), with
 * each code listed once: a code given twice (`de` enabled and disabled, or `de` and `DE`) would make the
 * survey's text in that language ambiguous, so the later one is a 400 at its code (docs/surveys.md#languages).
 */
export const surveyLanguagesSchema = v.pipe(
  boundedArray(v.looseObject({}), MAX_LANGUAGES),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const entries = dataset.value
    const seen = new Set<string>()
    entries.forEach((entry, index) => {
      const found = languageCodeOf(entry)
      if (found === undefined) return
      const code = found.code.toLowerCase()
      if (!seen.has(code)) {
        seen.add(code)
        return
      }
      let parent: unknown = entry
      const path: [v.IssuePathItem, ...v.IssuePathItem[]] = [{ type: 'array', origin: 'value', input: entries, key: index, value: entry }]
      for (const key of found.path) {
        const value = (parent as Record<string, unknown>)[key]
        path.push({ type: 'object', origin: 'value', input: parent as Record<string, unknown>, key, value })
        parent = value
      }
      addIssue({ message: `Language ${found.code} is listed more than once`, input: found.code, path })
    })
  }),
)
