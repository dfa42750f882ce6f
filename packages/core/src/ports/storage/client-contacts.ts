/**
 * Contacts as the client SDKs see them: found (or created) by `userId` in an environment, with the
 * attributes, displays and responses their widget state needs.
 */
export interface ClientContactStore {
  /**
   * The contact with `userId` in the environment, created if absent (race-free: concurrent calls end with
   * one contact). `null` when the environment does not exist.
   */
  identify(input: ContactIdentity): Promise<ClientContactState | null>
  /**
   * Finds or creates the contact as `identify` does, then sets the given attribute values in one
   * transaction. Keys the environment lacks are created as `custom` (concurrent creators of one key end
   * with one key). A value of a unique key (`isUnique`) that another contact of the environment already
   * holds is skipped and named in `skipped`. `null` when the environment does not exist.
   */
  setAttributes(input: ContactIdentity, attributes: Record<string, string>): Promise<ContactAttributesResult | null>
}

export interface ContactIdentity {
  environmentId: string
  userId: string
  now: Date
  /** Generates ids for a new contact, new keys and new values. */
  newId: () => string
}

export interface ClientContactState {
  contactId: string
  userId: string
  attributes: Record<string, string>
  /** The contact's displays, newest first. */
  displays: { surveyId: string; createdAt: Date }[]
  /** Survey ids of the contact's responses. */
  responseSurveyIds: string[]
}

export interface ContactAttributesResult {
  state: ClientContactState
  /** True when any stored value changed. */
  changed: boolean
  /** Keys whose value was not stored because another contact holds it for a unique key. */
  skipped: string[]
}
