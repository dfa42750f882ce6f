import type { WidgetSurvey } from '../../shared/survey'
import type { UserData } from '../types'

/**
 * Whether a survey's display option still lets it be shown to this user: `displayOnce` until it was shown,
 * `displayMultiple` until it was answered, `displaySome` until it was answered or shown `displayLimit` times
 * (without a limit, until answered), `respondMultiple` always. An unknown option never shows.
 */
export function passesDisplayOption(
  survey: Pick<WidgetSurvey, 'id' | 'displayOption' | 'displayLimit'>,
  user: Pick<UserData, 'displays' | 'responses'>,
): boolean {
  const responded = user.responses.includes(survey.id)
  const shown = () => user.displays.filter((display) => display.surveyId === survey.id).length
  switch (survey.displayOption) {
    case 'respondMultiple':
      return true
    case 'displayOnce':
      return shown() === 0
    case 'displayMultiple':
      return !responded
    case 'displaySome':
      if (responded) return false
      return survey.displayLimit === null || survey.displayLimit === undefined || shown() < survey.displayLimit
    default:
      return false
  }
}
