import type { PageQuery } from './common'
import type { PersonRecord } from './responses'

/** Contacts, also called people: two views of one table (contract §1). */
export interface ContactStore {
  /** The environment's contacts with their attributes. */
  /** A page of the environment's contacts, of `filter`, ordered by `sortBy` then `id` (`after` in that order). */
  list(
    environmentId: string,
    page: PageQuery & ContactFilter & { sortBy?: 'createdAt' | 'updatedAt'; order?: 'asc' | 'desc' },
  ): Promise<PersonRecord[]>
  /** How many contacts of the environment `filter` takes, exactly. */
  count(environmentId: string, filter: ContactFilter): Promise<number>
  /** The contact of that environment with its attributes, or null (also for another environment's id). */
  get(environmentId: string, id: string): Promise<PersonRecord | null>
  /**
   * Deletes the contact of that environment with its attribute values; its responses and displays stay,
   * unlinked. Returns false when there was no such contact.
   */
  delete(environmentId: string, id: string): Promise<boolean>
  /** The attribute values of the environment's contacts, each with its key. */
  listAttributes(environmentId: string, page: PageQuery): Promise<ContactAttributeRecord[]>
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
