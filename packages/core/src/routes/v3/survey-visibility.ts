import type { IRequest } from 'itty-router'
import type { V3BodyHandler } from '../../http/v3'
import type { CanvassContext } from '../../context'

import type { RouteTable } from '../../http/route-table'
import { noV3Query, v3Forbidden, v3Route } from '../../http/v3'
import { v3VisibilityChangeSchema } from '../../schemas/v3'

/**
 * The reference's survey visibility (docs/api.md, "Survey visibility in v3"). Only a signed-in person who owns
 * the survey (or manages the organisation) may read or change it there, and never an API key; Canvass has no
 * people, so both routes answer what the reference answers a key: 403 `forbidden`, the same body as an unknown
 * survey, after the query and the body are checked.
 */
export function registerV3SurveyVisibilityRoutes(routes: RouteTable): void {
  const common = { auth: 'apiKey', problems: true } as const
  routes.get('/api/v3/surveys/:surveyId/visibility', v3Route(readVisibility), {
    ...common,
    summary: "A survey's visibility state: always 403 for an API key, as the reference answers",
    noSuccess: true,
    errors: [403],
  })
  routes.post('/api/v3/surveys/:surveyId/visibility', v3Route(changeVisibility), {
    ...common,
    // Refused before anything is written: no write for the audit log.
    readOnly: true,
    summary: "Change a survey's visibility: always 403 for an API key, as the reference answers",
    body: v3VisibilityChangeSchema,
    noSuccess: true,
    errors: [403],
  })
}

const readVisibility = async (request: IRequest, _ctx: CanvassContext): Promise<Response> => {
  noV3Query(request)
  throw v3Forbidden()
}

const changeVisibility: V3BodyHandler<typeof v3VisibilityChangeSchema> = async (request, _ctx, _caller, body) => {
  noV3Query(request)
  await body()
  throw v3Forbidden()
}
