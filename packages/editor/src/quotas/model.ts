/**
 * The quotas panel's pure parts: a quota as its form holds it (a draft), the body the quota routes take, and
 * what is wrong with a draft, in the panel's words, at its field, whether the editor finds it or the server.
 * Conditions have the logic editor's shape (`src/logic`), flat, joined by one connector, as the quota routes
 * take them (docs/api.md, "Quotas").
 */
import type { Problem, Quota, QuotaInput } from '../api'
import type { Block, Condition, SurveyDocument } from '../logic/types'
import { newCondition, operatorsFor } from '../logic/model'
import type { QuotaTexts } from './texts'

/** A quota as its form holds it; the limit as typed. */
export interface QuotaDraft {
  /** The stored quota's id; none for a quota not saved yet. */
  id?: string
  name: string
  limit: string
  connector: 'and' | 'or'
  conditions: Condition[]
  action: 'endSurvey' | 'continueSurvey'
  /** The ending's id, or '' for none. */
  endingCardId: string
  countPartialSubmissions: boolean
}

/** What is wrong with a draft: at a field, or at a condition (by its index). */
export interface QuotaProblems {
  name?: string
  limit?: string
  endingCardId?: string
  conditions?: Record<number, string>
  /** What belongs to no field (the survey's quota limit, a refusal without fields). */
  form?: string
}

/** A new quota: no conditions; ending the survey at its first ending, when it has one. */
export function emptyDraft(survey: SurveyDocument): QuotaDraft {
  const ending = survey.endings?.[0]?.id
  return {
    name: '',
    limit: '100',
    connector: 'and',
    conditions: [],
    action: ending ? 'endSurvey' : 'continueSurvey',
    endingCardId: ending ?? '',
    countPartialSubmissions: false,
  }
}

/** The draft of a stored quota. */
export function draftOf(quota: Quota): QuotaDraft {
  return {
    id: quota.id,
    name: quota.name,
    limit: String(quota.limit),
    connector: quota.logic.connector === 'or' ? 'or' : 'and',
    conditions: quota.logic.conditions as Condition[],
    action: quota.action,
    endingCardId: quota.endingCardId ?? '',
    countPartialSubmissions: quota.countPartialSubmissions,
  }
}

/** The body of the quota routes for a draft (checked first with `draftProblems`). */
export function inputOf(draft: QuotaDraft): QuotaInput {
  return {
    name: draft.name.trim(),
    limit: Number(draft.limit),
    logic: { connector: draft.connector, conditions: draft.conditions as QuotaInput['logic']['conditions'] },
    action: draft.action,
    endingCardId: draft.action === 'endSurvey' ? draft.endingCardId || null : null,
    countPartialSubmissions: draft.countPartialSubmissions,
  }
}

/** What the editor itself finds wrong with a draft; none when it may be sent. */
export function draftProblems(draft: QuotaDraft, survey: SurveyDocument, texts: QuotaTexts): QuotaProblems {
  const problems: QuotaProblems = {}
  if (draft.name.trim() === '') problems.name = texts.nameMissing
  const limit = Number(draft.limit)
  if (draft.limit.trim() === '' || !Number.isInteger(limit) || limit < 1 || limit > 2_147_483_647) problems.limit = texts.limitInvalid
  if (draft.action === 'endSurvey' && draft.endingCardId === '') problems.endingCardId = texts.endingMissing
  draft.conditions.forEach((condition, index) => {
    const spec = operatorsFor(survey, condition.leftOperand).find((item) => item.operator === condition.operator)
    const right = condition.rightOperand
    const empty =
      right === undefined || (right.type === 'static' && (right.value === '' || (Array.isArray(right.value) && right.value.length === 0)))
    if (spec && spec.right !== 'none' && empty) (problems.conditions ??= {})[index] = texts.conditionValueMissing
  })
  return problems
}

export const hasProblems = (problems: QuotaProblems): boolean =>
  Boolean(problems.name || problems.limit || problems.endingCardId || problems.form || Object.keys(problems.conditions ?? {}).length > 0)

/**
 * The server's refusal of a quota in the panel's words, at the fields it names: a name another quota has, a
 * condition or ending that the saved survey does not have (added in the editor, not saved yet). Anything else
 * is said as the server said it, on the form.
 */
export function serverProblems(status: number, problems: Problem[], message: string, texts: QuotaTexts): QuotaProblems {
  const found: QuotaProblems = {}
  for (const problem of problems) {
    const condition = /^logic\.conditions\.(\d+)\.(leftOperand|rightOperand)/.exec(problem.path)
    if (condition) {
      const unsaved = problem.message.startsWith('The survey has no')
      ;(found.conditions ??= {})[Number(condition[1])] = unsaved ? texts.conditionUnsaved : texts.conditionValueMissing
    } else if (problem.path === 'name') found.name = problem.message.includes('name') ? texts.nameTaken : texts.nameMissing
    else if (problem.path === 'limit') found.limit = texts.limitInvalid
    else if (problem.path === 'endingCardId')
      found.endingCardId = problem.message.startsWith('The survey has no') ? texts.endingUnsaved : texts.endingMissing
  }
  if (!hasProblems(found)) found.form = /at most \d+ quotas/.test(message) ? texts.tooMany : message
  else if (status !== 400) found.form = message
  return found
}

/** A block holding every element of the survey, for conditions that may read any question (`ConditionRow`'s `block`). */
export function wholeSurveyBlock(survey: SurveyDocument): Block | undefined {
  return survey.blocks?.at(-1)
}

/** A draft with a new condition at the end: on the survey's last question, its first operator. */
export function addQuotaCondition(draft: QuotaDraft, survey: SurveyDocument): { draft: QuotaDraft; condition: Condition } | undefined {
  const block = wholeSurveyBlock(survey)
  if (!block) return undefined
  const taken = new Set(draft.conditions.map((condition) => condition.id))
  const condition = newCondition(survey, block, taken)
  return { draft: { ...draft, conditions: [...draft.conditions, condition] }, condition }
}
