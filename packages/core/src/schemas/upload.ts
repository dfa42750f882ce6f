import * as v from 'valibot'
import { boundedString, idString, nameString } from './common'

/** POST `…/storage` (docs/design.md, "Uploads"): what a presign asks for. Unknown keys are dropped. */
export const presignSchema = v.object({
  fileName: nameString,
  fileType: nameString,
  surveyId: v.optional(v.nullable(idString)),
  allowedFileExtensions: v.optional(
    v.nullable(v.pipe(v.array(boundedString(32, 1)), v.maxLength(100, 'Must list at most 100 extensions'))),
  ),
  /** The reference's renderer names the `fileUpload` question the file answers (checked on client presigns). */
  elementId: v.optional(v.nullable(idString)),
  accessType: v.optional(v.picklist(['public', 'private'], 'Must be "public" or "private"')),
  /** The reference's management clients send their environment; it must be the key's. */
  environmentId: v.optional(idString),
  workspaceId: v.optional(idString),
})

export type PresignInput = v.InferOutput<typeof presignSchema>
