import { createId as cuid } from '@paralleldrive/cuid2'

/** A new resource id (cuid2). */
export const createId = (): string => cuid()
