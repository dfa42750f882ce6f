import type { Json } from './doc'
import { isRecord } from './doc'

/**
 * The three-way merge of a save the server refused because the survey changed meanwhile (a 409): per top-level
 * field, `base` being the document as last loaded or saved, `mine` the editor's and `theirs` the server's now.
 * A field only they changed is taken (a status set in the console), one only I changed is kept; a field both
 * changed differently is a conflict, which `prefer: 'mine'` ("keep mine") settles for mine while still taking
 * every field only they changed. The server's own fields (`updatedAt`) are always theirs.
 */
export function mergeSurveys(
  base: Json,
  mine: Json,
  theirs: Json,
  prefer: 'none' | 'mine' = 'none',
): { merged: Json; conflicts: string[] } {
  const merged: Json = {}
  const conflicts: string[] = []
  const keys = new Set([...Object.keys(base), ...Object.keys(mine), ...Object.keys(theirs)])
  for (const key of keys) {
    const value = key === 'updatedAt' ? theirs[key] : pick(key, base[key], mine[key], theirs[key], prefer, conflicts)
    if (value !== undefined) merged[key] = value
  }
  return { merged, conflicts }
}

function pick(key: string, base: unknown, mine: unknown, theirs: unknown, prefer: 'none' | 'mine', conflicts: string[]): unknown {
  if (sameJson(mine, theirs) || sameJson(base, theirs)) return mine
  if (sameJson(base, mine)) return theirs
  conflicts.push(key)
  return prefer === 'mine' ? mine : theirs
}

/** Whether two JSON values are equal, whatever the order of their objects' keys. */
export function sameJson(left: unknown, right: unknown): boolean {
  if (left === right) return true
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false
    return left.every((item, index) => sameJson(item, right[index]))
  }
  if (!isRecord(left) || !isRecord(right)) return false
  const keys = Object.keys(left).filter((key) => left[key] !== undefined)
  if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) return false
  return keys.every((key) => sameJson(left[key], right[key]))
}
