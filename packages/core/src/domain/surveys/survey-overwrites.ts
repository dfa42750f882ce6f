import { validationError } from '../../errors'

/**
 * The names a survey's project settings overrides go by: the reference's current `workspaceOverwrites`, then
 * `projectOverwrites` and `productOverwrites` (the stored name) from before its renames.
 */
export const OVERWRITE_NAMES = ['workspaceOverwrites', 'projectOverwrites', 'productOverwrites'] as const

type Overwrites = { [key: string]: unknown } | null

export interface OverwriteFields {
  workspaceOverwrites?: Overwrites | undefined
  projectOverwrites?: Overwrites | undefined
  productOverwrites?: Overwrites | undefined
}

/**
 * Puts the overrides a parsed survey body sent, under whichever name, into `productOverwrites` and removes
 * the other names. `body` is the body as sent, for which names it had: two names with different values are
 * a 400 naming the older one, not one of them dropped in silence.
 */
export function oneOverwritesName(input: OverwriteFields, body: Record<string, unknown>): void {
  const sent = OVERWRITE_NAMES.filter((name) => body[name] !== undefined)
  const first = sent[0]
  if (first === undefined) return
  for (const name of sent.slice(1)) {
    if (!sameJson(body[name], body[first])) throw validationError({ [name]: `Must equal ${first}, the same field under its current name` })
  }
  input.productOverwrites = input[first] ?? null
  delete input.workspaceOverwrites
  delete input.projectOverwrites
}

/** Whether two parsed JSON values are equal (object keys in any order). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const aKeys = Object.keys(a)
  if (aKeys.length !== Object.keys(b).length) return false
  return aKeys.every((key) => Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
}
