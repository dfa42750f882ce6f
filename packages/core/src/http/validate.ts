import * as v from 'valibot'
import { validationError } from './errors'

/**
 * Validates input against a valibot schema. Failures become the contract's 400 with `details` mapping each
 * failing field path (dot-joined, `""` for the root) to its first message.
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (result.success) return result.output
  const details: Record<string, string> = {}
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? ''
    details[path] ??= issue.message
  }
  throw validationError(details)
}
