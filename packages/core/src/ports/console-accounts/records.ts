/** What a person may do in a project's console: read results, change surveys too, or everything (keys and people included). */
export type ConsoleRole = 'viewer' | 'editor' | 'owner'

/** An account: one per person of the instance, whatever projects they belong to. */
export interface ConsoleAccountRecord {
  id: string
  /** Lowercased; unique over all accounts. */
  email: string
  /** `scrypt$…` as core made it (never the password), or null: the account signs in by one-time links only. */
  passwordHash: string | null
  createdAt: Date
  updatedAt: Date
}

/**
 * A person of a project: an account's membership there (its own id, role and dates) with the account's email
 * and password hash. An account has at most one membership per project.
 */
export interface ConsolePersonRecord {
  /** The membership's id: this account in this project. */
  id: string
  projectId: string
  accountId: string
  email: string
  role: ConsoleRole
  passwordHash: string | null
  createdAt: Date
  updatedAt: Date
}

/**
 * A membership to add (`ConsoleAccountStore.addPerson`), with the account to create when no account has its
 * email yet.
 */
export interface NewConsolePerson {
  id: string
  projectId: string
  role: ConsoleRole
  createdAt: Date
  account: ConsoleAccountRecord
}

/** How a session was signed in: a password, a one-time link, or single sign-on by the provider of that id. */
export type ConsoleSignInMethod = 'password' | 'link' | `sso:${string}`

export interface ConsoleSessionRecord {
  /** SHA-256 of the session token, lowercase hex: never shown. */
  hash: string
  /** The session's public id (random, not derived from the token), by which owners and the person end it. */
  id: string
  accountId: string
  createdAt: Date
  /** The absolute end: the session is over at this time, however much it is used. */
  expiresAt: Date
  /** When a request last used it (written at most about once a minute); the idle timeout counts from it. */
  lastSeenAt: Date
  /** The browser's `User-Agent` at sign-in, at most 200 characters, or null. */
  userAgent: string | null
  /** The client address at sign-in (as the rate limits read it), or null when unknown. */
  address: string | null
  /** How it was signed in; null for a session started before this was kept. */
  method: ConsoleSignInMethod | null
}

export interface ConsoleLinkRecord {
  /** SHA-256 of the link's token, lowercase hex. */
  hash: string
  /** The project of a first-owner link; null for an account's link. */
  projectId: string | null
  /** The account the link signs in, or null for a first-owner link (which asks for an email). */
  accountId: string | null
  createdAt: Date
  expiresAt: Date
  usedAt: Date | null
  /**
   * Sent by mail to the account's own address (not shown to an owner or the operator): whoever holds it reads
   * that address, so it may set a new password without the current one (docs/mail.md, "Links in mails").
   */
  mailed: boolean
}
