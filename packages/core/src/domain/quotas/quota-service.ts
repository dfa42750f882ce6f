import type { CanvassContext } from '../../context'
import { describeCause } from '../../http/boundary'
import { validationError } from '../../errors'
import type { QuotaRecord, SurveyRecord, UnscreenedResponse } from '../../ports/storage/index'
import type { QuotaCondition } from '../../schemas/quota'
import { meetsQuota } from './quota-conditions'
import { quotasOf } from '../optional-ports/hooks-ports'

/** The API form of a quota: the reference's `SurveyQuota`. */
export function quotaOutput(record: QuotaRecord) {
  return {
    id: record.id,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    surveyId: record.surveyId,
    name: record.name,
    limit: record.limit,
    logic: record.logic,
    action: record.action,
    endingCardId: record.endingCardId,
    countPartialSubmissions: record.countPartialSubmissions,
  }
}

/**
 * Refuses (400 naming each field) a quota whose conditions name a question, hidden field or variable the
 * survey does not have, or whose `endingCardId` is no ending of the survey; `endSurvey` needs one.
 */
export function checkQuotaAgainstSurvey(quota: Pick<QuotaRecord, 'logic' | 'action' | 'endingCardId'>, survey: SurveyRecord): void {
  const parts = surveyParts(survey)
  const details: Record<string, string> = {}
  quota.logic.conditions.forEach((entry, index) => {
    const condition = entry as QuotaCondition
    const sides = [
      ['leftOperand', condition.leftOperand],
      ['rightOperand', condition.rightOperand],
    ] as const
    for (const [side, operand] of sides) {
      if (!operand || operand.type === 'static') continue
      const known =
        operand.type === 'hiddenField' ? parts.hiddenFieldIds : operand.type === 'variable' ? parts.variableIds : parts.questionIds
      if (!known.has(operand.value))
        details[`logic.conditions.${index}.${side}.value`] = `The survey has no ${OPERAND_NAMES[operand.type]} with this id`
    }
  })
  if (quota.action === 'endSurvey' && quota.endingCardId === null) {
    details.endingCardId = 'endingCardId is required when action is endSurvey'
  } else if (quota.endingCardId !== null && !parts.endingIds.has(quota.endingCardId)) {
    details.endingCardId = 'The survey has no ending with this id'
  }
  if (Object.keys(details).length > 0) throw validationError(details)
}

/**
 * Refuses (400 naming the survey field) a survey change that would take away an ending, question, hidden
 * field or variable that one of `quotas` names, as the reference's editor does: a quota never points at
 * nothing. `survey` is the survey as the change leaves it.
 */
export function checkSurveyKeepsQuotaParts(
  quotas: readonly QuotaRecord[],
  survey: Pick<SurveyRecord, 'questions' | 'endings' | 'hiddenFields' | 'variables'>,
): void {
  const parts = surveyParts(survey)
  const details: Record<string, string> = {}
  for (const quota of quotas) {
    if (quota.endingCardId !== null && !parts.endingIds.has(quota.endingCardId)) {
      details.endings ??= `Quota "${quota.name}" ends the survey at ending ${quota.endingCardId}: change or delete the quota first`
    }
    for (const entry of quota.logic.conditions) {
      const condition = entry as QuotaCondition
      for (const operand of [condition.leftOperand, condition.rightOperand]) {
        if (!operand || operand.type === 'static') continue
        const [field, known] =
          operand.type === 'hiddenField'
            ? ['hiddenFields', parts.hiddenFieldIds]
            : operand.type === 'variable'
              ? ['variables', parts.variableIds]
              : ['questions', parts.questionIds]
        if (!known.has(operand.value))
          details[field] ??= `Quota "${quota.name}" uses ${OPERAND_NAMES[operand.type]} ${operand.value}: change or delete the quota first`
      }
    }
  }
  if (Object.keys(details).length > 0) throw validationError(details)
}

const OPERAND_NAMES: Record<string, string> = {
  element: 'question',
  question: 'question',
  hiddenField: 'hidden field',
  variable: 'variable',
}

/**
 * What a client's write to a response leaves, for screening it against its survey's quotas, as a claim of the
 * background work hands it out too (`UnscreenedResponse`): `mark` is the unscreened mark the screening answers
 * for (`QuotaScreening.mark`), the write's `updatedAt` (the storage marked it so) or the claim's.
 */
export type ScreenedResponse = UnscreenedResponse

/** What screening needs of Canvass: its storage, its log and its clock (a request's context, or background work). */
export type ScreeningContext = Pick<CanvassContext, 'storage' | 'logger' | 'now'>

/**
 * Screens a response against its survey's quotas after a client wrote it: counts it in the quotas it meets,
 * and answers the first full quota it met (which, with `endSurvey`, finished it at its ending), or null.
 * Called only for a survey that has quotas (the write says so: `CreateResponseResult`'s `hasQuotas`,
 * `ResponseSurveyFields.hasQuotas`), so that a survey without them costs nothing. The response is stored by
 * then, so a screening that fails (the database gone, a deadlock with a survey being deleted) is logged and
 * answered as no full quota, as the reference does, rather than turning the stored write into an error that a
 * client would send again. The write marked the response unscreened (`screenQuotas`); the screening removes
 * the mark as it counts, and a mark that stays is screened by the background work (`workers/quota-screener.ts`).
 */
export async function screenResponse(ctx: ScreeningContext, response: ScreenedResponse): Promise<QuotaRecord | null> {
  // A storage without quotas has none to count a response in.
  const store = ctx.storage.quotas
  if (store === undefined) return null
  try {
    return await screenAgainst(ctx, response, await store.listAll(response.environmentId, response.surveyId))
  } catch (error) {
    ctx.logger.error(
      `Screening response ${response.responseId} against the quotas of survey ${response.surveyId} failed; the background work screens it later`,
      describeCause(error),
    )
    return null
  }
}

/**
 * Screens `response` against `quotas`, its survey's as `listAll` reads them, and the survey as it is now (read
 * here unless given). With no quota left (all deleted since the write), only its mark is removed. Throws what
 * the storage throws, and 501 on a storage without quotas.
 */
export async function screenAgainst(
  ctx: ScreeningContext,
  response: ScreenedResponse,
  quotas: readonly QuotaRecord[],
  survey?: Pick<SurveyRecord, 'questions' | 'variables'> | null,
): Promise<QuotaRecord | null> {
  const store = quotasOf(ctx.storage)
  const screening = { ...response, now: ctx.now() }
  if (quotas.length === 0) return store.screen({ ...screening, met: [], unmet: [] })
  const current = survey === undefined ? await ctx.storage.surveys.get(response.surveyId) : survey
  // A survey deleted since the write took its responses, and their marks, with it.
  if (!current) return null
  const parts = { questions: current.questions, variables: current.variables }
  const met: string[] = []
  const unmet: string[] = []
  for (const quota of quotas) (meetsQuota(quota.logic, parts, response) ? met : unmet).push(quota.id)
  return store.screen({ ...screening, met, unmet })
}

/** The reference's answer about quotas to a respondent's write: `quotaFull`, and the full quota met. */
export function quotaFullAnswer(quota: QuotaRecord | null) {
  if (!quota) return { quotaFull: false as const }
  return {
    quotaFull: true as const,
    quota: { id: quota.id, action: quota.action, ...(quota.endingCardId ? { endingCardId: quota.endingCardId } : {}) },
  }
}

function surveyParts(survey: Pick<SurveyRecord, 'questions' | 'endings' | 'hiddenFields' | 'variables'>) {
  const ids = (list: unknown) =>
    new Set(
      (Array.isArray(list) ? list : [])
        .map((entry) => (typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined))
        .filter((id): id is string => typeof id === 'string'),
    )
  const hidden = survey.hiddenFields as { fieldIds?: unknown } | null
  return {
    questionIds: ids(survey.questions),
    variableIds: ids(survey.variables),
    endingIds: ids(survey.endings),
    hiddenFieldIds: new Set(
      Array.isArray(hidden?.fieldIds) ? (hidden.fieldIds as unknown[]).filter((id): id is string => typeof id === 'string') : [],
    ),
  }
}
