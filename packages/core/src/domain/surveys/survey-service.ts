import { validationError } from '../../errors'
import type { SurveyCreateInput, SurveyUpdateInput } from '../../schemas/survey'
import type { SegmentRecord, SurveyRecord } from '../../ports/storage/index'
import { segmentOutput } from '../contacts/segment-service'
import { effectiveSurveyStatus } from './survey-status'
import { bothStructures, surveyBlocks } from './survey-structure'

/** The fields of a survey that a caller may set: everything but ownership, id and timestamps. */
type SurveyFields = Omit<SurveyRecord, 'id' | 'environmentId' | 'createdAt' | 'updatedAt'>

/** A validated create body (or merged update) as the stored fields. */
export function surveyFieldsFromInput(input: SurveyCreateInput): SurveyFields {
  const {
    environmentId: _environmentId,
    workspaceId: _workspaceId,
    workspaceOverwrites: _workspace,
    projectOverwrites: _project,
    publishOn: _publishOn,
    closeOn: _closeOn,
    closeOnDate,
    runOnDate,
    questions,
    blocks,
    ...rest
  } = input
  return {
    ...rest,
    ...bothStructures({ questions, blocks }),
    closeOnDate: closeOnDate ? new Date(closeOnDate) : null,
    runOnDate: runOnDate ? new Date(runOnDate) : null,
  }
}

/**
 * The API form of a stored survey: every field of the spec's Survey table, `null` where unset, and the
 * status as it is now (date-driven transitions applied). `segment` is the survey's segment (`segmentId`),
 * read by the caller; `null` when it has none.
 */
export function surveyOutput(survey: SurveyRecord, now = new Date(), segment: SegmentRecord | null = null) {
  return {
    id: survey.id,
    createdAt: survey.createdAt.toISOString(),
    updatedAt: survey.updatedAt.toISOString(),
    name: survey.name,
    type: survey.type,
    environmentId: survey.environmentId,
    createdBy: survey.createdBy,
    status: effectiveSurveyStatus(survey, now),
    welcomeCard: survey.welcomeCard,
    questions: survey.questions,
    blocks: surveyBlocks(survey),
    endings: survey.endings,
    hiddenFields: survey.hiddenFields,
    variables: survey.variables,
    delay: survey.delay,
    displayOption: survey.displayOption,
    recontactDays: survey.recontactDays,
    displayLimit: survey.displayLimit,
    autoClose: survey.autoClose,
    runOnDate: survey.runOnDate?.toISOString() ?? null,
    closeOnDate: survey.closeOnDate?.toISOString() ?? null,
    // The reference's current names of the same two dates.
    publishOn: survey.runOnDate?.toISOString() ?? null,
    closeOn: survey.closeOnDate?.toISOString() ?? null,
    displayPercentage: survey.displayPercentage,
    autoComplete: survey.autoComplete,
    isVerifyEmailEnabled: survey.isVerifyEmailEnabled,
    isBackButtonHidden: survey.isBackButtonHidden,
    isAutoProgressingEnabled: survey.isAutoProgressingEnabled,
    redirectUrl: survey.redirectUrl,
    // The reference's current name, the one before it, and the stored one.
    workspaceOverwrites: survey.productOverwrites,
    projectOverwrites: survey.productOverwrites,
    productOverwrites: survey.productOverwrites,
    styling: survey.styling,
    surveyClosedMessage: survey.surveyClosedMessage,
    singleUse: survey.singleUse,
    pin: survey.pin,
    resultShareKey: survey.resultShareKey,
    showLanguageSwitch: survey.showLanguageSwitch,
    languages: survey.languages,
    triggers: survey.triggers,
    segmentId: survey.segmentId,
    segment: segment && segment.id === survey.segmentId ? segmentOutput(segment) : null,
    responseRetentionDays: survey.responseRetentionDays,
  }
}

/** Fields of a PUT body that never change a survey (docs/design.md, "Surveys"). */
export const IMMUTABLE_SURVEY_FIELDS = ['id', 'createdAt', 'updatedAt', 'environmentId', 'workspaceId', 'segment'] as const

/** The reference's current names of two survey dates, and the names Canvass stores them under. */
export const SURVEY_DATE_NAMES = [
  ['publishOn', 'runOnDate'],
  ['closeOn', 'closeOnDate'],
] as const

/**
 * Puts `publishOn` and `closeOn` of a parsed body into `runOnDate` and `closeOnDate` and removes them. `body`
 * is the body as sent: both names of one date with different values are a 400 naming the older name.
 */
export function oneDateName(input: SurveyCreateInput | SurveyUpdateInput, body: Record<string, unknown>): void {
  for (const [current, stored] of SURVEY_DATE_NAMES) {
    const value = input[current]
    delete input[current]
    if (body[current] === undefined || value === undefined) continue
    if (body[stored] !== undefined && !sameInstant(input[stored], value)) {
      throw validationError({ [stored]: `Must equal ${current}, the same field under its current name` })
    }
    input[stored] = value
  }
}

function sameInstant(a: string | null | undefined, b: string | null): boolean {
  if (a == null || b === null) return a == null && b == null
  return new Date(a).getTime() === new Date(b).getTime()
}
