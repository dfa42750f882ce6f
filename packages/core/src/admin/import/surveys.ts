import * as v from 'valibot'
import { validationError } from '../../errors'
import { newResultShareKey } from '../../domain/result-share'
import { surveyFieldsFromInput } from '../../domain/survey-service'
import { resolveSurveyTriggers } from '../../domain/survey-triggers'
import type { SurveyRecord } from '../../ports/storage'
import { surveyCreateSchema } from '../../schemas/survey'
import type { SurveyCreateInput } from '../../schemas/survey'
import { isUnknownFieldIssue } from '../../schemas/strict-object'
import { importEach } from './import-each'
import type { Item } from './items'
import { SURVEY_FIELD_REASONS, SURVEY_OUTPUT_FIELDS, times } from './items'
import type { ImportRun } from './run'
import { importSegments } from './segments'
import { count, drop } from './tally'

/** Most parses of one survey that leave its unknown fields behind (each pass, one per object). */
const MAX_UNKNOWN_FIELD_PASSES = 20

/**
 * A page of surveys, each naming its triggers, segment and the rest by the ids they have here. Where the source
 * lists no segments (the reference), the segments its surveys carry are imported first.
 */
export async function importSurveys(run: ImportRun, items: Item[]): Promise<void> {
  if (!run.segmentsListed) {
    const embedded = items.flatMap((item) =>
      typeof item.segment === 'object' && item.segment !== null && typeof (item.segment as Item).id === 'string'
        ? [item.segment as Item]
        : [],
    )
    // A segment several surveys name is read once.
    const unseen = [
      ...new Map(
        embedded.filter((segment) => !run.known.segments.has(segment.id as string)).map((segment) => [segment.id, segment]),
      ).values(),
    ]
    count(run, 'segments').read += unseen.length
    await importSegments(run, unseen)
  }
  const surveyFields = new Set(Object.keys(surveyCreateSchema.entries))
  await importEach(run, 'surveys', items, {
    known: run.known.surveys,
    create: (item, targetId) => createSurvey(run, item, targetId, surveyFields),
  })
}

async function createSurvey(run: ImportRun, item: Item, targetId: string, surveyFields: Set<string>): Promise<undefined> {
  const { ctx, env } = run
  const input = parseLeavingUnknownFields(run, surveyBody(run, item, surveyFields))
  input.triggers = await resolveSurveyTriggers(ctx, env, input.triggers, run.plannedActionClasses)
  if (
    input.segmentId !== null &&
    !run.planned.has(`segments:${input.segmentId}`) &&
    !(await ctx.storage.segments.get(env, input.segmentId))
  ) {
    throw validationError({ segmentId: 'Its segment was not imported' })
  }
  const survey: SurveyRecord = {
    id: targetId,
    environmentId: env,
    ...times(item),
    ...surveyFieldsFromInput(input),
    segmentId: input.segmentId ?? null,
  }
  const shared = typeof item.resultShareKey === 'string' && item.resultShareKey !== ''
  survey.resultShareKey = shared ? newResultShareKey() : null
  if (!run.dryRun) {
    await ctx.storage.surveys.insert(survey)
    if (survey.resultShareKey !== null)
      run.report.shareKeys.push({ surveyId: targetId, resultShareKey: survey.resultShareKey, url: shareUrl(run, survey.resultShareKey) })
  }
  return undefined
}

/** A source survey as a create body here: the fields a survey takes, the ids it names as they are here. */
function surveyBody(run: ImportRun, item: Item, surveyFields: Set<string>): Item {
  const body: Item = {}
  for (const [field, value] of Object.entries(item)) {
    const reason = SURVEY_FIELD_REASONS.get(field)
    if (reason === undefined && surveyFields.has(field)) body[field] = value
    else if (!SURVEY_OUTPUT_FIELDS.has(field) && value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0)) {
      drop(run, 'surveys', field, reason ?? 'Canvass has no such survey field')
    }
  }
  body.environmentId = run.env
  delete body.workspaceId
  // Only Canvass makes share keys (the source's could be anything, another survey's here included): a
  // survey the source shared gets a new key (createSurvey). See docs/migrating.md.
  delete body.resultShareKey
  // A Canvass field: the import keeps responses as the target environment's default says.
  delete body.responseRetentionDays
  if (item.status !== undefined) body.status = item.status
  if (typeof item.displayPercentage === 'number' || item.displayPercentage === null) body.displayPercentage = item.displayPercentage
  if (body.productOverwrites === undefined) body.productOverwrites = item.workspaceOverwrites ?? item.projectOverwrites ?? null
  const segmentId =
    typeof item.segmentId === 'string'
      ? item.segmentId
      : typeof (item.segment as Item | null)?.id === 'string'
        ? ((item.segment as Item).id as string)
        : null
  body.segmentId = segmentId === null ? null : (run.known.segments.get(segmentId) ?? segmentId)
  body.triggers = Array.isArray(item.triggers) ? item.triggers.map((trigger) => triggerHere(run, trigger)) : []
  return body
}

/**
 * A source survey parsed as a create body, without the fields inside it that no survey schema knows (a newer
 * or older reference's): each is left behind and reported under its path, its indexes as `*` (once per
 * survey), rather than refusing the survey and with it its responses. A strict object names the first field
 * it does not know, so the parse is run again until none is left (bounded). See docs/migrating.md.
 */
function parseLeavingUnknownFields(run: ImportRun, body: Item): SurveyCreateInput {
  const copy = structuredClone(body)
  const left = new Map<string, string>()
  for (let pass = 0; pass < MAX_UNKNOWN_FIELD_PASSES; pass++) {
    const result = v.safeParse(surveyCreateSchema, copy, { abortEarly: false })
    if (result.success) {
      for (const [field, reason] of left) drop(run, 'surveys', field, reason)
      return result.output
    }
    const unknown = result.issues.filter(isUnknownFieldIssue)
    if (unknown.length === 0) break
    for (const issue of unknown) {
      const at = issue.path?.[issue.path.length - 1]
      if (at === undefined || typeof at.input !== 'object' || at.input === null) continue
      delete (at.input as Record<string, unknown>)[at.key as string]
      const field = (v.getDotPath(issue) ?? String(at.key)).replace(/\.\d+(?=\.|$)/g, '.*')
      if (!left.has(field)) left.set(field, `Canvass has no such field (${issue.message})`)
    }
  }
  // Refused for what is left: the fields it knows that are invalid (or more unknown ones than the passes took).
  return v.parse(surveyCreateSchema, copy, { abortEarly: false })
}

/** A trigger naming its action class by the id that class has here. */
function triggerHere(run: ImportRun, trigger: unknown): unknown {
  const { actionClasses } = run.known
  if (typeof trigger === 'string') return actionClasses.get(trigger) ?? trigger
  const actionClass = typeof trigger === 'object' && trigger !== null ? ((trigger as Item).actionClass as Item | undefined) : undefined
  if (!actionClass || typeof actionClass.id !== 'string') return trigger
  return { actionClass: { id: actionClasses.get(actionClass.id) ?? actionClass.id } }
}

/** The shared results page of `key` when this Canvass knows its public address (`publicUrl`). */
function shareUrl(run: ImportRun, key: string): string | null {
  const { publicUrl } = run.ctx
  return publicUrl ? `${publicUrl.replace(/\/+$/, '')}/share/${encodeURIComponent(key)}` : null
}
