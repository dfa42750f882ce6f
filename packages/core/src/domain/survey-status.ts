import type { SurveyStatus, SurveyStatusFields } from '../ports/storage'

/**
 * The status a survey has now. Stored status changes only on writes, so the date-driven transitions
 * (docs/design.md, "Surveys": `scheduled` → `inProgress` at `runOnDate`, `inProgress` → `completed` at `closeOnDate`)
 * are applied on every read instead, and no read shows a stale status.
 *
 * Every write decides with this function (`response-write-rules.ts`); no adapter restates it.
 */
export function effectiveSurveyStatus(survey: Omit<SurveyStatusFields, 'environmentId'>, now = new Date()): SurveyStatus {
  let status = survey.status
  if (status === 'scheduled' && survey.runOnDate && survey.runOnDate <= now) status = 'inProgress'
  if (status === 'inProgress' && survey.closeOnDate && survey.closeOnDate <= now) status = 'completed'
  return status
}

/** Whether respondents may submit to a survey in this status (`draft` accepts, for previews and tests). */
export const acceptsSubmissions = (status: SurveyStatus): boolean => status === 'draft' || status === 'inProgress'
