import * as v from 'valibot'
import { MAX_ERROR_DETAILS, validationError } from '../errors'

/**
 * How many JSON values an input may hold for a failed validation to be run again in full, to list up to 20
 * failing fields and count the rest. Issues cost far more than validation (a 1 MB body can fail in 200,000
 * places, which took 1.6 s), so a larger failing input is answered from the first pass: its first failing
 * field, and `_more` saying that more may fail.
 */
export const FULL_REPORT_MAX_VALUES = 5000

/**
 * Validates input against a valibot schema. Failures become the validation 400 (docs/design.md, "Errors") with `details` mapping each
 * failing field path (dot-joined, `""` for the root) to its first message, at most 20 of them (docs/design.md, "Errors").
 * The first pass stops at the first issue, so a valid input costs one pass and an invalid one is cheap.
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const first = v.safeParse(schema, input, { abortEarly: true })
  if (first.success) return first.output
  if (!hasAtMostValues(input, FULL_REPORT_MAX_VALUES)) {
    const issue = first.issues[0]
    throw validationError({ [v.getDotPath(issue) ?? '']: issue.message, _more: 'Other fields were not checked' }, 1)
  }
  const result = v.safeParse(schema, input)
  if (result.success) return result.output
  const details: Record<string, string> = {}
  const seen = new Set<string>()
  let total = 0
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? ''
    if (seen.has(path)) continue
    seen.add(path)
    total++
    // Only the listed fields are kept (docs/design.md, "Errors"); the rest are only counted.
    if (total <= MAX_ERROR_DETAILS) details[path] = issue.message
  }
  throw validationError(details, total)
}

/** Whether `input` holds at most `max` JSON values (objects, arrays and scalars), counted without recursion. */
export function hasAtMostValues(input: unknown, max: number): boolean {
  const stack: unknown[] = [input]
  let count = 0
  while (stack.length > 0) {
    if (++count > max) return false
    const value = stack.pop()
    if (typeof value === 'object' && value !== null) {
      const items = Array.isArray(value) ? value : Object.keys(value)
      // Counted before anything is queued, so a huge object or array ends the walk at once.
      if (count + items.length > max) return false
      if (Array.isArray(value)) for (const item of value) stack.push(item)
      else for (const key of items as string[]) stack.push((value as Record<string, unknown>)[key])
    }
  }
  return true
}

/**
 * Validates one item of a batch (a bulk import), whose answer carries one line per failed item: a failure is
 * the validation 400 naming the first failing field only.
 */
export function parseItem<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortEarly: true })
  if (result.success) return result.output
  const issue = result.issues[0]
  throw validationError({ [v.getDotPath(issue) ?? '']: issue.message })
}

/**
 * The query parameters `names` (by default the schema's keys) parsed by `schema` (`parseInput`), each given at
 * most once: a repeated one is a 400 naming it ("Must be given once") before anything else is read.
 */
export function parseQuery<S extends v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>>(
  schema: S,
  query: Record<string, string | string[] | undefined>,
  names: readonly string[] = Object.keys(schema.entries),
): v.InferOutput<S> {
  const repeated = names.filter((name) => Array.isArray(query[name]))
  if (repeated.length > 0) throw validationError(Object.fromEntries(repeated.map((name) => [name, 'Must be given once'])))
  return parseInput(schema, Object.fromEntries(names.map((name) => [name, query[name]])))
}
