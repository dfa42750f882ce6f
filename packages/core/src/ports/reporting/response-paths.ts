/**
 * What a summary reads to walk each response's path through the survey's blocks (docs/api.md, "A survey's
 * summary", drop-off): the responses grouped in the database, never read one by one. Core walks each group
 * once through the survey's logic.
 */

/** The answers, hidden fields and variables the survey's logic reads: each group carries their values. */
export interface PathQuery {
  /** Keys of `data` (answers, hidden fields). */
  data: string[]
  /** Keys of `variables`. */
  variables: string[]
}

/**
 * Responses alike for the walk: as finished, with the same marks, and the same values of what the logic reads.
 * Groups MUST be capped (`PATH_GROUPS`): the most frequent `PATH_GROUPS` with their values; the rest by `finished`
 * and `marks` only (`values: null`), the most frequent `PATH_GROUPS` of those; the rest by `finished` alone
 * (`marks: null`). Every response of the summary is in exactly one group.
 */
export interface PathGroup {
  count: number
  finished: boolean
  /**
   * One character per question of `SummaryQuery.questions`, in order: `0` the response holds no entry for it in
   * `data` nor in `ttc` (never shown a submit of it), `1` an entry that is empty (as `answered` counts: missing,
   * null, "", [] or {}), `2` answered. Null: past both caps.
   */
  marks: string | null
  /**
   * The values of `PathQuery`'s keys the response holds (keys it lacks left out); null: past the first cap, or
   * values longer than `PATH_VALUE_CHARS` characters as JSON (a long text: such responses are grouped by marks).
   */
  values: { data: Record<string, unknown>; variables: Record<string, unknown> } | null
}

/** How many groups of each kind a summary's paths hold at most (see `PathGroup`). */
export const PATH_GROUPS = 1000

/** How long a group's values may be, as one JSON text, for the group to carry them (see `PathGroup.values`). */
export const PATH_VALUE_CHARS = 2000
