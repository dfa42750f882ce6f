import type {
  AnswerScale,
  CreateResponseCheck,
  CreateResponseResult,
  DisplayWriteFacts,
  JsonObject,
  ResponseCreateFacts,
  ResponseRecord,
  ResponseSurveyFields,
  SurveyWriteFacts,
} from '../ports/storage'
import { answerOffScale } from './answer-scales'
import { acceptsSubmissions, effectiveSurveyStatus } from './survey-status'

export type { DisplayWriteFacts, ResponseCreateFacts, SurveyWriteFacts } from '../ports/storage'

/** What of a create its decision judges. */
export interface ResponseCreateWrite {
  createdAt: Date
  data: JsonObject
  userId: string | null
  displayId: string | null
  singleUseId: string | null
}

/** A create refused, as `createResponse` (`domain/response-writes.ts`) reports it. */
export type CreateRefusalOutcome = Exclude<CreateResponseResult, { outcome: 'created' }>

/**
 * Whether a create may be written, in the order the outcomes are documented (`CreateResponseResult`): null when
 * it may, otherwise the refusal. The survey's status is judged at the response's `createdAt`. Single-use ids
 * and a display's one response are the unique indexes' to refuse, as the write happens.
 */
export function responseCreateRefusal(
  facts: ResponseCreateFacts,
  write: ResponseCreateWrite,
  check: CreateResponseCheck,
): CreateRefusalOutcome | null {
  const { survey, display } = facts
  if (survey === null || survey.environmentId !== check.environmentId) {
    if (check.checkEnvironment && !facts.environmentFound) return { outcome: 'environment_not_found' }
    return { outcome: survey === null ? 'survey_not_found' : 'survey_in_other_environment' }
  }
  if (check.requireSingleUseId && write.singleUseId === null && survey.type === 'link' && survey.singleUse) {
    return { outcome: 'single_use_id_required' }
  }
  if (write.displayId !== null) {
    const refused = displayRefusal(display ?? null, survey.id, write.userId, check.environmentId)
    if (refused) return { outcome: refused }
  }
  // The survey's status before its PIN, as the reference checks them.
  const statusOk = !check.requireAccepting || acceptsSubmissions(effectiveSurveyStatus(survey, write.createdAt))
  if (!statusOk) return { outcome: 'survey_not_accepting' }
  if (survey.hasPin && !check.pinProven) return { outcome: 'pin_required' }
  const offScale = answerOffScale(survey.answerScales, write.data)
  if (offScale) return { outcome: 'answer_out_of_range', ...offScale }
  return null
}

/**
 * Whether a create of survey `surveyId` by `userId` may name `display` (null: no display has the id): it must be
 * the survey's, and a display made for a contact is that contact's respondent's only.
 */
export function displayRefusal(
  display: DisplayWriteFacts | null,
  surveyId: string,
  userId: string | null,
  environmentId: string,
): 'display_not_found' | 'display_of_other_contact' | null {
  if (!display || display.surveyId !== surveyId) return 'display_not_found'
  if (display.contact !== null && !ownsDisplay(display.contact, userId, environmentId)) return 'display_of_other_contact'
  return null
}

/**
 * Who updates a response, which decides the rules the update meets (docs/architecture.md, "A response write"): a
 * manager (a management key, v1 or v3) may change any response of its environment, finished or not, whatever
 * the survey's status; a respondent (a client route) only an unfinished one, while the survey takes
 * submissions, with a proof of its PIN when it has one. `environmentId` undefined: a client route without one
 * in its path (the reference's v1 client update), where the response's id is the only credential.
 */
export type ResponseUpdater =
  | { kind: 'manager'; environmentId: string }
  | { kind: 'respondent'; environmentId: string | undefined; now: Date; pinProvenFor: string | undefined }

/** An update refused, in the order `responseUpdateRefusal` judges. */
export type UpdateRefusal =
  | { outcome: 'response_in_other_environment' }
  | { outcome: 'response_finished' }
  | { outcome: 'survey_not_accepting' }
  | { outcome: 'pin_required' }
  | ({ outcome: 'answer_out_of_range' } & AnswerScale)

/**
 * Whether an update that sends the answers `data` may change `current`: null when it may, otherwise why not.
 * Judged inside `updateResponse`'s `change`, on the response and survey as the write reads them. The answers
 * sent are judged, not those stored: a row written before the scales' bounds does not block its own update.
 */
export function responseUpdateRefusal(
  current: Pick<ResponseRecord, 'environmentId' | 'finished' | 'surveyId'>,
  survey: ResponseSurveyFields,
  data: JsonObject | undefined,
  updater: ResponseUpdater,
): UpdateRefusal | null {
  if (updater.environmentId !== undefined && current.environmentId !== updater.environmentId) {
    return { outcome: 'response_in_other_environment' }
  }
  if (updater.kind === 'respondent') {
    if (current.finished) return { outcome: 'response_finished' }
    if (!acceptsSubmissions(effectiveSurveyStatus(survey, updater.now))) return { outcome: 'survey_not_accepting' }
    if (survey.hasPin && updater.pinProvenFor !== current.surveyId) return { outcome: 'pin_required' }
  }
  const offScale = answerOffScale(survey.answerScales, data)
  if (offScale) return { outcome: 'answer_out_of_range', ...offScale }
  return null
}

/**
 * Whether a survey whose finished responses now number `finished` completes (docs/design.md, "Surveys":
 * `inProgress` → `completed` at `autoComplete`), judged at `now`. The adapter asks under the survey's lock,
 * after the write that finished a response, so that concurrent finishers count each other.
 */
export function autoCompletes(
  survey: Pick<SurveyWriteFacts, 'status' | 'runOnDate' | 'closeOnDate' | 'autoComplete'>,
  finished: number,
  now: Date,
): boolean {
  return survey.autoComplete !== null && finished >= survey.autoComplete && effectiveSurveyStatus(survey, now) === 'inProgress'
}

/** A display made for a contact is that contact's respondent's only: the same `userId` in the environment. */
const ownsDisplay = (contact: NonNullable<DisplayWriteFacts['contact']>, userId: string | null, environmentId: string): boolean =>
  userId !== null && contact.userId === userId && contact.environmentId === environmentId
