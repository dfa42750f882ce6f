import type { CanvassContext } from '../context'
import { notFound, unauthorized } from '../errors'
import type { SurveyRecord } from '../ports/storage'

/** The survey if it is the caller's: 404 when unknown, 401 when it belongs to another environment. */
export async function ownedSurvey(ctx: CanvassContext, environmentId: string, id: string): Promise<SurveyRecord> {
  const survey = await ctx.storage.surveys.get(id)
  if (!survey) throw notFound('Survey', id)
  if (survey.environmentId !== environmentId) throw unauthorized()
  return survey
}
