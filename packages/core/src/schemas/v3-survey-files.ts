import * as v from 'valibot'

/**
 * The reference's survey files (docs/api.md, "Survey export and import in v3"): the `.formbricks.json` envelope
 * `GET /api/v3/surveys/{surveyId}/export` answers, and the body and answers of `POST /api/v3/surveys/import`.
 * The envelope's `survey` is the v3 document without the instance-bound fields; on import it is read leniently
 * (what the import cannot carry is stripped with a report line) and then checked as a create is.
 */

/** The envelope format this Canvass writes and reads; a file of a newer one is refused. */
export const SURVEY_EXPORT_FORMAT = 1

const looseObject = v.record(v.string(), v.unknown())
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(255))

/** `SurveyExportActionClass`: an action class a trigger of the document names, by its id in the source. */
export const surveyExportActionClassSchema = v.strictObject({
  id,
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  key: v.nullable(v.pipe(v.string(), v.maxLength(255))),
  type: v.picklist(['code', 'noCode']),
  noCodeConfig: v.nullable(looseObject),
  description: v.nullable(v.pipe(v.string(), v.maxLength(1000))),
})

/** `SurveyExportReferences`: the action classes of the document's triggers (none for a link survey). */
export const surveyExportReferencesSchema = v.strictObject({
  actionClasses: v.pipe(v.array(surveyExportActionClassSchema), v.maxLength(100)),
})

/** `SurveyExportMetadata`. */
export const surveyExportMetadataSchema = v.strictObject({
  exportFormat: v.literal(SURVEY_EXPORT_FORMAT),
  exportedAt: v.pipe(v.string(), v.isoTimestamp()),
  appVersion: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  source: v.strictObject({ url: v.pipe(v.string(), v.maxLength(2048)), workspaceId: id, surveyId: id }),
})

/** `SurveyExportDocument`, as the export answers it (the import reads it leniently). */
const exportDocumentAnswer = v.object({
  name: v.string(),
  type: v.picklist(['link', 'app']),
  status: v.picklist(['draft', 'inProgress', 'paused', 'completed']),
  metadata: looseObject,
  defaultLanguage: v.string(),
  languages: v.array(v.object({ code: v.string(), default: v.boolean(), enabled: v.boolean() })),
  welcomeCard: looseObject,
  blocks: v.array(looseObject),
  endings: v.array(looseObject),
  hiddenFields: looseObject,
  variables: v.array(looseObject),
  distribution: v.optional(looseObject),
})

/** `SurveyExportEnvelope`. */
export const surveyExportEnvelopeAnswer = v.object({
  formbricks: surveyExportMetadataSchema,
  survey: exportDocumentAnswer,
  references: surveyExportReferencesSchema,
})

/** Any JSON object: what it holds is the import's to read and report on. */
const importObject = v.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'Must be an object',
)

/** `SurveyImportRequest`; the route refuses a body with both or neither of `export` and `document`. */
export const surveyImportRequestSchema = v.strictObject({
  workspaceId: id,
  export: v.optional(importObject),
  document: v.optional(importObject),
  references: v.optional(surveyExportReferencesSchema),
  options: v.optional(
    v.strictObject({
      name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'Must not be empty'), v.maxLength(200))),
      dryRun: v.optional(v.boolean()),
    }),
  ),
})

/** `SurveyImportIssue`: one line of the report; `code` is stable, `message` English prose. */
export const surveyImportIssueSchema = v.object({
  severity: v.picklist(['error', 'warning', 'info']),
  code: v.string(),
  path: v.optional(v.string()),
  message: v.string(),
  vars: v.optional(looseObject),
})

/** `SurveyImportReport`. */
export const surveyImportReportSchema = v.object({
  source: v.object({ lane: v.literal('lossless'), kind: v.picklist(['formbricks-export', 'v3-document']) }),
  summary: v.object({
    blocks: v.number(),
    elements: v.number(),
    endings: v.number(),
    languages: v.array(v.string()),
    logicRules: v.number(),
    logicRulesReported: v.number(),
    hiddenFields: v.number(),
  }),
  issues: v.array(surveyImportIssueSchema),
})

const invalidParam = v.object({ name: v.string(), reason: v.string(), code: v.optional(v.string()) })

/** `SurveyImportDryRunResult`: `document` and `references` are null when the report has errors. */
export const surveyImportDryRunAnswer = v.object({
  document: v.nullable(looseObject),
  references: v.nullable(surveyExportReferencesSchema),
  report: surveyImportReportSchema,
  validation: v.object({ valid: v.boolean(), invalid_params: v.array(invalidParam) }),
})

/** `SurveyImportResult`: the created survey (as `GET /api/v3/surveys/{id}` answers it) and the report. */
export const surveyImportAnswer = (survey: v.GenericSchema) => v.object({ survey, report: surveyImportReportSchema })
