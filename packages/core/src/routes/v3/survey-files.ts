import type { IRequest } from 'itty-router'
import * as v from 'valibot'
import type { CanvassContext } from '../../context'
import { param, publicBaseUrl } from '../../context'
import type { Caller } from '../../auth/authenticate'
import type { RouteTable } from '../../http/route-table'
import type { V3BodyHandler } from '../../http/v3'
import { V3Problem, checkWorkspace, noV3Query, v3BadRequest, v3Forbidden, v3Ok, v3Route, workspaceOf } from '../../http/v3'
import { v3SurveyAnswer } from '../../schemas/v3'
import {
  surveyExportEnvelopeAnswer,
  surveyImportAnswer,
  surveyImportDryRunAnswer,
  surveyImportRequestSchema,
} from '../../schemas/v3-survey-files'
import { surveyExportEnvelope } from '../../domain/surveys/v3-survey-export'
import { commitSurveyImport, planSurveyImport } from '../../domain/surveys/v3-survey-import'
import { v3SurveyOutput } from '../../domain/surveys/v3-survey'

/**
 * The reference's survey files (docs/api.md, "Survey export and import in v3"): `GET
 * /api/v3/surveys/{surveyId}/export` answers a survey as a `.formbricks.json` envelope, `POST
 * /api/v3/surveys/import` makes a survey of one (or of a raw v3 document) in the caller's environment.
 */
export function registerV3SurveyFileRoutes(routes: RouteTable): void {
  const common = { auth: 'apiKey', problems: true } as const
  routes.get('/api/v3/surveys/:surveyId/export', v3Route(exportSurvey), {
    ...common,
    editorToken: 'survey',
    audit: { action: 'export', resourceType: 'survey', resourceId: { param: 'surveyId' } },
    summary: 'Export a survey as a portable `.formbricks.json` envelope',
    description:
      'The envelope (`data`) holds `formbricks` (format 1, the time, the source), `survey` (the v3 document without ' +
      '`id`, `workspaceId`, the dates and `targeting`) and `references.actionClasses` (the action classes its triggers ' +
      "name). Canvass's survey settings, styling, custom CSS and responses are not exported. A survey without a question, " +
      'or one whose document would not import again, is a 422. Every export is written to the audit log.',
    answer: v.object({ data: surveyExportEnvelopeAnswer }),
    errors: [403, 422],
  })
  routes.post('/api/v3/surveys/import', v3Route(importSurvey), {
    ...common,
    editorToken: 'workspace',
    // Only a survey made is recorded: a dry run (200) writes nothing, not even an audit entry.
    audit: { action: 'import', resourceType: 'survey', resourceId: { answer: 'survey' }, statuses: [201] },
    summary: 'Import a survey from an export envelope or a raw v3 document (`options.dryRun` writes nothing)',
    description:
      'Exactly one of `export` (an envelope of `GET /api/v3/surveys/{surveyId}/export`) and `document` (a raw v3 ' +
      'document). The survey becomes a draft; instance-bound fields, slug, schedule, targeting and fields no document ' +
      'has are stripped; app-survey triggers are matched to action classes of the workspace by key, configuration or ' +
      'name, or created. Every change is a line of `report.issues`. `options.dryRun: true` answers 200 with the ' +
      'resolved document, the report and the validation, and writes nothing; otherwise 201 with the survey and the ' +
      'report, or 422 with `invalid_params` and the report in `details.report`.',
    body: surveyImportRequestSchema,
    answer: v.object({ data: surveyImportAnswer(v3SurveyAnswer) }),
    dryRunAnswer: v.object({ data: surveyImportDryRunAnswer }),
    status: 201,
    errors: [403, 422],
  })
}

const exportSurvey = async (request: IRequest, ctx: CanvassContext, caller: Caller) => {
  const { environmentId } = caller
  noV3Query(request)
  const survey = await ctx.storage.surveys.get(param(request, 'surveyId'))
  // A survey of another environment is a 403 whether it exists or not.
  if (!survey || survey.environmentId !== environmentId) throw v3Forbidden()
  const envelope = await surveyExportEnvelope(ctx, survey, await workspaceOf(ctx, environmentId), publicBaseUrl(request, ctx))
  // A file that would not import again is refused now, with the problems its import would name.
  const check = await planSurveyImport(ctx, caller, { export: envelope as unknown as Record<string, unknown>, dryRun: true })
  if (!check.validation.valid) {
    const errors = check.report.issues.filter((issue) => issue.severity === 'error')
    throw new V3Problem(
      422,
      'Survey cannot be exported in its current state',
      check.validation.invalid_params.length > 0
        ? check.validation.invalid_params.map((problem) => ({ ...problem, name: `survey.${problem.name}` }))
        : errors.map((issue) => ({ name: issue.path ?? 'survey', reason: issue.message })),
    )
  }
  return v3Ok({ data: envelope })
}

const importSurvey: V3BodyHandler<typeof surveyImportRequestSchema> = async (request, ctx, caller, readBody) => {
  const { environmentId } = caller
  noV3Query(request)
  const body = await readBody()
  if ((body.export === undefined) === (body.document === undefined)) {
    throw v3BadRequest('Invalid request body', [
      { name: body.export === undefined ? 'document' : 'export', reason: "Provide exactly one of 'export' or 'document'" },
    ])
  }
  // As the reference: a workspace the caller cannot reach is a 403 before the file is looked at.
  await checkWorkspace(ctx, environmentId, body.workspaceId)
  const dryRun = body.options?.dryRun === true
  const plan = await planSurveyImport(ctx, caller, {
    export: body.export,
    document: body.document,
    references: body.references,
    name: body.options?.name,
    dryRun,
  })
  if (dryRun) {
    const { document, references, report, validation } = plan
    return v3Ok({ data: { document, references, report, validation } })
  }
  if (!plan.document) {
    const invalid =
      plan.validation.invalid_params.length > 0
        ? plan.validation.invalid_params
        : plan.report.issues
            .filter((issue) => issue.severity === 'error')
            .map((issue) => ({ name: issue.path ?? 'document', reason: issue.message }))
    throw new V3Problem(422, 'The survey could not be imported', invalid, undefined, { report: plan.report })
  }
  const { survey, segment } = await commitSurveyImport(ctx, caller, plan)
  const data = v3SurveyOutput(survey, await workspaceOf(ctx, environmentId), segment, ctx.now())
  return v3Ok({ data: { survey: data, report: plan.report } }, 201, { location: `/api/v3/surveys/${survey.id}` })
}
