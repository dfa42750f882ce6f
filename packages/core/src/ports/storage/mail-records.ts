/** What the mail outbox (`storage.mail`, `mail.ts`) keeps and hands out. */

/** What a mail is about: the template it was rendered from. */
export type MailKind = 'invitation' | 'sign-in-link' | 'password-reset' | 'role-changed'

/** The languages mails are written in. */
export type MailLanguage = 'en' | 'de'

/**
 * Where a mail stands: `queued` (waiting for its first or next attempt, or being sent), `sent` (a server took
 * it), `failed` (given up: refused for good, or not taken within a day), `limited` (never sent: its address had
 * had its share of mails in the hour).
 */
export type MailStatus = 'queued' | 'sent' | 'failed' | 'limited'

/** A mail to keep, rendered (`MailStore.enqueue`). */
export interface NewMail {
  id: string
  /** One mail per event: a second mail with the same key is not kept. At most 200 characters. */
  eventKey: string
  /** The project it is about, or null for a mail of an account alone. */
  projectId: string | null
  to: string
  kind: MailKind
  language: MailLanguage
  subject: string
  /** `queued` (due at `createdAt`) or `limited` (kept without bodies, never sent). */
  status: 'queued' | 'limited'
  /** The bodies; null for a `limited` mail. */
  text: string | null
  html: string | null
  createdAt: Date
}

/** A mail as the delivery log shows it: never its bodies. */
export interface MailRecord {
  id: string
  projectId: string | null
  to: string
  kind: MailKind
  language: MailLanguage
  subject: string
  status: MailStatus
  /** Attempts made. */
  attempts: number
  /** The reason of the last failed attempt, or null. */
  lastError: string | null
  createdAt: Date
  sentAt: Date | null
}

/** A mail a claim took, with its bodies, to be sent now. */
export interface ClaimedMail {
  id: string
  to: string
  subject: string
  text: string
  html: string
  attempts: number
  createdAt: Date
}

/** What became of a claimed mail (`MailStore.record`). */
export interface MailOutcome {
  id: string
  /** The claim's token: the outcome applies only while that claim is the mail's latest. */
  claimToken: string
  now: Date
  /** Whether a server was tried: false for a mail handed back unsent (shutdown), which counts no attempt. */
  attempted: boolean
  next: { status: 'sent' } | { status: 'retry'; at: Date; error: string | null } | { status: 'failed'; error: string }
}
