export type EmbeddedValue = string | number | boolean
export type EmbeddedDataInput = Record<string, string | number | boolean | Date | null | undefined>

/** Keys kept at most: the bag rides along with every response of the page. */
export const MAX_EMBEDDED_KEYS = 100
/** Longest string value kept, in characters. */
export const MAX_EMBEDDED_STRING = 5000

/**
 * `setEmbeddedData`: merges `input` into `bag` (last write wins per key), as the loader documents it: `null`
 * removes a key, `undefined` is skipped, a `Date` is kept as its ISO string. Values of other types, strings
 * over `MAX_EMBEDDED_STRING` and keys past `MAX_EMBEDDED_KEYS` are refused and named in `refused`.
 */
export function mergeEmbeddedData(
  bag: Readonly<Record<string, EmbeddedValue>>,
  input: EmbeddedDataInput,
): { bag: Record<string, EmbeddedValue>; refused: string[] } {
  const next: Record<string, EmbeddedValue> = { ...bag }
  const refused: string[] = []
  if (typeof input !== 'object' || input === null) return { bag: next, refused }
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue
    if (value === null) {
      delete next[key]
      continue
    }
    const kept = value instanceof Date ? (Number.isNaN(value.getTime()) ? undefined : value.toISOString()) : value
    const fits =
      (typeof kept === 'string' && kept.length <= MAX_EMBEDDED_STRING) ||
      (typeof kept === 'number' && Number.isFinite(kept)) ||
      typeof kept === 'boolean'
    if (!fits || (!(key in next) && Object.keys(next).length >= MAX_EMBEDDED_KEYS)) {
      refused.push(key)
      continue
    }
    next[key] = kept as EmbeddedValue
  }
  return { bag: next, refused }
}

/** `clearEmbeddedData()`: with no argument the whole bag goes; with one, only that key. */
export function clearEmbeddedData(bag: Readonly<Record<string, EmbeddedValue>>, args: readonly unknown[]): Record<string, EmbeddedValue> {
  if (args.length === 0) return {}
  const next = { ...bag }
  if (typeof args[0] === 'string') delete next[args[0]]
  return next
}
