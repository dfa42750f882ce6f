import type { PageQuery } from './common'
import type { ClaimedMail, MailOutcome, MailRecord, NewMail } from './mail-records'

export type * from './mail-records'

/**
 * The mail outbox (`storage.mail`, optional: without it no mail is queued, `queueMail` answers `off`, the sender
 * does not start and the delivery log answers 501): every mail Canvass means to send, kept until it is sent or given
 * up, then its bodies cleared, and its row deleted after a month (docs/mail.md). Core renders the mails, runs
 * the sender (`mail/mail-sender.ts`) and decides every retry; the adapter keeps rows and claims them.
 *
 * Rules every implementation MUST follow:
 * - `enqueue` keeps at most one mail per `eventKey`, whatever runs at the same time: a second mail with a key
 *   already kept changes nothing and answers `duplicate`.
 * - Two concurrent `claim` calls, in one process or many, never return the same mail; a claimed mail is
 *   claimable again only once its lease has passed (its claimer is presumed dead).
 * - `record` only applies while the claim it names is the mail's latest: a claimer whose lease ran out must
 *   not overwrite what a later claimer did.
 * - A mail that is `sent` or `failed` keeps no bodies: `record` clears them (null) in the statement that ends it.
 *   The bodies hold one-time links.
 */
export interface MailStore {
  /** Keeps a mail (`queued`, due at once, or `limited`) unless its `eventKey` is kept already. One statement. */
  enqueue(mail: NewMail): Promise<'queued' | 'duplicate'>
  /**
   * Claims up to `limit` queued mails due at `now`, oldest due first, each for `leaseMs`: their next attempt
   * moves to `now + leaseMs` and they carry `claimToken`. One statement (`for update skip locked` on Postgres).
   */
  claim(query: { now: Date; limit: number; leaseMs: number; claimToken: string }): Promise<ClaimedMail[]>
  /**
   * Records what became of a claimed mail: `sent` (its `sentAt`), `retry` (queued again, due at `at`) or `failed`,
   * its attempts counted up when `attempted`, its last error kept. One statement; nothing when the claim no
   * longer holds.
   */
  record(outcome: MailOutcome): Promise<void>
  /**
   * The mails of a project, newest first (the storage lists' order, `limit + 1` rows), without bodies. Only that
   * project's: never a mail of another project, nor one of no project.
   */
  list(projectId: string, page: PageQuery): Promise<MailRecord[]>
  /** When the next queued mail is due (claimed ones included), or null when none is queued. */
  nextDue(): Promise<Date | null>
  /**
   * Deletes up to `limit` mails that ended (`sent`, `failed`, `limited`) and were created before `before`; returns
   * how many went. Queued ones stay. One statement.
   */
  purgeEnded(query: { before: Date; limit: number }): Promise<number>
  /**
   * Calls `listener` after this storage kept a queued mail, so that a sender in the same process wakes at
   * once. Returns the function that removes the listener.
   */
  onQueued(listener: () => void): () => void
}
