import type { StoredStatusCase, SurveyStatus, SurveyStatusFields } from '../../ports/storage/index'

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

/**
 * The stored states whose `effectiveSurveyStatus` at the moment of a read is one of `wanted`: what a list
 * filtered by status asks its storage for, so that the rule stays here and storage only compares columns.
 */
export function storedStatusCases(wanted: readonly SurveyStatus[]): StoredStatusCase[] {
  const cases: StoredStatusCase[] = []
  for (const status of new Set(wanted)) {
    if (status === 'draft' || status === 'paused') cases.push({ status })
    if (status === 'scheduled') cases.push({ status: 'scheduled', runOnDate: 'notPassed' })
    if (status === 'inProgress') {
      cases.push({ status: 'inProgress', closeOnDate: 'notPassed' })
      cases.push({ status: 'scheduled', runOnDate: 'passed', closeOnDate: 'notPassed' })
    }
    if (status === 'completed') {
      cases.push({ status: 'completed' })
      cases.push({ status: 'inProgress', closeOnDate: 'passed' })
      cases.push({ status: 'scheduled', runOnDate: 'passed', closeOnDate: 'passed' })
    }
  }
  return cases
}

/** Whether respondents may submit to a survey in this status (`draft` accepts, for previews and tests). */
export const acceptsSubmissions = (status: SurveyStatus): boolean => status === 'draft' || status === 'inProgress'
