import type { CreateResponseResult, ImportedResponseExtras } from '../../ports/storage'
import { IGNORED_SURVEY_FIELDS } from '../../schemas/survey-ignored-fields'

/**
 * The plain parts of `import formbricks`: how a source item's fields are read, and the words for what an
 * import leaves behind. No storage, no source: each is a function of its input.
 */

/** A source item as JSON. */
export type Item = Record<string, unknown>

/** Fields of the reference's surveys that a survey answer carries but a create does not take (never reported). */
export const SURVEY_OUTPUT_FIELDS = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'environmentId',
  'workspaceId',
  'segment',
  'workspaceOverwrites',
  'projectOverwrites',
  'displayPercentage',
  'status',
])
/**
 * Why the reference's survey fields that Canvass does not store are left behind: those a survey body may carry
 * (schemas/survey-ignored-fields), and `quotas`. A Map: the field names come from the source, and a plain
 * object would answer `constructor` or `__proto__` from its prototype.
 */
export const SURVEY_FIELD_REASONS: ReadonlyMap<string, string> = new Map([
  ['quotas', "A survey's quotas are not part of the reference's survey API; add them at /api/v1/management/surveys/{surveyId}/quotas"],
  ...Object.entries(IGNORED_SURVEY_FIELDS),
])

/** What each refusal of the bulk import means for an imported response. */
export const REFUSALS: ReadonlyMap<string, string> = new Map([
  ['survey_not_found', 'Its survey was not imported'],
  ['survey_in_other_environment', 'Its survey belongs to another environment here'],
  ['single_use_id_taken', 'Another response of the survey has its singleUseId'],
  ['display_not_found', 'Its display could not be made here'],
  ['display_taken', 'Another response names its display'],
  ['display_of_other_contact', 'Its display was made for another contact'],
])

/** Why an imported response was refused, in the report's words (an answer off its scale names its question). */
export function refusalOf(result: Exclude<CreateResponseResult, { outcome: 'created' }>): string {
  if (result.outcome === 'answer_out_of_range')
    return `Its answer to ${result.questionId} is off the question's scale (an integer from ${result.min} to ${result.max})`
  return REFUSALS.get(result.outcome) ?? `Refused (${result.outcome})`
}

/** A bug here, not a write that failed: never retried nor counted as a refusal. */
export function isProgrammingError(error: unknown): boolean {
  return error instanceof TypeError || error instanceof ReferenceError || error instanceof SyntaxError || error instanceof RangeError
}

export function pick(item: Item, fields: string[]): Item {
  const out: Item = {}
  for (const field of fields) if (Object.hasOwn(item, field) && item[field] !== undefined) out[field] = item[field]
  return out
}

/** The source's `createdAt` and `updatedAt` (now when missing or unreadable; `updatedAt` never before `createdAt`). */
export function times(item: Item): { createdAt: Date; updatedAt: Date } {
  const read = (value: unknown) => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value) : null)
  const createdAt = read(item.createdAt) ?? new Date()
  const updatedAt = read(item.updatedAt) ?? createdAt
  // biome-ignore lint/complexity/useMathMinMax: Dates, which Math.max would turn into numbers
  return { createdAt, updatedAt: updatedAt < createdAt ? createdAt : updatedAt }
}

export function notesOf(notes: unknown): ImportedResponseExtras['notes'] {
  if (!Array.isArray(notes)) return []
  return notes.flatMap((note: Item) => {
    if (typeof note !== 'object' || note === null || typeof note.id !== 'string' || typeof note.text !== 'string') return []
    const user = note.user as Item | undefined
    return [
      {
        id: note.id,
        text: note.text,
        // The author's id and name as the source knows them (Canvass has no users): shown as the note's `user`.
        userId: typeof user?.id === 'string' ? user.id : null,
        userName: typeof user?.name === 'string' ? user.name : typeof note.userName === 'string' ? note.userName : null,
        isResolved: note.isResolved === true,
        isEdited: note.isEdited === true,
        ...times(note),
      },
    ]
  })
}

export function tagsOf(tags: unknown): string[] {
  if (!Array.isArray(tags)) return []
  return tags.flatMap((tag: unknown) => {
    if (typeof tag === 'string') return [tag]
    const name = typeof tag === 'object' && tag !== null ? ((tag as Item).name ?? ((tag as Item).tag as Item | undefined)?.name) : undefined
    return typeof name === 'string' ? [name] : []
  })
}
