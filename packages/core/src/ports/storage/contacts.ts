import type { PageQuery } from './common'
import type { PersonRecord } from './response-records'

/** Contacts, also called people: two views of one table (docs/design.md, "Data and ids"). */
export interface ContactStore {
  /** The environment's contacts with their attributes. */
  /** A page of the environment's contacts, of `filter`, ordered by `sortBy` then `id` (`after` in that order). */
  list(
    environmentId: string,
    page: PageQuery & ContactFilter & { sortBy?: 'createdAt' | 'updatedAt'; order?: 'asc' | 'desc' },
  ): Promise<PersonRecord[]>
  /** The contact of that environment with its attributes, or null (also for another environment's id). */
  get(environmentId: string, id: string): Promise<PersonRecord | null>
  /**
   * Deletes the contact of that environment with its attribute values; its responses and displays stay,
   * unlinked. Returns false when there was no such contact.
   */
  delete(environmentId: string, id: string): Promise<boolean>
  /**
   * Erases the contact of that environment and every copy of its data, in one transaction that locks the
   * contact first: its responses (by `contactId`, and those its displays name) with their notes, tag links and
   * quota links; its displays; its attribute values; the contact. The files its responses' `fileUpload`
   * answers name get a row each in the blob-deletion journal (`storage.blobDeletions`) and lose their record.
   * Webhook events and deliveries (any status) of those responses are deleted; stored idempotent answers of the
   * environment that name the contact, one of its responses or displays become a fixed 410 `gone` error (so a
   * retry of that key neither sees the data nor creates it again); tags attached to an erased response and to
   * no other one are deleted. Import mapping rows (`ImportStore`) of the contact, its responses and displays
   * are marked erased, so that an import run again skips them. A response create or update racing with the erasure either lands before it (and
   * is erased) or after it (and finds no contact, or no response). Returns what was removed, or null when there
   * is no such contact.
   */
  erase(environmentId: string, id: string): Promise<ErasureReport | null>
}

export interface ContactAttributeRecord {
  id: string
  contactId: string
  attributeKeyId: string
  /** The attribute key's `key`. */
  key: string
  value: string
  createdAt: Date
  updatedAt: Date
}

/** Which contacts a list or count takes. */
export interface ContactFilter {
  userId?: string
  /** @default 'createdAt' */
  dateField?: 'createdAt' | 'updatedAt'
  startDate?: Date
  endDate?: Date
}

/** What `ContactStore.erase` removed. */
export interface ErasureReport {
  contactId: string
  responses: number
  displays: number
  attributes: number
  /** Uploaded files recorded for deletion from the blob store (the blob janitor removes them). */
  files: number
  /** Webhook deliveries deleted, and webhook events not yet turned into deliveries. */
  webhookDeliveries: number
  /** Stored idempotent answers turned into 410 tombstones. */
  idempotencyReplays: number
  /** Tags deleted because no other response had them. */
  tags: number
  /** The surveys the erased responses and displays belonged to (caches of their results are stale). */
  surveyIds: string[]
}

/**
 * What a stored idempotent answer that named erased data becomes (`ContactStore.erase`): a retry of that key
 * gets 410 `gone` with this body, neither the data nor a second create.
 */
export const ERASED_REPLAY = {
  status: 410,
  contentType: 'application/json',
  body: JSON.stringify({ code: 'gone', message: 'The data this request created or returned was erased', details: {} }),
} as const
