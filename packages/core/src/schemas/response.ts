import * as v from 'valibot'
import { LIMITS, boundedRecord, isoDateTimeString } from './common'
import { environmentIdField } from './stored-text'

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(255))
const nullableId = v.nullish(id)
const shortText = v.pipe(v.string(), v.maxLength(2048))

/** Answers by question id (docs/design.md, "Responses and displays": keys are not checked against the survey's questions). */
const answers = boundedRecord(v.unknown(), LIMITS.responseEntries)
/** Time to complete, in milliseconds, by question id (and `_total`): 0 to one day each (docs/design.md, "Limits and input"). */
const ttc = boundedRecord(
  v.pipe(
    v.number(),
    v.finite(),
    v.minValue(0, 'Must be at least 0'),
    v.maxValue(LIMITS.ttcMs, `Must be at most ${LIMITS.ttcMs} (one day in ms)`),
  ),
  LIMITS.responseEntries,
)
const variables = boundedRecord(v.union([v.string(), v.pipe(v.number(), v.finite())]), LIMITS.responseEntries)
/** The proof of a survey's PIN that its link page hands the respondent (the reference's `pinAuthToken`). */
const pinAuthToken = v.nullish(v.pipe(v.string(), v.maxLength(512)))
const meta = v.object({
  source: v.optional(shortText),
  url: v.optional(shortText),
  action: v.optional(shortText),
})

/**
 * Body of `POST /client/{environmentId}/responses` (and, without `pinAuthToken`, of `POST
 * /management/responses`). `pinAuthToken` is required for a survey with a PIN and ignored for any other.
 */
export const responseCreateSchema = v.object({
  surveyId: id,
  finished: v.boolean(),
  data: answers,
  userId: nullableId,
  displayId: nullableId,
  singleUseId: nullableId,
  endingId: nullableId,
  language: v.nullish(v.pipe(v.string(), v.maxLength(64))),
  variables: v.optional(variables),
  ttc: v.optional(ttc),
  meta: v.optional(meta),
  pinAuthToken,
})

/**
 * Body of `POST /management/responses`: the client create's, and for imports the response's own `createdAt`
 * and `updatedAt` (`updatedAt` defaults to `createdAt`, and may not be before it).
 */
export const managementResponseCreateSchema = v.pipe(
  v.object({
    ...v.omit(responseCreateSchema, ['pinAuthToken']).entries,
    // The key's environment when absent; the route refuses another one (401).
    environmentId: environmentIdField,
    workspaceId: environmentIdField,
    createdAt: v.optional(isoDateTimeString),
    updatedAt: v.optional(isoDateTimeString),
  }),
  updatedAtNotBeforeCreatedAt(),
)

/** `updatedAt`, when given, not before `createdAt` (a 400 naming `updatedAt`). */
export function updatedAtNotBeforeCreatedAt<T extends { createdAt?: string | undefined; updatedAt?: string | undefined }>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value.updatedAt === undefined) return
    const createdAt = dataset.value.createdAt
    if (createdAt === undefined || dataset.value.updatedAt >= createdAt) return
    addIssue({
      message: 'Must not be before createdAt',
      path: [{ type: 'object', origin: 'value', input: dataset.value, key: 'updatedAt', value: dataset.value.updatedAt }],
    })
  })
}

/**
 * Body of `POST /api/v2/client/{environmentId}/responses`: the v1 body with the contact by its id instead of a
 * `userId`, and the reference's `recaptchaToken` (accepted and not checked: Canvass has no reCAPTCHA).
 */
export const responseCreateV2Schema = v.object({
  ...v.omit(responseCreateSchema, ['userId']).entries,
  contactId: nullableId,
  recaptchaToken: v.nullish(v.pipe(v.string(), v.maxLength(4096))),
})

/**
 * Body of the client response updates: `data` and `finished` are required; `pinAuthToken` as for a create.
 */
export const responseUpdateSchema = v.object({
  finished: v.boolean(),
  data: answers,
  endingId: nullableId,
  language: v.nullish(v.pipe(v.string(), v.maxLength(64))),
  variables: v.optional(variables),
  ttc: v.optional(ttc),
  pinAuthToken,
})

/** Body of `PUT /management/responses/{id}`: the client fields but the PIN's proof, each optional. */
export const managementResponseUpdateSchema = v.partial(v.omit(responseUpdateSchema, ['pinAuthToken']))

export type ResponseCreateInput = v.InferOutput<typeof responseCreateSchema>
export type ResponseUpdateInput = v.InferOutput<typeof managementResponseUpdateSchema>
