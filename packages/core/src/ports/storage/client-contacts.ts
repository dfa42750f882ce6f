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
   *
   * The write MUST stay within `limits`, else nothing is written (not the contact either) and the result
   * names the bound it would cross. Bounds MUST hold under concurrency: concurrent calls that each fit but
   * together cross a bound cannot all succeed (e.g. the contact row locked for the per-contact bounds, the
   * environment's row for the key bound). A contact already past a per-contact bound may still be written as
   * long as the write does not add to what is past it.
   */
  setAttributes(
    input: ContactIdentity,
    attributes: Record<string, string>,
    limits: ContactAttributeLimits,
  ): Promise<ContactAttributesResult | ContactLimitExceeded | null>
}

/**
 * Bounds on what client routes, which take no key, can make a contact and an environment grow (docs/design.md, "Limits and input").
 * The values are `CanvassOptions.contactLimits`.
 */
export interface ContactAttributeLimits {
  /**
   * Attributes one contact holds (its `userId` is not one).
   * @default 100
   */
  maxAttributesPerContact: number
  /**
   * UTF-8 bytes of one contact's attribute values together.
   * @default 65536
   */
  maxAttributeBytesPerContact: number
  /**
   * Attribute keys client routes may create in one environment. Keys made by the system or through the
   * management API do not count, and every existing key stays settable.
   * @default 150
   */
  maxClientAttributeKeys: number
}

/** `setAttributes` refused: the write would cross the bound `exceeded` names. Nothing was written. */
export interface ContactLimitExceeded {
  exceeded: keyof ContactAttributeLimits
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
