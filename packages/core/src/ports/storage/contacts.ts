import type { PageQuery } from './common'
import type { PersonRecord } from './responses'

/** Contacts, also called people: two views of one table (contract §1). */
export interface ContactStore {
  /** The environment's contacts with their attributes. */
  list(environmentId: string, page: PageQuery): Promise<PersonRecord[]>
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
