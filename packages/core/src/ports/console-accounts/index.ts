import type {
  ConsoleAccountRecord,
  ConsoleLinkRecord,
  ConsolePersonRecord,
  ConsoleRole,
  ConsoleSessionRecord,
  NewConsolePerson,
} from './records'

export type * from './records'

/**
 * The console's own people (docs/console-accounts.md): accounts (an email and a password, one per person of
 * the instance), each account's memberships (a role in a project), sign-in sessions and one-time links. Core
 * decides every rule (roles, password hashing, token making, lifetimes); the store keeps rows and guards what
 * only the database can guard atomically.
 *
 * Rules every implementation MUST follow:
 * - Emails are stored as given (core lowercases them) and MUST be unique over accounts; an account MUST have
 *   at most one membership per project. Nothing a store answers about one project may depend on another's people.
 * - Adding a person is one transaction: the account is created when no account has the email, else the
 *   existing one is used; of concurrent adds of one email, one account is made.
 * - `setRole` and `deletePerson` MUST refuse (`last_owner`) to leave a project that has an owner without one,
 *   atomically: concurrent demotions or removals of a project's last two owners leave one of them an owner.
 * - Removing a membership ends nothing else, except when it was the account's last one: then the account goes,
 *   with its sessions and links, in the same transaction (no account is kept for nobody). Removing a project
 *   removes its memberships.
 * - Sessions and links are found by `hash` (SHA-256 hex of the token core handed out); the token itself is
 *   never given to the store. `consumeLink` MUST mark a link used in one atomic step: of concurrent calls for
 *   one link, exactly one gets it.
 */
export interface ConsoleAccountStore {
  /**
   * Adds an account's membership of a project, and the account (`person.account`) when no account has its
   * email, in one transaction. `already_member` when the email's account is a person of the project already;
   * `account_exists` when `person.account` has a password hash and the email has an account already (a
   * password is set only on an account made here). Nothing is written unless `created`.
   */
  addPerson(
    person: NewConsolePerson,
  ): Promise<
    { outcome: 'created'; person: ConsolePersonRecord; accountCreated: boolean } | { outcome: 'already_member' | 'account_exists' }
  >
  /** The person (membership) with this id, or null. */
  getPerson(id: string): Promise<ConsolePersonRecord | null>
  /** The account with this id, or null. */
  getAccount(id: string): Promise<ConsoleAccountRecord | null>
  /** The account with this (lowercased) email, or null. */
  findAccountByEmail(email: string): Promise<ConsoleAccountRecord | null>
  /** An account's memberships, oldest first (`createdAt`, then `id`). */
  listMemberships(accountId: string): Promise<ConsolePersonRecord[]>
  /** The people of a project, newest first. */
  listPeople(projectId: string): Promise<ConsolePersonRecord[]>
  /** How many memberships there are, in the project or (without one) in all projects. */
  countPeople(projectId?: string): Promise<number>
  /**
   * Sets a person's role, unless that would leave the project without an owner (`last_owner`, nothing
   * changed). `not_found` when the project has no such person.
   */
  setRole(projectId: string, personId: string, role: ConsoleRole, now: Date): Promise<'updated' | 'not_found' | 'last_owner'>
  /**
   * Sets (or clears, with null) an account's password hash; false when there is no such account. With `expected`
   * (a hash, or null for none), only while the stored hash is still that one, in one atomic step: false, nothing
   * changed, when it is not.
   */
  setPasswordHash(accountId: string, passwordHash: string | null, now: Date, expected?: string | null): Promise<boolean>
  /**
   * Removes a membership, unless it is the project's last owner (`last_owner`, nothing changed); when it was
   * the account's last, the account too, with its sessions and links. `not_found` when the project has no such person.
   */
  deletePerson(projectId: string, personId: string): Promise<'deleted' | 'not_found' | 'last_owner'>

  /** Adds a session; also removes the sessions that expired before `session.createdAt` (bounded growth). */
  insertSession(session: ConsoleSessionRecord): Promise<void>
  /** The live session with this hash (its `expiresAt` after `now`) and its account, or null. */
  findSession(hash: string, now: Date): Promise<{ session: ConsoleSessionRecord; account: ConsoleAccountRecord } | null>
  /** Ends a session (sign-out); nothing when there is none. */
  deleteSession(hash: string): Promise<void>
  /**
   * Writes `now` as a session's `lastSeenAt`, only while the stored one is at or before `seenBefore`, in one
   * conditional statement (no read first): of many requests within a minute one writes, and a session ended
   * meanwhile stays ended. True when it wrote.
   */
  touchSession(hash: string, now: Date, seenBefore: Date): Promise<boolean>
  /**
   * An account's live sessions: `expiresAt` after `now` and `lastSeenAt` after `seenAfter` (the idle cut-off),
   * most recently seen first, at most `limit`.
   */
  listSessions(accountId: string, now: Date, seenAfter: Date, limit: number): Promise<ConsoleSessionRecord[]>
  /** Ends the account's session with this public id; false when the account has no such session. */
  deleteSessionById(accountId: string, id: string): Promise<boolean>
  /** Ends every session of the account but the one of `exceptHash` (when given), in one statement; how many it ended. */
  deleteAccountSessions(accountId: string, exceptHash?: string): Promise<number>

  /** Adds a one-time link; also removes the links that expired before `link.createdAt` (bounded growth). */
  insertLink(link: ConsoleLinkRecord): Promise<void>
  /** The link with this hash while it can be used (unused, `expiresAt` after `now`), or null. Changes nothing. */
  findLink(hash: string, now: Date): Promise<ConsoleLinkRecord | null>
  /**
   * Uses an account's link (one with an `accountId`) once: marks it used at `now` and returns it, or null when
   * it is unknown, used, expired or a first-owner link. Atomic: of concurrent calls exactly one gets the link.
   */
  consumeLink(hash: string, now: Date): Promise<ConsoleLinkRecord | null>
  /**
   * Uses a first-owner link (`accountId` null) and adds `owner` as an owner of the link's project with a new
   * account, in one transaction: `link_not_valid` when the link is unknown, used, expired or an account's
   * link, or when the project already has an owner (checked under a lock of the project, so that two such links
   * used at once make one owner); `email_taken` (the link stays usable) when an account has the email.
   */
  consumeFirstOwnerLink(
    hash: string,
    now: Date,
    owner: Pick<NewConsolePerson, 'id' | 'account'>,
  ): Promise<{ outcome: 'created'; person: ConsolePersonRecord } | { outcome: 'link_not_valid' | 'email_taken' }>
}
