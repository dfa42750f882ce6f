import type { IRequest } from 'itty-router'
import type { V3BodyHandler } from '../../http/v3'
import * as v from 'valibot'
import type { CanvassContext } from '../../context'
import { param } from '../../context'

import type { RouteTable } from '../../http/route-table'
import {
  checkWorkspace,
  cursorParam,
  decodeV3Cursor,
  encodeV3Cursor,
  noV3Query,
  readV3Query,
  v3BadRequest,
  v3Forbidden,
  v3Limit,
  v3Ok,
  v3Route,
  workspaceOf,
} from '../../http/v3'
import type { SurveyFilter, SurveyRecord, SurveySortBy, SurveyStatus } from '../../ports/storage'
import { v3LifecycleAnswer, v3SurveyAnswer, v3SurveyCreateSchema, v3SurveyPageAnswer, v3SurveyPatchSchema } from '../../schemas/v3'
import { effectiveSurveyStatus, storedStatusCases } from '../../domain/surveys/survey-status'
import { V3_KEY_VISIBILITY, v3SurveyOutput } from '../../domain/surveys/v3-survey'
import { checkV3SurveyEditable, v3SurveyCreateWrite, v3SurveyPatchWrite } from '../../domain/surveys/v3-survey-write'
import { createSurveyFromBody, segmentOfSurvey, updateSurveyFromBody } from '../../domain/surveys/survey-writes'
import { SurveyStale, checkUnchangedSince, staleProblem } from '../../domain/surveys/survey-stale'
import { reportingOf } from '../../domain/optional-ports/reporting'

/**
 * The reference's v3 surveys (docs/api.md, "Surveys in v3"): list, create, get, patch, delete, archive and
 * restore, in its v3 document (locale-keyed text, `distribution`, `targeting`), on Canvass's surveys.
 */
/** What the custom CSS processor removed from a write's `customCss`, present when it processed some. */
const cssWarnings = v.array(v.unknown())

export function registerV3SurveyRoutes(routes: RouteTable): void {
  const common = { auth: 'apiKey', problems: true } as const
  routes.get('/api/v3/surveys', v3Route(listSurveys), {
    ...common,
    editorToken: 'workspace',
    summary: "List a workspace's surveys: cursor pages, filters, sortBy",
    description:
      "`workspaceId` (required) is the key's project or environment. `limit`: 1 to 250 (default 20; above 250 is a 400). " +
      '`filter[status][in]` takes `archived` to list archived surveys, which are otherwise left out; list filters take ' +
      'repeated or comma-separated values. `filter[visibility][in]`: every survey is `workspace` to a key, so `restricted` ' +
      'alone matches none. `filter[owner][in]` is relative to a signed-in person: a key sending it gets a 400. `sortBy`: ' +
      '`updatedAt` (default), `createdAt`, `name`, `relevance` (as `updatedAt`).',
    query: listQueryDoc,
    answer: v3SurveyPageAnswer,
    errors: [403],
  })
  routes.post('/api/v3/surveys', v3Route(createSurvey), {
    ...common,
    editorToken: 'workspace',
    audit: { action: 'create', resourceType: 'survey', resourceId: 'answer' },
    summary: 'Create a survey from a v3 document',
    body: v3SurveyCreateSchema,
    answer: v.object({ data: v3SurveyAnswer, warnings: v.optional(cssWarnings) }),
    status: 201,
    errors: [403, 422],
  })
  routes.get('/api/v3/surveys/:surveyId', v3Route(getSurvey), {
    ...common,
    editorToken: 'survey',
    summary: 'Read a survey as a v3 document (`lang` narrows its text maps)',
    query: v.object({ lang: v.optional(v.string()) }),
    answer: v.object({ data: v3SurveyAnswer }),
    errors: [403],
  })
  routes.patch('/api/v3/surveys/:surveyId', v3Route(patchSurvey), {
    ...common,
    editorToken: 'survey',
    audit: { action: 'update', resourceType: 'survey', resourceId: { param: 'surveyId' } },
    summary: 'Update a survey: the top-level fields sent replace the stored ones',
    body: v3SurveyPatchSchema,
    answer: v.object({ data: v3SurveyAnswer, warnings: v.optional(cssWarnings) }),
    errors: [403, 409, 422],
  })
  // No editor token: a delete takes the survey's responses and files with it, which no editor should be able to.
  routes.delete('/api/v3/surveys/:surveyId', v3Route(deleteSurvey), {
    ...common,
    audit: { action: 'delete', resourceType: 'survey', resourceId: { param: 'surveyId' } },
    summary: 'Delete a survey with its responses, displays and files',
    status: 204,
    errors: [403],
  })
  routes.post('/api/v3/surveys/:surveyId/archive', v3Route(lifecycle('archive')), {
    ...common,
    editorToken: 'survey',
    audit: { action: 'update', resourceType: 'survey', resourceId: { param: 'surveyId' } },
    summary: 'Archive a survey: hidden from the list, read-only, paused when it was collecting',
    answer: v3LifecycleAnswer,
    errors: [403],
  })
  routes.post('/api/v3/surveys/:surveyId/restore', v3Route(lifecycle('restore')), {
    ...common,
    editorToken: 'survey',
    audit: { action: 'update', resourceType: 'survey', resourceId: { param: 'surveyId' } },
    summary: 'Restore an archived survey (its status stays as it is)',
    answer: v3LifecycleAnswer,
    errors: [403],
  })
}

const STATUS_FILTER = ['draft', 'inProgress', 'paused', 'completed', 'archived'] as const
const SORTS = ['createdAt', 'updatedAt', 'name', 'relevance'] as const

const listQuery = v.object({
  workspaceId: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  limit: v3Limit(250),
  cursor: cursorParam,
  includeTotalCount: v.optional(v.picklist(['true', 'false'], 'Must be true or false')),
  'filter[name][contains]': v.optional(
    v.pipe(
      v.string(),
      v.maxLength(512, 'Must be at most 512 characters'),
      // No name holds NUL, and Postgres refuses it in a pattern (docs/design.md, "Limits and input").
      v.check((text) => !text.includes('\u0000'), 'Must not contain NUL'),
    ),
  ),
  'filter[status][in]': v.optional(
    v.pipe(v.array(v.picklist(STATUS_FILTER, `Must be one of ${STATUS_FILTER.join(', ')}`)), v.maxLength(10)),
  ),
  'filter[type][in]': v.optional(v.pipe(v.array(v.picklist(['link', 'app'], 'Must be link or app')), v.maxLength(10))),
  'filter[visibility][in]': v.optional(
    v.pipe(v.array(v.picklist(['restricted', 'workspace'], 'Must be restricted or workspace')), v.maxLength(10)),
  ),
  'filter[owner][in]': v.optional(v.pipe(v.array(v.picklist(['me', 'others'], 'Must be me or others')), v.maxLength(10))),
  sortBy: v.optional(v.picklist(SORTS, `Must be one of ${SORTS.join(', ')}`)),
})

/** The list's query as the OpenAPI document shows it: list filters are text (repeated or comma-separated). */
const listQueryDoc = v.object({
  ...listQuery.entries,
  'filter[status][in]': v.optional(v.pipe(v.string(), v.maxLength(200))),
  'filter[type][in]': v.optional(v.pipe(v.string(), v.maxLength(200))),
  'filter[visibility][in]': v.optional(v.pipe(v.string(), v.maxLength(200))),
  'filter[owner][in]': v.optional(v.pipe(v.string(), v.maxLength(200))),
})

const LIST_FILTERS = ['filter[status][in]', 'filter[type][in]', 'filter[visibility][in]', 'filter[owner][in]']

const listSurveys = async (request: IRequest, ctx: CanvassContext, { environmentId }: { environmentId: string }) => {
  const query = readV3Query(request, listQuery, LIST_FILTERS)
  if (query['filter[owner][in]'] !== undefined) {
    // "me" is the signed-in person; a key is no one (the reference answers a key 400 too).
    throw v3BadRequest('Invalid query parameters', [
      { name: 'filter[owner][in]', reason: 'Relative to a signed-in user: an API key cannot filter by owner' },
    ])
  }
  await checkWorkspace(ctx, environmentId, query.workspaceId)
  // Every survey is `workspace` to a key (docs/api.md, "Survey visibility in v3").
  const visible = query['filter[visibility][in]']?.includes('workspace') ?? true
  const statuses = query['filter[status][in]'] ?? []
  const types = query['filter[type][in]'] ?? []
  const filter: SurveyFilter = {
    ...(query['filter[name][contains]'] !== undefined ? { nameContains: query['filter[name][contains]'] } : {}),
    // Core's rule of date-driven statuses, as the stored states storage compares (`storedStatusCases`).
    statusCases: storedStatusCases(statuses.filter((status) => status !== 'archived') as SurveyStatus[]),
    // Canvass's `website` surveys are in-app surveys too (the reference folded them into `app`).
    types: types.flatMap((type) => (type === 'app' ? ['app', 'website'] : [type])),
    archived: statuses.includes('archived'),
  }
  const sortBy: SurveySortBy = query.sortBy === 'createdAt' || query.sortBy === 'name' ? query.sortBy : 'updatedAt'
  const limit = query.limit ?? 20
  const now = ctx.now()
  const after = query.cursor !== undefined ? decodeV3Cursor(query.cursor, sortBy) : undefined
  const entries = visible ? await ctx.storage.surveys.find(environmentId, { filter, sortBy, limit, now, ...(after ? { after } : {}) }) : []
  const page = entries.slice(0, limit)
  const last = page[page.length - 1]
  const workspaceId = await workspaceOf(ctx, environmentId)
  const counted = query.includeTotalCount !== 'false'
  // `workspaceSurveyCount`: every survey of the workspace, archived ones too, whatever the filters.
  const [totalCount, active, archived] = counted
    ? await Promise.all([
        visible ? reportingOf(ctx.storage).surveys.count(environmentId, filter, now) : 0,
        reportingOf(ctx.storage).surveys.count(environmentId, {}, now),
        reportingOf(ctx.storage).surveys.count(environmentId, { archived: true }, now),
      ])
    : [null, null, null]
  return v3Ok({
    data: page.map(({ survey, responseCount, completedResponseCount }) => ({
      id: survey.id,
      name: survey.name,
      workspaceId,
      type: survey.type,
      status: effectiveSurveyStatus(survey, now),
      publishOn: survey.runOnDate?.toISOString() ?? null,
      createdAt: survey.createdAt.toISOString(),
      updatedAt: survey.updatedAt.toISOString(),
      archivedAt: survey.archivedAt?.toISOString() ?? null,
      responseCount,
      completedResponseCount,
      // Canvass surveys are made with API keys: the reference's `creator` is a signed-in user.
      creator: null,
      ...V3_KEY_VISIBILITY,
    })),
    meta: {
      limit,
      nextCursor: entries.length > limit && last ? encodeV3Cursor(sortBy, sortValue(last.survey, sortBy), last.survey.id) : null,
      totalCount,
      workspaceSurveyCount: active === null || archived === null ? null : active + archived,
    },
  })
}

function sortValue(survey: SurveyRecord, sortBy: SurveySortBy): string {
  if (sortBy === 'name') return survey.name
  return (sortBy === 'createdAt' ? survey.createdAt : survey.updatedAt).toISOString()
}

const createSurvey: V3BodyHandler<typeof v3SurveyCreateSchema> = async (request, ctx, caller, readBody) => {
  const { environmentId } = caller
  noV3Query(request)
  const document = await readBody()
  const { body, metadata, customCss, warnings } = await v3SurveyCreateWrite(ctx, caller, document)
  const { survey, segment } = await createSurveyFromBody(ctx, environmentId, body, v3Forbidden, {
    metadata: metadata ?? {},
    archivedAt: null,
    customCss: customCss ?? null,
  })
  const data = v3SurveyOutput(survey, await workspaceOf(ctx, environmentId), segment, ctx.now())
  // What the CSS processor removed, beside `data` (so that `data` can be sent back as it is).
  return v3Ok({ data, ...(warnings ? { warnings } : {}) }, 201, { location: `/api/v3/surveys/${survey.id}` })
}

const getSurvey = async (request: IRequest, ctx: CanvassContext, { environmentId }: { environmentId: string }) => {
  const { lang } = readV3Query(request, v.object({ lang: v.optional(v.pipe(v.string(), v.maxLength(512))) }))
  const survey = await ownSurvey(ctx, environmentId, param(request, 'surveyId'))
  const output = v3SurveyOutput(survey, await workspaceOf(ctx, environmentId), await segmentOfSurvey(ctx, survey), ctx.now())
  if (lang === undefined) return v3Ok({ data: output })
  return v3Ok({ data: narrowToLanguages(output, lang) })
}

const patchSurvey: V3BodyHandler<typeof v3SurveyPatchSchema> = async (request, ctx, caller, readBody) => {
  const { environmentId } = caller
  noV3Query(request)
  const patch = await readBody()
  const id = param(request, 'surveyId')
  const stored = await ownSurvey(ctx, environmentId, id)
  const { body, metadata, customCss, warnings } = await v3SurveyPatchWrite(ctx, caller, stored, patch)
  const extra = { ...(metadata !== undefined ? { metadata } : {}), ...(customCss !== undefined ? { customCss } : {}) }
  let updated: SurveyRecord | null
  try {
    updated = await updateSurveyFromBody(ctx, environmentId, id, body, {
      check: (current) => {
        if (current.environmentId !== environmentId) throw v3Forbidden()
        // A round-tripped `updatedAt` is a precondition, judged on the survey as it is under the lock.
        checkUnchangedSince(current, patch.updatedAt)
        checkV3SurveyEditable(current)
      },
      extra,
    })
  } catch (error) {
    if (error instanceof SurveyStale) return staleProblem(request, error)
    throw error
  }
  if (!updated) throw v3Forbidden()
  const output = v3SurveyOutput(updated, await workspaceOf(ctx, environmentId), await segmentOfSurvey(ctx, updated), ctx.now())
  return v3Ok({ data: output, ...(warnings ? { warnings } : {}) })
}

const deleteSurvey = async (request: IRequest, ctx: CanvassContext, { environmentId }: { environmentId: string }) => {
  noV3Query(request)
  const survey = await ownSurvey(ctx, environmentId, param(request, 'surveyId'))
  if (!(await ctx.storage.surveys.delete(environmentId, survey.id))) throw v3Forbidden()
  ctx.blobDeletionsRecorded()
  return v3Ok({}, 204)
}

/**
 * Archive and restore, as the reference: archiving marks the survey and pauses it when it is collecting
 * (`inProgress`); restoring clears the mark and leaves the status. Both are idempotent.
 */
function lifecycle(operation: 'archive' | 'restore') {
  return async (request: IRequest, ctx: CanvassContext, { environmentId }: { environmentId: string }) => {
    noV3Query(request)
    const id = param(request, 'surveyId')
    await ownSurvey(ctx, environmentId, id)
    const now = ctx.now()
    const updated = await ctx.storage.surveys.update(id, (stored) => {
      if (stored.environmentId !== environmentId) throw v3Forbidden()
      if (operation === 'archive') {
        if (stored.archivedAt) return stored
        const paused = effectiveSurveyStatus(stored, now) === 'inProgress'
        return { ...stored, archivedAt: now, updatedAt: now, ...(paused ? { status: 'paused' as const } : {}) }
      }
      if (!stored.archivedAt) return stored
      return { ...stored, archivedAt: null, updatedAt: now }
    })
    if (!updated) throw v3Forbidden()
    return v3Ok({
      data: { id: updated.id, status: effectiveSurveyStatus(updated, now), archivedAt: updated.archivedAt?.toISOString() ?? null },
    })
  }
}

/** The survey if it is the key's; any other id (unknown, malformed, another environment's) is a 403. */
async function ownSurvey(ctx: CanvassContext, environmentId: string, id: string): Promise<SurveyRecord> {
  const survey = await ctx.storage.surveys.get(id)
  if (!survey || survey.environmentId !== environmentId) throw v3Forbidden()
  return survey
}

/** The survey with its text maps narrowed to the languages `lang` names (comma-separated); an unknown one is a 400. */
function narrowToLanguages<T extends { defaultLanguage: string; languages: Array<{ code: string; alias: string | null }> }>(
  output: T,
  lang: string,
): T {
  const wanted = new Set<string>()
  for (const selector of lang.split(',').map((part) => part.trim().replace(/_/g, '-').toLowerCase())) {
    if (selector === '') continue
    const matches = output.languages.filter(
      (language) =>
        language.code.toLowerCase() === selector ||
        language.alias?.toLowerCase() === selector ||
        language.code.toLowerCase().split('-')[0] === selector,
    )
    if (matches.length !== 1) {
      throw v3BadRequest('Invalid query parameters', [
        {
          name: 'lang',
          reason: matches.length === 0 ? `The survey has no language ${selector}` : `${selector} names more than one language`,
        },
      ])
    }
    wanted.add((matches[0] as { code: string }).code)
  }
  const codes = new Set(output.languages.map((language) => language.code))
  const narrow = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(narrow)
    if (typeof value !== 'object' || value === null) return value
    const entries = Object.entries(value)
    const isMap = entries.length > 0 && entries.every(([key, text]) => codes.has(key) && typeof text === 'string')
    if (isMap) return Object.fromEntries(entries.filter(([key]) => wanted.has(key)))
    return Object.fromEntries(entries.map(([key, item]) => [key, narrow(item)]))
  }
  const narrowed = { ...output }
  for (const field of ['metadata', 'welcomeCard', 'blocks', 'endings'] as const) {
    if (field in narrowed) (narrowed as Record<string, unknown>)[field] = narrow((narrowed as Record<string, unknown>)[field])
  }
  return narrowed
}
