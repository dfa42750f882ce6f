import * as v from 'valibot'
import { LIMITS } from './common'

/** A lone surrogate (half of a UTF-16 pair without its other half), or NUL. */
const NOT_STORABLE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\u0000/

const storable = v.check((text: string) => !NOT_STORABLE.test(text), 'Must be well-formed text without NUL characters')

/**
 * Text that Postgres stores as given (docs/design.md, "Limits and input"): well-formed Unicode (no lone surrogates) without NUL,
 * which `text` columns reject, between `min` and `max` characters.
 */
export const storedText = (max: number, min = 0) =>
  min > 0
    ? v.pipe(v.string(), v.minLength(min, 'Must not be empty'), v.maxLength(max, `Must be at most ${max} characters`), storable)
    : v.pipe(v.string(), v.maxLength(max, `Must be at most ${max} characters`), storable)

/** Names (255 characters, not empty). */
export const storedName = storedText(LIMITS.name, 1)
/** Descriptions and other free texts (10,000 characters). */
export const storedDescription = storedText(LIMITS.text)
/**
 * `environmentId` (and `workspaceId`) of a create body: any string, compared with the key's environment (its
 * project, for `workspaceId`).
 */
export const environmentIdField = v.optional(v.pipe(v.string(), v.maxLength(LIMITS.id)))
