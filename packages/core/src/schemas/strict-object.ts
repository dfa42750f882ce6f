import * as v from 'valibot'

/**
 * `v.strictObject` whose refusal of a key its entries do not name says so in words and names the closest
 * entry (`Unknown field; did you mean "required"?`), at the key's own path. Survey documents are strict
 * (docs/surveys.md#strict-documents): a misspelt field is a 400, never dropped. The JSON Schema made from it
 * says `additionalProperties: false`, so the served schema refuses what the API refuses.
 */
export function strictObject<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  const known = Object.keys(entries)
  return v.strictObject(entries, (issue) => (isUnknownFieldIssue(issue) ? unknownFieldMessage(String(issue.input), known) : issue.message))
}

/** Whether `issue` is a strict object's refusal of a key it does not know (the key is `issue.input`). */
export function isUnknownFieldIssue(issue: v.BaseIssue<unknown>): boolean {
  return issue.type === 'strict_object' && issue.expected === 'never'
}

/** The message of an unknown `field` of an object whose fields are `known`. */
export function unknownFieldMessage(field: string, known: readonly string[]): string {
  const closest = closestName(field, known)
  return closest === undefined ? 'Unknown field' : `Unknown field; did you mean "${closest}"?`
}

/** The name of `names` nearest to `name` (edit distance, ignoring case); the first of equals wins. */
export function closestName(name: string, names: readonly string[]): string | undefined {
  const wanted = name.toLowerCase().slice(0, MAX_COMPARED)
  let best: string | undefined
  let bestDistance = Number.POSITIVE_INFINITY
  for (const candidate of names) {
    const distance = editDistance(wanted, candidate.toLowerCase())
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}

/** A caller's key may be long; the comparison only needs its start (keeps the work bounded). */
const MAX_COMPARED = 64

/** Levenshtein distance: insertions, deletions and substitutions, one each. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1)
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution)
    }
    previous = current
  }
  return previous[b.length] as number
}
