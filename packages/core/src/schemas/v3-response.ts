import * as v from 'valibot'

/**
 * The bodies and answers of the reference's v3 responses routes, version 0.2.0 (docs/api.md, "Responses in
 * v3"). Bodies are strict: a field a route does not take is a 400 `unsupported_field` naming it.
 */

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(255))

/** At most this many ids in one batch delete, in `tags`, in `filter[id][in]`. */
export const MAX_V3_BATCH_DELETE = 100
/** At most this many keys in `data`, names in `embeddedData`, entries in `ttc`. */
export const MAX_V3_DATA_KEYS = 500
/** At most this many items in one multi-select answer or rows in one matrix answer. */
export const MAX_V3_ANSWER_ITEMS = 1000
/** The longest time one element may take, in milliseconds; longer is clamped. */
export const MAX_V3_TTC_MS = 86_400_000

const maxKeys =
  (max: number, what: string) =>
  <T extends Record<string, unknown>>(schema: v.GenericSchema<unknown, T>) =>
    v.pipe(
      schema,
      v.check((value: T) => Object.keys(value).length <= max, `Must hold at most ${max} ${what}`),
    )

/** One stored answer: text, a number, a list of texts or a map of texts (a matrix). */
const answerValue = v.union([
  v.pipe(v.string(), v.maxLength(100_000)),
  v.pipe(v.number(), v.finite()),
  v.pipe(
    v.array(v.pipe(v.string(), v.maxLength(10_000))),
    v.maxLength(MAX_V3_ANSWER_ITEMS, `Must hold at most ${MAX_V3_ANSWER_ITEMS} items`),
  ),
  v.pipe(
    v.record(v.pipe(v.string(), v.maxLength(10_000)), v.pipe(v.string(), v.maxLength(10_000))),
    v.check((value) => Object.keys(value).length <= MAX_V3_ANSWER_ITEMS, `Must hold at most ${MAX_V3_ANSWER_ITEMS} entries`),
  ),
])

/** `ResponseDataMapInput`: answers by element id. */
export const v3ResponseData = maxKeys(MAX_V3_DATA_KEYS, 'answers')(v.record(v.pipe(v.string(), v.maxLength(255)), answerValue))

/** `ResponseEmbeddedDataInput`: hidden fields and variables by name; `null` clears one. */
export const v3ResponseEmbeddedData = maxKeys(
  MAX_V3_DATA_KEYS,
  'names',
)(
  v.record(
    v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
    v.nullable(v.union([v.pipe(v.string(), v.maxLength(10_000)), v.pipe(v.number(), v.finite()), v.boolean()])),
  ),
)

/** `ResponseTtcMap`: milliseconds by element id, clamped to a day; `_total` is the server's own and ignored. */
const ttcMap = maxKeys(MAX_V3_DATA_KEYS, 'entries')(v.record(v.pipe(v.string(), v.maxLength(255)), v.pipe(v.number(), v.finite())))

const tagIds = v.pipe(v.array(id), v.maxLength(MAX_V3_BATCH_DELETE, `Must hold at most ${MAX_V3_BATCH_DELETE} tags`))
const nullableText = v.nullable(v.pipe(v.string(), v.maxLength(255)))

/** `POST /api/v3/responses` (`CreateResponseRequest`). */
export const v3ResponseCreateSchema = v.strictObject({
  surveyId: id,
  finished: v.boolean(),
  data: v3ResponseData,
  embeddedData: v.optional(v3ResponseEmbeddedData),
  ttc: v.optional(ttcMap),
  meta: v.optional(
    v.strictObject({
      source: v.optional(v.pipe(v.string(), v.maxLength(512))),
      url: v.optional(v.pipe(v.string(), v.maxLength(2048))),
      action: v.optional(v.pipe(v.string(), v.maxLength(512))),
    }),
  ),
  tags: v.optional(tagIds),
  endingId: v.optional(nullableText),
  language: v.optional(nullableText),
  contactId: v.optional(id),
  displayId: v.optional(id),
  singleUseId: v.optional(id),
})

/** `PATCH /api/v3/responses/{id}` (`PatchResponseRequest`): at least one field. */
export const v3ResponsePatchSchema = v.pipe(
  v.strictObject({
    finished: v.optional(v.boolean()),
    endingId: v.optional(nullableText),
    language: v.optional(nullableText),
    data: v.optional(v3ResponseData),
    embeddedData: v.optional(v3ResponseEmbeddedData),
    tags: v.optional(tagIds),
  }),
  v.check((patch) => Object.keys(patch).length > 0, 'Must change at least one field'),
)

/** `POST /api/v3/responses/batch-delete` (`BatchDeleteResponsesRequest`). */
export const v3ResponseBatchDeleteSchema = v.strictObject({
  ids: v.pipe(
    v.array(id),
    v.minLength(1, 'Must hold at least one id'),
    v.maxLength(MAX_V3_BATCH_DELETE, `Must hold at most ${MAX_V3_BATCH_DELETE} ids`),
    v.check((ids) => new Set(ids).size === ids.length, 'Must not repeat an id'),
  ),
})

/** `POST /api/v3/responses/validate` (`ValidateResponseRequest`): the envelope; `data` is checked as the write would. */
export const v3ResponseValidateSchema = v.variant('operation', [
  v.strictObject({ operation: v.literal('create'), data: v.record(v.string(), v.unknown()) }),
  v.strictObject({ operation: v.literal('patch'), responseId: id, data: v.record(v.string(), v.unknown()) }),
])

const relation = v.picklist(['eq', 'gte'])
const selection = v.object({
  optionId: v.nullable(v.string()),
  optionLabel: v.nullable(v.string()),
  rawValue: v.string(),
  match: v.picklist(['exact', 'label', 'other', 'unmatched']),
  rank: v.optional(v.number()),
})
const rawValue = v.union([v.string(), v.number(), v.array(v.string()), v.record(v.string(), v.string())])

/** One answer: the base fields and the value fields of its element type's shape. */
const answer = v.looseObject({
  position: v.number(),
  elementId: v.string(),
  elementType: v.string(),
  elementLabel: v.string(),
  durationSeconds: v.optional(v.number()),
  valueText: v.optional(v.string()),
  valueNumber: v.optional(v.number()),
  valueBoolean: v.optional(v.boolean()),
  valueDate: v.optional(v.string()),
  rawValue: v.optional(v.string()),
  selections: v.optional(v.array(selection)),
  fileUrls: v.optional(v.array(v.string())),
  booked: v.optional(v.boolean()),
})

const listItemEntries = {
  id: v.string(),
  surveyId: v.string(),
  surveyName: v.string(),
  workspaceId: v.string(),
  createdAt: v.string(),
  updatedAt: v.string(),
  finished: v.boolean(),
  endingId: v.nullable(v.string()),
  language: v.nullable(v.string()),
  durationSeconds: v.optional(v.number()),
  resolution: v.object({
    labelPolicy: v.literal('currentSurveyDefinition'),
    labelsLanguage: v.nullable(v.string()),
    surveyUpdatedAt: v.string(),
  }),
  answers: v.array(answer),
  embeddedData: v.array(
    v.object({
      key: v.string(),
      kind: v.picklist(['ingested', 'computed', 'reserved']),
      type: v.picklist(['string', 'number', 'boolean', 'date']),
      label: v.string(),
      value: v.union([v.string(), v.number(), v.boolean()]),
    }),
  ),
  unresolved: v.array(
    v.object({ key: v.string(), rawValue, reason: v.picklist(['elementNotInSurvey', 'variableNotInSurvey', 'valueShapeMismatch']) }),
  ),
  tags: v.array(v.object({ id: v.string(), name: v.string() })),
}

export const v3ResponseListItem = v.object(listItemEntries)

export const v3ResponseResource = v.object({
  ...listItemEntries,
  data: v.record(v.string(), rawValue),
  contact: v.nullable(v.object({ id: v.string(), userId: v.optional(v.nullable(v.string())) })),
  displayId: v.nullable(v.string()),
  singleUseId: v.nullable(v.string()),
})

/** A page: `totalCount` and `totalCountRelation` are `null` unless `includeTotalCount=true`. */
export const v3ResponsePageAnswer = v.object({
  data: v.array(v3ResponseListItem),
  meta: v.object({
    limit: v.number(),
    nextCursor: v.nullable(v.string()),
    totalCount: v.nullable(v.number()),
    totalCountRelation: v.nullable(relation),
  }),
})

export const v3ResponseAnswer = v.object({ data: v3ResponseResource })

export const v3ResponseCountAnswer = v.object({ data: v.object({ count: v.number(), relation }) })

export const v3ResponseBatchDeleteAnswer = v.object({ data: v.object({ deleted: v.number() }) })

export const v3ResponseValidateAnswer = v.object({
  data: v.object({
    valid: v.boolean(),
    operation: v.picklist(['create', 'patch']),
    invalid_params: v.array(v.object({ name: v.string(), reason: v.string(), code: v.optional(v.string()) })),
    effects: v.optional(
      v.object({
        language: v.nullable(v.string()),
        contactId: v.nullable(v.string()),
        displayId: v.nullable(v.string()),
        firesPipeline: v.boolean(),
        countsTowardMeteredResponses: v.boolean(),
        quotas: v.array(
          v.object({ quotaId: v.string(), quotaName: v.string(), wouldCount: v.boolean(), wouldFill: v.optional(v.boolean()) }),
        ),
        tagsToApply: v.array(v.string()),
      }),
    ),
  }),
})
