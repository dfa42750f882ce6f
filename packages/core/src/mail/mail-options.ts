import type { MailTransport } from '../ports/mail-transport'
import type { RateLimiter } from '../ports/rate-limiter'
import type { Storage } from '../ports/storage'
import { createMemoryRateLimiter } from '../rate-limit/create-memory-rate-limiter'
import { parseMailFrom } from './mail-address'

/** `createCanvass({ mail })`: how Canvass sends mail (docs/mail.md). */
export interface MailOptions {
  /** Sends each attempt: `createSmtpMailTransport({ url })` from `@canvass/host-node`. */
  transport: MailTransport
  /** The sender of every mail: `canvass@example.com` or `Canvass <canvass@example.com>`. */
  from: string
  /**
   * Mails one address may get in an hour (a fixed window); past it a mail is kept as `limited` and not sent.
   * @default 5
   */
  perAddressPerHour?: number
  /**
   * Where those mails are counted. Several instances share one (`createPostgresRateLimiter` of
   * `@canvass/storage-kysely`), else each counts its own.
   * @default `rateLimits.limiter`, else this process's memory
   */
  limiter?: RateLimiter
}

/** `MailOptions` checked, with their defaults. */
export interface MailSettings {
  transport: MailTransport
  from: string
  /** The right part of every `Message-ID`: the sender's domain. */
  messageIdDomain: string
  perAddressPerHour: number
  limiter: RateLimiter
}

/** What `createCanvass` says when `mail` is given to a storage that keeps no mail. */
export const MAIL_STORAGE_MISSING = 'mail needs storage.mail, the mail outbox, which this storage lacks (createKyselyStorage has it)'

/** `mail` checked (a TypeError names what is wrong), or undefined when not given. */
export function mailSettings(
  mail: MailOptions | undefined,
  storage: Storage,
  fallbackLimiter: RateLimiter | undefined,
): MailSettings | undefined {
  if (mail === undefined) return undefined
  if (typeof mail !== 'object' || mail === null) throw new TypeError('mail must be an object: { transport, from }')
  if (typeof mail.transport?.send !== 'function') {
    throw new TypeError(
      'mail.transport must be a mail transport (an object with send), e.g. createSmtpMailTransport({ url }) from @canvass/host-node',
    )
  }
  const { domain } = parseMailFrom(mail.from)
  const perAddressPerHour = mail.perAddressPerHour ?? 5
  if (!Number.isInteger(perAddressPerHour) || perAddressPerHour < 1) {
    throw new TypeError(`mail.perAddressPerHour must be a whole number from 1, got ${perAddressPerHour}`)
  }
  if (mail.limiter !== undefined && typeof mail.limiter?.hit !== 'function')
    throw new TypeError('mail.limiter must be a rate limiter (an object with hit)')
  if (storage.mail === undefined) throw new TypeError(MAIL_STORAGE_MISSING)
  return {
    transport: mail.transport,
    from: mail.from.trim(),
    messageIdDomain: domain,
    perAddressPerHour,
    limiter: mail.limiter ?? fallbackLimiter ?? createMemoryRateLimiter(),
  }
}
