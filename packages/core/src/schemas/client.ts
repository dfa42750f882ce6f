import * as v from 'valibot'
import { isPlainObject } from './common'

/** Postgres text cannot hold U+0000. */
const noNul = v.check((text: string) => !text.includes('\u0000'), 'Must not contain U+0000')
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(255), noNul)

/** Body of `POST /client/{environmentId}/displays`. */
export const displayCreateSchema = v.object({
  surveyId: id,
  userId: v.nullish(id),
  responseId: v.nullish(id),
})

const emailAddress = v.pipe(v.string(), v.email())

/** Attribute values as the SDKs send them: strings, or numbers they did not stringify. */
const attributes = v.pipe(
  // valibot's `record` takes an array for an object (its indexes as keys): only a plain object is one here.
  v.custom<Record<string, unknown>>(isPlainObject, (issue) => `Invalid type: Expected Object but received ${issue.received}`),
  v.record(
    v.pipe(v.string(), v.minLength(1), v.maxLength(255), v.regex(/^[A-Za-z0-9_.-]+$/, 'Must be letters, digits, _, . or -')),
    v.pipe(
      v.union([v.pipe(v.string(), v.maxLength(10_000), noNul), v.pipe(v.number(), v.finite())]),
      v.transform((value) => String(value)),
    ),
  ),
  v.check((record) => Object.keys(record).length <= 200, 'At most 200 attributes per request'),
  // The reference refuses an `email` attribute that is not an email address; its widget sends it as typed.
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value.email === undefined || v.is(emailAddress, dataset.value.email)) return
    addIssue({
      message: 'Must be an email address',
      path: [{ type: 'object', origin: 'value', input: dataset.value, key: 'email', value: dataset.value.email }],
    })
  }),
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

/** Body of `POST /api/v2/client/{environmentId}/displays`: the contact by its id instead of a `userId`. */
export const displayCreateV2Schema = v.object({
  surveyId: id,
  contactId: v.nullish(id),
  responseId: v.nullish(id),
})
