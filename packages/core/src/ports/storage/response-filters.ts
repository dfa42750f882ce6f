import type { PageQuery } from './common'
import type { ResponseCondition } from './response-conditions'

/** A field responses are sorted and filtered by. */
export type ResponseDateField = 'createdAt' | 'updatedAt'

/** Which responses of an environment a list or count takes; every field narrows it. */
export interface ResponseFilter {
  surveyId?: string
  /** The contact linked to the response. */
  contactId?: string
  /** The `userId` of the contact linked to the response. */
  userId?: string
  finished?: boolean
  /** The field `startDate` and `endDate` bound. @default 'createdAt' */
  dateField?: ResponseDateField
  /** Only responses whose `dateField` is at or after this. */
  startDate?: Date
  /** Only responses whose `dateField` is at or before this. */
  endDate?: Date
  /** `startDate` excludes its own instant (strictly after). @default false */
  startExclusive?: boolean
  /** `endDate` excludes its own instant (strictly before). @default false */
  endExclusive?: boolean
  /** Only responses with one of these ids (callers bound the list: at most a few hundred). */
  ids?: readonly string[]
  /** Only responses in one of these languages, each as `language` takes it (`default` included). */
  languages?: readonly string[]
  /**
   * Only responses in this language: its code as the response stores it. `default` also takes the responses
   * that store no language (they were answered in the survey's default language).
   */
  language?: string
  /** Conditions on what the response holds, all of which hold (at most a few dozen, each bounded by core). */
  where?: ResponseCondition[]
}

/**
 * A page of responses: `filter`'s responses ordered by `sortBy` then `id`, both `order`. `after` is a keyset
 * position in that order: its `createdAt` holds the value of the `sortBy` field (the name is `PageQuery`'s).
 */
export interface ResponseListQuery extends PageQuery, ResponseFilter {
  /** @default 'createdAt' */
  sortBy?: ResponseDateField
  /** @default 'desc' */
  order?: 'asc' | 'desc'
}
