import type { CreateDisplayResult, DisplayStore, NewDisplay, ResponseStore, SurveyWriteFacts } from '../../ports/storage/index'
import { acceptsSubmissions, effectiveSurveyStatus } from '../surveys/survey-status'

/** The stores a display create is written with: the survey's facts are those response writes keep. */
export interface DisplayWritePrimitives {
  responses: Pick<ResponseStore, 'keptFacts' | 'writeFacts'>
  displays: Pick<DisplayStore, 'insertGuarded'>
}

/** How often a display create reads its survey's facts again after losing its guard. */
export const DISPLAY_ATTEMPTS = 3

/**
 * Creates a display (a widget showing a survey to a respondent): decides whether its survey takes submissions
 * at the display's time (`effectiveSurveyStatus`) on the survey's write facts, those the storage keeps or those
 * read now, and writes it with a guarded insert that applies only while the survey is at the version decided
 * on. When the insert is refused, its report names the outcome; a survey that changed since the decision is
 * read again and decided again (at most `DISPLAY_ATTEMPTS` times more), so that a refusal for its status comes
 * from facts read now.
 */
export async function createDisplay(storage: DisplayWritePrimitives, input: NewDisplay): Promise<CreateDisplayResult> {
  let survey: SurveyWriteFacts | undefined = storage.responses.keptFacts(input.surveyId)
  for (let attempt = 0; ; attempt++) {
    survey ??= (await storage.responses.writeFacts({ surveyId: input.surveyId, displayId: null })).survey ?? undefined
    const accepting = survey !== undefined && acceptsSubmissions(effectiveSurveyStatus(survey, input.createdAt))
    const inserted = await storage.displays.insertGuarded(input, { version: survey?.version ?? null, accepting })
    if (inserted.outcome === 'written') return { outcome: 'created', id: input.id }
    if (!inserted.environmentFound) return { outcome: 'environment_not_found' }
    if (inserted.surveyEnvironmentId === null) return { outcome: 'survey_not_found' }
    if (inserted.surveyEnvironmentId !== input.environmentId) return { outcome: 'survey_in_other_environment' }
    // The survey changed since its facts were read: decided again on the facts as they are now.
    if (!inserted.surveyCurrent && attempt < DISPLAY_ATTEMPTS) {
      survey = undefined
      continue
    }
    if (!accepting) return { outcome: 'survey_not_accepting' }
    return { outcome: inserted.responseFound ? 'response_not_claimable' : 'response_not_found' }
  }
}
