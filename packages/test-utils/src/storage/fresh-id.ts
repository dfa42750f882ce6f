import { createId } from '@canvass/core'

/** A new id of the kind core assigns, so seeded rows look like real ones. */
export const freshId = (): string => createId()
