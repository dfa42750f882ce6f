import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import type { CanvassContext } from '../context'
import type { MailLanguage } from '../ports/storage'
import { isMailAddress } from './mail-address'
import type { MailContent } from './mail-values'
import { MAIL_KINDS } from './mail-values'
import { renderMail } from './render-mail'

/**
 * What `queueMail` reads of the handlers' context (`CanvassContext` has it all): the storage's outbox, the mail
 * settings, the clock and the id maker.
 */
export type MailQueueContext = Pick<CanvassContext, 'storage' | 'mail' | 'now' | 'newId'>

/** What `queueMail` takes: who gets which mail about what, once per `eventKey`. */
export type QueueMailInput = MailContent & {
  /**
   * What the mail is about, unique per event (`invitation:<invitation id>`, `sign-in-link:<link id>`): queueing
   * the same key again keeps nothing more. 1 to 200 characters.
   */
  eventKey: string
  /** One plain address (`someone@example.com`), already checked by the caller. */
  to: string
  /** @default 'en' */
  language?: MailLanguage
  /** The project the mail is about, whose delivery log shows it; null for a mail of an account alone. */
  projectId: string | null
}

/**
 * Keeps a mail in the outbox for the sender (docs/mail.md). Answers `queued` whenever mail is on, whatever
 * became of it: kept, already kept under this `eventKey`, or kept as `limited` because its address has had
 * `perAddressPerHour` mails this hour (counted in the mail limiter). So a caller's answer never tells whether
 * an address exists or was limited. Answers `off` when this Canvass sends no mail (no `mail` option, or a storage
 * without `storage.mail`): the caller then shows its link as it would without mail.
 *
 * Throws a TypeError on input that is the caller's bug (an unknown kind or language, a `to` that is not one
 * address, unfit values: see `renderMail`).
 */
export async function queueMail(ctx: MailQueueContext, input: QueueMailInput): Promise<'queued' | 'off'> {
  const outbox = ctx.storage.mail
  if (ctx.mail === undefined || outbox === undefined) return 'off'
  const { eventKey, to, projectId } = input
  const language = input.language ?? 'en'
  if (!MAIL_KINDS.includes(input.kind)) throw new TypeError(`queueMail: unknown kind ${String(input.kind)}`)
  if (language !== 'en' && language !== 'de') throw new TypeError(`queueMail: language must be en or de, got ${String(language)}`)
  if (typeof eventKey !== 'string' || eventKey.length < 1 || eventKey.length > 200)
    throw new TypeError('queueMail: eventKey must be 1 to 200 characters')
  if (!isMailAddress(to)) throw new TypeError('queueMail: to must be one plain mail address')
  if (projectId !== null && (typeof projectId !== 'string' || projectId === ''))
    throw new TypeError('queueMail: projectId must be a project id or null')
  const rendered = renderMail(input, language)
  const now = ctx.now()
  const [count] = await ctx.mail.limiter.hit([{ key: mailAddressKey(to), windowMs: 3_600_000 }], now)
  const limited = (count?.count ?? 0) > ctx.mail.perAddressPerHour
  await outbox.enqueue({
    id: ctx.newId(),
    eventKey,
    projectId,
    to,
    kind: input.kind,
    language,
    subject: rendered.subject,
    status: limited ? 'limited' : 'queued',
    text: limited ? null : rendered.text,
    html: limited ? null : rendered.html,
    createdAt: now,
  })
  return 'queued'
}

/** The limiter's key of an address: a digest, so that no limiter keeps addresses. Case does not count. */
export function mailAddressKey(to: string): string {
  return `mail-to:${bytesToHex(sha256(utf8ToBytes(to.toLowerCase()))).slice(0, 32)}`
}
