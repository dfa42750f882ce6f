import * as v from 'valibot'

/** Postgres text cannot hold U+0000. */
const noNul = v.check((text: string) => !text.includes('\u0000'), 'Must not contain U+0000')
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(255), noNul)

/** Body of `POST /client/{environmentId}/displays`. */
export const displayCreateSchema = v.object({
  surveyId: id,
  userId: v.nullish(id),
  responseId: v.nullish(id),
})

/** Attribute values as the SDKs send them: strings, or numbers they did not stringify. */
const attributes = v.pipe(
  v.record(
    v.pipe(v.string(), v.minLength(1), v.maxLength(255), v.regex(/^[A-Za-z0-9_.-]+$/, 'Must be letters, digits, _, . or -')),
    v.pipe(
      v.union([v.pipe(v.string(), v.maxLength(10_000), noNul), v.pipe(v.number(), v.finite())]),
      v.transform((value) => String(value)),
    ),
  ),
  v.check((record) => Object.keys(record).length <= 200, 'At most 200 attributes per request'),
)

/** Body of `POST /client/{environmentId}/user`. */
export const userUpdateSchema = v.object({
  userId: id,
  attributes: v.optional(attributes),
})

/** Body of `PUT /client/{environmentId}/contacts/{userId}/attributes`. */
export const attributesUpdateSchema = v.object({
  attributes,
})

export type DisplayCreateInput = v.InferOutput<typeof displayCreateSchema>
