import type { WidgetSurvey } from '../../shared/survey'
import type { ActionClass, CoreState } from '../types'
import { passesDisplayOption } from './display-option'
import { passesRecontactDays } from './recontact-days'
import { passesSegment } from './segment'

/**
 * The surveys an action would show to this user now, in the state's order: triggered by the action class
 * (matched by id, or by name for a trigger that carries no id), and passing the display option, the recontact
 * days and the segment. The display percentage and the language are decided when one is about to be shown.
 */
export function surveysForAction(
  state: Pick<CoreState, 'environment' | 'user'>,
  action: Pick<ActionClass, 'id' | 'name'>,
  now: Date,
): WidgetSurvey[] {
  const { surveys, project } = state.environment.data
  const user = state.user.data
  return surveys.filter(
    (survey) =>
      triggeredBy(survey, action) &&
      passesDisplayOption(survey, user) &&
      passesRecontactDays(survey.recontactDays, project?.recontactDays, user.lastDisplayAt, now) &&
      passesSegment(survey.segment, user),
  )
}

function triggeredBy(survey: WidgetSurvey, action: Pick<ActionClass, 'id' | 'name'>): boolean {
  return (survey.triggers ?? []).some(({ actionClass }) =>
    actionClass?.id ? actionClass.id === action.id : actionClass?.name === action.name,
  )
}
