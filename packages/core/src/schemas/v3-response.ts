import * as v from 'valibot'
import { responseAnswer } from './answers'
import { isoDateTimeString } from './common'
import { managementResponseUpdateSchema, responseCreateSchema, updatedAtNotBeforeCreatedAt } from './response'

/**
 * Canvass's responses routes in the reference's v3 style (docs/api.md, "Responses in v3"): the reference's v3
 * (0.1.0) has none. Bodies are the v1 management bodies, with `workspaceId` where the route acts on the
 * workspace; a field a route does not take is a 400 naming it.
 */

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(255))

/** At most this many ids in one batch delete. */
export const MAX_V3_BATCH_DELETE = 1000

/** `POST /api/v3/responses`: the v1 management create with `workspaceId` (required) instead of `environmentId`. */
export const v3ResponseCreateSchema = v.pipe(
  v.strictObject({
    ...v.omit(responseCreateSchema, ['pinAuthToken']).entries,
    workspaceId: id,
    createdAt: v.optional(isoDateTimeString),
    updatedAt: v.optional(isoDateTimeString),
  }),
  updatedAtNotBeforeCreatedAt(),
)

/** `PATCH /api/v3/responses/{id}`: the v1 management update's fields, each optional. */
export const v3ResponsePatchSchema = v.pipe(
  v.strictObject(managementResponseUpdateSchema.entries),
  v.check((patch) => Object.keys(patch).length > 0, 'Must change at least one field'),
)

/** `POST /api/v3/responses/batch-delete`. */
export const v3ResponseBatchDeleteSchema = v.strictObject({
  workspaceId: id,
  ids: v.pipe(
    v.array(id),
    v.minLength(1, 'Must hold at least one id'),
    v.maxLength(MAX_V3_BATCH_DELETE, `Must hold at most ${MAX_V3_BATCH_DELETE} ids`),
  ),
})

/** Whether a count is exact (`eq`) or a floor (`gte`, past 10,000). */
const relation = v.picklist(['eq', 'gte'])

/** A page of responses: `meta.totalCount` and `meta.totalCountRelation` are `null` with `includeTotalCount=false`. */
export const v3ResponsePageAnswer = v.object({
  data: v.array(responseAnswer),
  meta: v.object({
    limit: v.number(),
    nextCursor: v.nullable(v.string()),
    totalCount: v.nullable(v.number()),
    totalCountRelation: v.nullable(relation),
  }),
})

export const v3ResponseAnswer = v.object({ data: responseAnswer })

export const v3ResponseCountAnswer = v.object({ data: v.object({ count: v.number(), relation }) })

export const v3ResponseBatchDeleteAnswer = v.object({ data: v.object({ deleted: v.number() }) })
