import * as v from 'valibot'
import { LIMITS, boundedString, idString, nameString } from './common'

/** POST `…/storage` (docs/design.md, "Uploads"): what a presign asks for. Unknown keys are dropped. */
export const presignSchema = v.object({
  fileName: nameString,
  fileType: nameString,
  surveyId: v.optional(v.nullable(idString)),
  allowedFileExtensions: v.optional(
    v.nullable(v.pipe(v.array(boundedString(32, 1)), v.maxLength(100, 'Must list at most 100 extensions'))),
  ),
  /** The `fileUpload` question the file answers: required, and checked, on client presigns (`clientPresignSchema`). */
  elementId: v.optional(v.nullable(idString)),
  accessType: v.optional(v.picklist(['public', 'private'], 'Must be "public" or "private"')),
  /** The reference's management clients send their environment; it must be the key's. */
  environmentId: v.optional(idString),
  workspaceId: v.optional(idString),
})

export type PresignInput = v.InferOutput<typeof presignSchema>

/** An id a client presign must name, within the bounds of every id. */
const clientId = v.pipe(v.string(), v.minLength(1, 'Must not be empty'), v.maxLength(LIMITS.id, `Must be at most ${LIMITS.id} characters`))

/** What a missing key of a client presign is told (valibot reports a missing key with its object's message). */
const MISSING: Record<string, string> = {
  '"surveyId"': 'Required: the survey whose file-upload question the file answers',
  '"elementId"': 'Required: the file-upload question (element) of the survey that the file answers',
}

/**
 * POST `/api/v1/client/{environmentId}/storage` and its v2 path: a respondent's file answers a `fileUpload`
 * element of one of the environment's surveys, which the presign names (`surveyId`, `elementId`), as the
 * reference's client route asks (docs/api.md, "Uploads and files").
 */
export const clientPresignSchema = v.object(
  { ...presignSchema.entries, surveyId: clientId, elementId: clientId },
  // valibot has written its own message on the issue by the time it asks this function.
  (issue) => MISSING[issue.expected ?? ''] ?? issue.message,
)

export type ClientPresignInput = v.InferOutput<typeof clientPresignSchema>
