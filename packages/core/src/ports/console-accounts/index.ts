/**
 * The console's own people (docs/console-accounts.md): accounts of the standalone server, their sign-in
 * sessions and one-time links. Core decides every rule (roles, password hashing, token making, lifetimes);
 * the store keeps rows and guards what only the database can guard atomically: an email once per project, a
 * link used once, and a project that always keeps an owner once it has one.
 *
 * Rules every implementation MUST follow:
 * - Emails are stored as given (core lowercases them) and MUST be unique within a project; people of different
 *   projects may share one, and nothing a store answers about one project may depend on another's people.
 * - Sessions and links are found by `hash` (SHA-256 hex of the token core handed out); the token itself is
 *   never given to the store.
 * - `consumeLink` MUST mark a link used in one atomic step: of concurrent calls for one link, exactly one
 *   gets it.
 * - `setRole` and `deletePerson` MUST refuse (`last_owner`) to leave a project that has an owner without one,
 *   atomically: concurrent demotions or removals of a project's last two owners leave one of them an owner.
 * - Removing a person or a project removes their sessions and links.
 */
export interface ConsoleAccountStore {
  /** Adds a person; `email_taken` when a person of the same project has that email (of concurrent inserts, one is created). */
  insertPerson(person: ConsolePersonRecord): Promise<'created' | 'email_taken'>
  /** The person with this id, or null. */
  getPerson(id: string): Promise<ConsolePersonRecord | null>
  /** The people with this (lowercased) email, at most one per project, oldest first (`createdAt`, then `id`). */
  findPeopleByEmail(email: string): Promise<ConsolePersonRecord[]>
  /** The people of a project, newest first. */
  listPeople(projectId: string): Promise<ConsolePersonRecord[]>
  /** How many people there are, in the project or (without one) in all projects. */
  countPeople(projectId?: string): Promise<number>
  /**
   * Sets a person's role, unless that would leave the project without an owner (`last_owner`, nothing
   * changed). `not_found` when the project has no such person.
   */
  setRole(projectId: string, personId: string, role: ConsoleRole, now: Date): Promise<'updated' | 'not_found' | 'last_owner'>
  /**
   * Sets (or clears, with null) a person's password hash; false when there is no such person. With `expected`
   * (a hash, or null for none), only while the stored hash is still that one, in one atomic step: false, nothing
   * changed, when it is not.
   */
  setPasswordHash(personId: string, passwordHash: string | null, now: Date, expected?: string | null): Promise<boolean>
  /**
   * Removes a person with their sessions and links, unless they are the project's last owner (`last_owner`,
   * nothing changed). `not_found` when the project has no such person.
   */
  deletePerson(projectId: string, personId: string): Promise<'deleted' | 'not_found' | 'last_owner'>

  /** Adds a session; also removes the sessions that expired before `session.createdAt` (bounded growth). */
  insertSession(session: ConsoleSessionRecord): Promise<void>
  /** The live session with this hash (its `expiresAt` after `now`) and its person, or null. */
  findSession(hash: string, now: Date): Promise<{ session: ConsoleSessionRecord; person: ConsolePersonRecord } | null>
  /** Ends a session (sign-out); nothing when there is none. */
  deleteSession(hash: string): Promise<void>

  /** Adds a one-time link; also removes the links that expired before `link.createdAt` (bounded growth). */
  insertLink(link: ConsoleLinkRecord): Promise<void>
  /** The link with this hash while it can be used (unused, `expiresAt` after `now`), or null. Changes nothing. */
  findLink(hash: string, now: Date): Promise<ConsoleLinkRecord | null>
  /**
   * Uses a person's link (one with a `personId`) once: marks it used at `now` and returns it, or null when it
   * is unknown, used, expired or a first-owner link. Atomic: of concurrent calls exactly one gets the link.
   */
  consumeLink(hash: string, now: Date): Promise<ConsoleLinkRecord | null>
  /**
   * Uses a first-owner link (`personId` null) and adds `owner` (an owner of the link's project), in one
   * transaction: `link_not_valid` when the link is unknown, used, expired or a person's link, or when the project
   * already has an owner (checked under a lock of the project, so that two such links used at once make one owner); `email_taken`
   * (the link stays usable) when the email belongs to a person of the link's project.
   */
  consumeFirstOwnerLink(
    hash: string,
    now: Date,
    owner: Omit<ConsolePersonRecord, 'projectId' | 'role'>,
  ): Promise<{ outcome: 'created'; person: ConsolePersonRecord } | { outcome: 'link_not_valid' | 'email_taken' }>
}

/** What a person may do in the console: read results, change surveys too, or everything (keys and people included). */
export type ConsoleRole = 'viewer' | 'editor' | 'owner'

export interface ConsolePersonRecord {
  id: string
  projectId: string
  /** Lowercased; unique within the project. */
  email: string
  role: ConsoleRole
  /** `scrypt$…` as core made it (never the password), or null: the person signs in by one-time links only. */
  passwordHash: string | null
  createdAt: Date
  updatedAt: Date
}

export interface ConsoleSessionRecord {
  /** SHA-256 of the session token, lowercase hex. */
  hash: string
  personId: string
  createdAt: Date
  expiresAt: Date
}

export interface ConsoleLinkRecord {
  /** SHA-256 of the link's token, lowercase hex. */
  hash: string
  projectId: string
  /** The person the link signs in, or null for a first-owner link (which asks for an email). */
  personId: string | null
  createdAt: Date
  expiresAt: Date
  usedAt: Date | null
}
