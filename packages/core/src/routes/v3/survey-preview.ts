import type { CanvassContext } from '../../context'
import { environmentStateOutput } from '../../domain/environments/environment-state'
import { surveyPreviewFromBody } from '../../domain/surveys/survey-writes'
import { v3SurveyCreateWrite } from '../../domain/surveys/v3-survey-write'
import { deliveredProject } from '../../domain/styling/project-styling'
import type { RouteTable } from '../../http/route-table'
import type { V3BodyHandler } from '../../http/v3'
import { noV3Query, v3Forbidden, v3Ok, v3Route } from '../../http/v3'
import type { SurveyRecord } from '../../ports/storage'
import { linkPageSurvey } from '../../pages/link-page'
import { v3SurveyPreviewAnswer, v3SurveyPreviewSchema } from '../../schemas/v3'

/** The id of a preview survey whose document names none. */
export const PREVIEW_SURVEY_ID = 'preview'

/**
 * `POST /api/v3/surveys/preview` (docs/api.md, "Previewing a v3 survey"): a create document checked by the
 * create's own rules, answered as the survey the renderer takes, writing nothing. An editor shows its live
 * preview with it: `renderSurvey({ ...data, mode: 'page', preview: true, container })`.
 */
export function registerV3SurveyPreviewRoutes(routes: RouteTable): void {
  routes.post('/api/v3/surveys/preview', v3Route(previewSurvey), {
    summary: 'Preview a v3 survey document: the survey and project the renderer takes, writing nothing',
    description:
      "Takes the body of `POST /api/v3/surveys` (`workspaceId` optional: the key's workspace) and an optional `id` the " +
      'preview survey carries (else `preview`). The document is checked as a create checks it, with the same 400 and ' +
      "422 problems, but nothing is stored. The answer is what the survey's link page (a link survey) or the " +
      'environment state (an app survey) would hand the renderer if it were stored and in progress: ' +
      "`{data: {environmentId, survey, project}}`, the project with the workspace's custom CSS.",
    auth: 'apiKey',
    problems: true,
    readOnly: true,
    editorToken: 'workspace',
    body: v3SurveyPreviewSchema,
    answer: v3SurveyPreviewAnswer,
    errors: [403, 422],
  })
}

const previewSurvey: V3BodyHandler<typeof v3SurveyPreviewSchema> = async (request, ctx, caller, readBody) => {
  const { environmentId } = caller
  noV3Query(request)
  const { id, workspaceId, ...document } = await readBody()
  // The key's environment is always its own workspace's alias: no read when the document names none.
  const { body, metadata, customCss } = await v3SurveyCreateWrite(ctx, caller, { ...document, workspaceId: workspaceId ?? environmentId })
  const survey = await surveyPreviewFromBody(ctx, environmentId, id ?? PREVIEW_SURVEY_ID, body, v3Forbidden, {
    metadata: metadata ?? {},
    archivedAt: null,
    customCss: customCss ?? null,
    // Whatever the document says, the preview shows the survey as it is shown while collecting answers.
    status: 'inProgress',
    runOnDate: null,
    closeOnDate: null,
  })
  return v3Ok({ data: { environmentId, ...(await rendered(ctx, environmentId, survey)) } })
}

/**
 * The survey and project as the renderer gets them: a link survey as its link page embeds them, an app survey as
 * the environment state lists it (its triggers resolved against the environment's action classes).
 */
async function rendered(ctx: CanvassContext, environmentId: string, survey: SurveyRecord) {
  if (survey.type === 'link') {
    const environment = await ctx.storage.environments.get(environmentId)
    const projectId = environment?.projectId ?? ''
    return { survey: linkPageSurvey(survey, 'inProgress'), project: await deliveredProject(ctx, environment ? projectId : '') }
  }
  const state = await ctx.storage.environmentState.get(environmentId)
  // The key's environment exists: its key was just checked.
  if (!state) throw v3Forbidden()
  const output = environmentStateOutput({ ...state, surveys: [survey] }, ctx.now())
  return { survey: output.surveys[0] as Record<string, unknown>, project: await deliveredProject(ctx, state.projectId) }
}
