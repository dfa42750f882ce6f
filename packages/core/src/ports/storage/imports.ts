/**
 * What an import from another instance (`canvass import formbricks`) keeps besides the resources it writes
 * through the other stores: which source id became which target id (its progress, so a second run finds
 * everything "already there" and a killed run resumes), and the rows no other store creates with a given id.
 */
export interface ImportStore {
  /**
   * Which of `ids` are ids of `kind` rows: of this environment (`here`) or of another one (`elsewhere`: the id
   * cannot be kept).
   */
  existing(environmentId: string, kind: ImportedKind, ids: string[]): Promise<{ here: Set<string>; elsewhere: Set<string> }>
  /** The target ids recorded for `sourceIds` of `resource` from `source` into the environment. */
  mappings(environmentId: string, source: string, resource: string, sourceIds: string[]): Promise<Map<string, string>>
  /**
   * Which of `sourceIds` of `resource` from `source` are recorded as erased here: their row went with a contact's
   * erasure (`ContactStore.erase` marks the mapping rows of the contact, its responses and displays), and an
   * import skips them rather than writing them back. See docs/migrating.md.
   */
  erasedMappings(environmentId: string, source: string, resource: string, sourceIds: string[]): Promise<Set<string>>
  /**
   * Records source id → target id pairs; a source id already recorded keeps its target id (an import running
   * at the same time may have recorded it first). Answers the target ids as recorded, for every pair's source id.
   */
  recordMappings(
    environmentId: string,
    source: string,
    resource: string,
    pairs: Array<{ sourceId: string; targetId: string }>,
  ): Promise<Map<string, string>>
  /** Which of `userIds` a contact of the environment has (an import's dry run tells what `insertContacts` would skip). */
  takenUserIds(environmentId: string, userIds: string[]): Promise<Set<string>>
  /**
   * Inserts contacts with their ids, `userId`, times and attribute values (by attribute key id of the
   * environment), in one transaction; a contact whose id exists is left as it is. Returns the ids inserted.
   */
  insertContacts(environmentId: string, contacts: ImportedContact[]): Promise<string[]>
  /** Inserts displays of the environment's surveys with their ids and times, in one transaction; existing ids are skipped. */
  insertDisplays(environmentId: string, displays: ImportedDisplay[]): Promise<void>
  /**
   * Adds notes and tags (by name, created in the environment when absent) to responses of the environment,
   * in one transaction; a note whose id exists is skipped, a tag a response has already is kept once.
   */
  insertNotesAndTags(environmentId: string, items: ImportedResponseExtras[]): Promise<void>
}

/** What an import writes with the source's ids when it can. */
export type ImportedKind =
  | 'actionClasses'
  | 'contactAttributeKeys'
  | 'contacts'
  | 'segments'
  | 'surveys'
  | 'responses'
  | 'webhooks'
  | 'displays'

export interface ImportedContact {
  id: string
  userId: string | null
  createdAt: Date
  updatedAt: Date
  /** Attribute key id → value. */
  attributes: Record<string, string>
}

export interface ImportedDisplay {
  id: string
  surveyId: string
  contactId: string | null
  createdAt: Date
}

export interface ImportedResponseExtras {
  responseId: string
  notes: Array<{
    id: string
    text: string
    userId: string | null
    userName: string | null
    isResolved: boolean
    isEdited: boolean
    createdAt: Date
    updatedAt: Date
  }>
  tags: string[]
}
