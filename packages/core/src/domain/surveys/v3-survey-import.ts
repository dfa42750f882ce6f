import * as v from 'valibot'
import type { CanvassContext } from '../../context'
import { CanvassError } from '../../errors'
import type { InvalidParam } from '../../http/problem'
import { V3Problem, parseV3Body, v3Forbidden } from '../../http/v3'
import type { ActionClassRecord, SegmentRecord, SurveyRecord } from '../../ports/storage/index'
import { v3SurveyCreateSchema } from '../../schemas/v3'
import { SURVEY_EXPORT_FORMAT, surveyExportMetadataSchema, surveyExportReferencesSchema } from '../../schemas/v3-survey-files'
import { createSurveyFromBody, surveyPreviewFromBody } from './survey-writes'
import type { SurveyExportActionClass } from './v3-survey-export'
import { type V3SurveyWriter, v3SurveyCreateWrite } from './v3-survey-write'
import { type ImportIssue, importIssue, importSummary, isRecord } from './v3-survey-import-report'
import { planImportActionClasses } from './v3-survey-import-triggers'

/**
 * `POST /api/v3/surveys/import` (docs/api.md, "Survey export and import in v3"): an export envelope or a raw v3
 * document made to fit the caller's environment, every change one line of the report, then checked by the rules
 * of `POST /api/v3/surveys` and created through the same write. `planSurveyImport` writes nothing (a dry run is
 * the plan); `commitSurveyImport` writes the plan's action classes and the survey, or nothing.
 */
export interface SurveyImportInput {
  export?: Record<string, unknown> | undefined
  document?: Record<string, unknown> | undefined
  references?: { actionClasses: SurveyExportActionClass[] } | undefined
  /** Overrides the document's name. */
  name?: string | undefined
  /** Plan only: the triggers keep the ids of classes that would be made. */
  dryRun: boolean
}

export interface SurveyImportPlan {
  /** The resolved document (public shape), or null when the report has errors. */
  document: Record<string, unknown> | null
  references: { actionClasses: SurveyExportActionClass[] } | null
  report: {
    source: { lane: 'lossless'; kind: 'formbricks-export' | 'v3-document' }
    summary: ReturnType<typeof importSummary>
    issues: ImportIssue[]
  }
  validation: { valid: boolean; invalid_params: InvalidParam[] }
  /** The action classes the import creates before the survey (their ids are the document's trigger ids). */
  actionClasses: ActionClassRecord[]
}

/** The document's top-level fields an import carries; anything else is stripped with a report line. */
const DOCUMENT_KEYS = new Set([
  'name',
  'type',
  'status',
  'metadata',
  'defaultLanguage',
  'languages',
  'welcomeCard',
  'blocks',
  'endings',
  'hiddenFields',
  'variables',
  'distribution',
])

/** Fields that bind a document to the instance it came from: dropped without a line (docs/api.md says so). */
const INSTANCE_FIELDS = ['id', 'workspaceId', 'createdAt', 'updatedAt', 'archivedAt', 'createdBy']

const ENVELOPE_KEYS = new Set(['formbricks', 'survey', 'references'])

/** Resolves and checks an import against the caller's environment, writing nothing. */
export async function planSurveyImport(ctx: CanvassContext, caller: V3SurveyWriter, input: SurveyImportInput): Promise<SurveyImportPlan> {
  const kind = input.export !== undefined ? 'formbricks-export' : 'v3-document'
  const issues: ImportIssue[] = []
  const failed = (): SurveyImportPlan => ({
    document: null,
    references: null,
    report: { source: { lane: 'lossless', kind }, summary: importSummary(null), issues },
    validation: { valid: false, invalid_params: [] },
    actionClasses: [],
  })
  const read = kind === 'formbricks-export' ? readEnvelope(input.export ?? {}, issues) : readDocument(input.document ?? {})
  if (read === null) return failed()
  const references = read.references ?? input.references ?? { actionClasses: [] }
  if (Array.isArray(read.survey.questions) && read.survey.questions.length > 0) {
    issues.push(importIssue('error', 'legacy_questions_unsupported', 'questions'))
    return failed()
  }
  const document = stripped(read.survey, issues)
  if (input.name !== undefined) document.name = input.name
  const triggers = await planImportActionClasses(ctx, caller.environmentId, document, references.actionClasses, issues, input.dryRun)
  const summary = importSummary(document)
  const invalid = await validationProblems(ctx, caller, document, triggers.forValidation)
  for (const param of invalid) issues.push(importIssue('error', 'invalid_document', param.name, { detail: param.reason }, param.reason))
  if (kind === 'formbricks-export') issues.push(importIssue('info', 'settings_not_exported'))
  const valid = !issues.some((issue) => issue.severity === 'error')
  return {
    document: valid ? document : null,
    references: valid ? references : null,
    report: { source: { lane: 'lossless', kind }, summary, issues },
    validation: { valid: valid && invalid.length === 0, invalid_params: invalid },
    actionClasses: valid ? triggers.created : [],
  }
}

/**
 * Writes a valid plan: its action classes, then the survey through the v3 create's write. If the survey is
 * refused after all (a class or segment changed in between), the classes it made are deleted again and the
 * refusal is thrown: an import leaves everything or nothing.
 */
export async function commitSurveyImport(
  ctx: CanvassContext,
  caller: V3SurveyWriter,
  plan: SurveyImportPlan,
): Promise<{ survey: SurveyRecord; segment: SegmentRecord | null }> {
  const { environmentId } = caller
  if (!plan.document) throw new Error('Only a valid import plan is committed')
  const made: string[] = []
  try {
    for (const record of plan.actionClasses) {
      const outcome = await ctx.storage.actionClasses.insert(record)
      if (outcome !== 'created') {
        throw new V3Problem(422, 'The survey could not be imported', [
          { name: 'references.actionClasses', reason: `Another action class named "${record.name}" was created meanwhile: try again` },
        ])
      }
      made.push(record.id)
    }
    const parsed = parseV3Body(v3SurveyCreateSchema, { ...plan.document, workspaceId: environmentId })
    const { body, metadata } = await v3SurveyCreateWrite(ctx, caller, parsed)
    return await createSurveyFromBody(ctx, environmentId, body, v3Forbidden, {
      metadata: metadata ?? {},
      archivedAt: null,
      customCss: null,
    })
  } catch (error) {
    for (const id of made) await ctx.storage.actionClasses.delete(environmentId, id)
    throw error
  }
}

/** The parts of an export envelope, or null (with the error in `issues`) when it cannot be read. */
function readEnvelope(envelope: Record<string, unknown>, issues: ImportIssue[]) {
  const metadata = envelope.formbricks
  const format = isRecord(metadata) ? metadata.exportFormat : undefined
  if (typeof format === 'number' && format > SURVEY_EXPORT_FORMAT) {
    issues.push(importIssue('error', 'export_format_unsupported', 'formbricks.exportFormat', { format }))
    return null
  }
  const errors = [
    ...schemaErrors(surveyExportMetadataSchema, metadata, 'formbricks', 'Export metadata is invalid'),
    ...schemaErrors(
      surveyExportReferencesSchema,
      envelope.references ?? { actionClasses: [] },
      'references',
      'Action-class references are invalid',
    ),
  ]
  if (!isRecord(envelope.survey))
    errors.push(importIssue('error', 'invalid_document', 'survey', { detail: 'The export has no survey document.' }))
  if (errors.length > 0) {
    issues.push(...errors)
    return null
  }
  for (const key of Object.keys(envelope)) {
    if (!ENVELOPE_KEYS.has(key)) issues.push(importIssue('info', 'unknown_field_stripped', key, { field: key }))
  }
  const references = v.parse(surveyExportReferencesSchema, envelope.references ?? { actionClasses: [] })
  return { survey: envelope.survey as Record<string, unknown>, references }
}

/** A raw document; a `GET /api/v3/surveys/{id}` answer (`{data: {…}}`) is taken as its `data`. */
function readDocument(document: Record<string, unknown>) {
  const survey = isRecord(document.data) && !('blocks' in document) ? document.data : document
  return { survey, references: undefined }
}

function schemaErrors(schema: v.GenericSchema, value: unknown, root: string, what: string): ImportIssue[] {
  const parsed = v.safeParse(schema, value)
  if (parsed.success) return []
  return parsed.issues.map((issue) => {
    const path = v.getDotPath(issue)
    return importIssue('error', 'invalid_document', path ? `${root}.${path}` : root, { detail: `${what}: ${issue.message}` })
  })
}

/**
 * A copy of the document without what the import cannot carry: instance-bound fields silently, the rest with
 * a line each (slug, schedule, status, targeting, Canvass's settings, unknown fields, a link survey's
 * distribution). An import always makes a draft.
 */
function stripped(survey: Record<string, unknown>, issues: ImportIssue[]): Record<string, unknown> {
  const document = structuredClone(survey)
  for (const field of INSTANCE_FIELDS) delete document[field]
  if (document.status !== undefined && document.status !== 'draft') {
    issues.push(importIssue('info', 'status_reset', 'status', { status: String(document.status) }))
  }
  document.status = 'draft'
  if (document.publishOn != null || document.closeOn != null) issues.push(importIssue('info', 'schedule_cleared', 'publishOn'))
  delete document.publishOn
  delete document.closeOn
  if ('slug' in document) issues.push(importIssue('info', 'slug_not_imported', 'slug'))
  delete document.slug
  if ('targeting' in document) issues.push(importIssue('info', 'targeting_not_imported', 'targeting'))
  delete document.targeting
  if (document.type !== 'app' && 'distribution' in document) {
    issues.push(importIssue('info', 'unknown_field_stripped', 'distribution', { field: 'distribution' }))
    delete document.distribution
  }
  if (Array.isArray(document.languages)) {
    // An alias names a language in the workspace it came from only (a GET answer carries it).
    document.languages.forEach((language, index) => {
      if (!isRecord(language) || !('alias' in language)) return
      if (language.alias !== null)
        issues.push(importIssue('info', 'unknown_field_stripped', `languages.${index}.alias`, { field: 'alias' }))
      delete language.alias
    })
  }
  for (const key of Object.keys(document)) {
    if (DOCUMENT_KEYS.has(key)) continue
    issues.push(importIssue('info', 'unknown_field_stripped', key, { field: key }))
    delete document[key]
  }
  return document
}

/**
 * What `POST /api/v3/surveys` would refuse in the document, writing nothing: its parser, the v3 rules and the
 * survey rules below them. The triggers are those `forValidation` names (the classes to be created are known
 * good and not there yet).
 */
async function validationProblems(
  ctx: CanvassContext,
  caller: V3SurveyWriter,
  document: Record<string, unknown>,
  forValidation: Array<{ actionClassId: string }> | undefined,
): Promise<InvalidParam[]> {
  const checked: Record<string, unknown> = { ...document, workspaceId: caller.environmentId }
  if (forValidation !== undefined && isRecord(document.distribution))
    checked.distribution = { ...document.distribution, triggers: forValidation }
  try {
    const parsed = parseV3Body(v3SurveyCreateSchema, checked)
    const { body, metadata } = await v3SurveyCreateWrite(ctx, caller, parsed)
    await surveyPreviewFromBody(ctx, caller.environmentId, ctx.newId(), body, v3Forbidden, { metadata: metadata ?? {}, archivedAt: null })
    return []
  } catch (error) {
    if (error instanceof V3Problem && (error.problemStatus === 400 || error.problemStatus === 422)) {
      return error.invalidParams.length > 0 ? [...error.invalidParams] : [{ name: 'document', reason: error.message }]
    }
    if (error instanceof CanvassError && error.status === 400) {
      const fields = Object.entries(error.details).filter(([name]) => name !== '_more')
      return fields.length > 0
        ? fields.map(([name, reason]) => ({ name, reason: String(reason) }))
        : [{ name: 'document', reason: error.message }]
    }
    throw error
  }
}
