import type { IRequest } from 'itty-router'
import type { V3BodyHandler } from '../../http/v3'
import * as v from 'valibot'
import type { CanvassContext } from '../../context'
import { param } from '../../context'
import { CanvassError } from '../../errors'

import type { InvalidParam } from '../../http/problem'
import type { RouteTable } from '../../http/route-table'
import { V3Problem, noV3Query, v3Forbidden, v3Ok, v3Route, v3Unprocessable, workspaceOf } from '../../http/v3'
import type { SurveyRecord } from '../../ports/storage'
import { v3BlockEditSchema, v3BlockOrderSchema, v3SurveyAnswer } from '../../schemas/v3'
import { surveyBlocks } from '../../domain/survey-structure'
import { v1BodyOf, v3Languages, v3SurveyOutput } from '../../domain/v3-survey'
import type { V3Block, V3BlockOp } from '../../domain/v3-survey-blocks'
import { applyBlockOps, blockParamPath, newForwardReferences, reorderBlocks } from '../../domain/v3-survey-blocks'
import { segmentOfSurvey, updateSurveyFromBody } from '../../domain/survey-writes'
import { SurveyStale, checkUnchangedSince, staleProblem } from '../../domain/survey-stale'

/**
 * The reference's v3 block editing (docs/api.md, "Editing blocks in v3"): `PATCH …/blocks` applies update,
 * insert and remove operations, `PUT …/blocks/order` sets the order. Each is computed on the survey as read and
 * written only if the survey's structure is still that one under the storage's lock (else computed again), so a
 * concurrent edit is never lost and never overwritten.
 */
export function registerV3SurveyBlockRoutes(routes: RouteTable): void {
  const common = { auth: 'apiKey', problems: true, editorToken: 'survey' } as const
  routes.patch('/api/v3/surveys/:surveyId/blocks', v3Route(editBlocks), {
    ...common,
    audit: { action: 'update', resourceType: 'survey', resourceId: { param: 'surveyId' } },
    summary: "Edit a survey's blocks: update, insert and remove whole blocks by id, in order, all or none",
    description:
      '`expectedUpdatedAt` makes the write conditional (409 `conflict` with `details.expectedUpdatedAt` and ' +
      '`details.currentUpdatedAt` when the survey changed since). An op that cannot apply is a 422 naming `ops.<i>…`.',
    body: v3BlockEditSchema,
    answer: v.object({ data: v3SurveyAnswer }),
    errors: [403, 409, 422],
  })
  routes.put('/api/v3/surveys/:surveyId/blocks/order', v3Route(setBlockOrder), {
    ...common,
    audit: { action: 'update', resourceType: 'survey', resourceId: { param: 'surveyId' } },
    summary: "Set the order of a survey's blocks: every block id once",
    description:
      "An order that is already the survey's writes nothing (`updatedAt` stays). A missing, unknown or repeated id, " +
      'or an order that makes a recall or a logic condition read a later answer (`misordered_reference`), is a 422.',
    body: v3BlockOrderSchema,
    answer: v.object({ data: v3SurveyAnswer }),
    errors: [403, 409, 422],
  })
}

/** How often a write computed on a survey that changed before its lock is computed again. */
const ATTEMPTS = 5

const editBlocks: V3BodyHandler<typeof v3BlockEditSchema> = async (request, ctx, { environmentId }, body) => {
  noV3Query(request)
  const { ops, expectedUpdatedAt } = await body()
  const id = param(request, 'surveyId')
  return writeBlocks(request, ctx, environmentId, id, expectedUpdatedAt, (stored) => {
    const { defaultLanguage, languages } = v3Languages(stored.languages)
    const current = v3SurveyOutput(stored, '', null, ctx.now()).blocks
    if (!current.every(isBlock)) throw storedSurveyInvalid()
    const result = applyBlockOps(current, ops as V3BlockOp[], ctx.newId)
    if (!result.ok) throw v3Unprocessable('Block operations could not be applied', result.params)
    const { body, problems } = v1BodyOf(
      { blocks: result.blocks },
      defaultLanguage,
      ctx.newId,
      languages.map((language) => language.code),
    )
    const remap = (params: readonly InvalidParam[]) => params.map((problem) => blockParamPath(problem, result.origins))
    if (problems.length > 0) throw v3Unprocessable('Block operations could not be applied', remap(problems))
    return { blocks: body.blocks as unknown[], remap }
  })
}

const setBlockOrder: V3BodyHandler<typeof v3BlockOrderSchema> = async (request, ctx, { environmentId }, body) => {
  noV3Query(request)
  const { order, expectedUpdatedAt } = await body()
  const id = param(request, 'surveyId')
  return writeBlocks(request, ctx, environmentId, id, expectedUpdatedAt, (stored) => {
    const current = surveyBlocks(stored)
    if (!current.every(isBlock) || new Set(current.map((block) => block.id)).size !== current.length) throw storedSurveyInvalid()
    const result = reorderBlocks(current, order)
    if (!result.ok) throw v3Unprocessable('Block order must list every block exactly once', result.params)
    if (result.unchanged) return null
    // Judged on the blocks as v3 shows them, so that a problem's path is one a client can read.
    const view = v3SurveyOutput(stored, '', null, ctx.now()).blocks.filter(isBlock)
    const viewOrder = reorderBlocks(view, order)
    const misordered = viewOrder.ok ? newForwardReferences(view, viewOrder.blocks) : []
    if (misordered.length > 0) throw v3Unprocessable('The new order makes answers read before they are given', misordered)
    return { blocks: result.blocks, remap: (params: readonly InvalidParam[]) => [...params] }
  })
}

/**
 * Reads the survey, computes its new blocks with `compute` (`null`: nothing to write) and writes them, if under
 * the lock the survey's structure is still the one computed on; otherwise reads and computes again.
 */
async function writeBlocks(
  request: IRequest,
  ctx: CanvassContext,
  environmentId: string,
  id: string,
  expectedUpdatedAt: string | undefined,
  compute: (stored: SurveyRecord) => { blocks: unknown[]; remap: (params: readonly InvalidParam[]) => InvalidParam[] } | null,
): Promise<Response> {
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const stored = await ctx.storage.surveys.get(id)
      // Checked before the body is applied: an unknown or foreign id learns nothing about the survey.
      if (!stored || stored.environmentId !== environmentId) throw v3Forbidden()
      checkWritable(stored, expectedUpdatedAt)
      const change = compute(stored)
      if (change === null) return await answer(ctx, environmentId, stored)
      const structure = structureOf(stored)
      let updated: SurveyRecord | null
      try {
        updated = await updateSurveyFromBody(
          ctx,
          environmentId,
          id,
          { blocks: change.blocks },
          {
            check: (current) => {
              if (current.environmentId !== environmentId) throw v3Forbidden()
              checkWritable(current, expectedUpdatedAt)
              if (structureOf(current) !== structure) throw new SurveyMoved()
            },
          },
        )
      } catch (error) {
        if (error instanceof SurveyMoved) continue
        // The survey as it would be fails the survey schema: named where the request put it.
        if (error instanceof CanvassError && !(error instanceof V3Problem) && error.status === 400) {
          const fields = Object.entries(error.details).filter(([name]) => name !== '_more')
          throw new V3Problem(400, error.message, change.remap(fields.map(([name, reason]) => ({ name, reason: String(reason) }))))
        }
        throw error
      }
      if (!updated) throw v3Forbidden()
      return await answer(ctx, environmentId, updated)
    }
    throw new SurveyStale(expectedUpdatedAt ?? null, (await ctx.storage.surveys.get(id))?.updatedAt ?? null)
  } catch (error) {
    if (!(error instanceof SurveyStale)) throw error
    return staleProblem(request, error)
  }
}

async function answer(ctx: CanvassContext, environmentId: string, survey: SurveyRecord): Promise<Response> {
  const output = v3SurveyOutput(survey, await workspaceOf(ctx, environmentId), await segmentOfSurvey(ctx, survey), ctx.now())
  return v3Ok({ data: output })
}

function checkWritable(survey: SurveyRecord, expectedUpdatedAt: string | undefined): void {
  checkUnchangedSince(survey, expectedUpdatedAt)
  if (survey.archivedAt) {
    throw v3Unprocessable('Survey is archived', [{ name: 'archivedAt', reason: 'This survey is archived. Restore it before editing.' }])
  }
}

/** What a block write is computed from: the structure and the languages its text is keyed by. */
function structureOf(survey: SurveyRecord): string {
  return JSON.stringify([survey.blocks, survey.questions, survey.languages])
}

function isBlock(block: unknown): block is V3Block {
  return typeof block === 'object' && block !== null && typeof (block as { id?: unknown }).id === 'string'
}

function storedSurveyInvalid(): V3Problem {
  return v3Unprocessable('The stored survey cannot be edited by block id: its blocks lack ids or repeat one', [
    { name: 'blocks', reason: 'Every stored block must have an id of its own' },
  ])
}

/** The survey changed between the read and the lock: compute again. */
class SurveyMoved extends Error {}
