/**
 * The mail transport port: one attempt to hand one message to a mail server, and what came of it. It knows
 * nothing of queues, retries or templates: core renders the message, keeps it in the mail outbox
 * (`storage.mail`) and decides from the result whether it is sent, tried again or given up (docs/mail.md).
 * Implementations: `createSmtpMailTransport` in `@canvass/host-node` (SMTP through nodemailer).
 *
 * Rules every implementation MUST follow:
 * - `send` MUST NOT throw or reject for anything the server, the network or the message cause: every failure
 *   is a `failed` result. (A bug in the transport itself may still reject.)
 * - It sends the message once, to `to` only, with `from`, `subject`, both bodies (`multipart/alternative`),
 *   `Message-ID: messageId` and every header of `headers` unchanged. It MUST NOT send it a second time itself.
 * - `temporary` is for what may pass later: a 4xx reply, a connection refused, lost or timed out, a name that
 *   did not resolve. `permanent` is for what will not: a 5xx reply (an address refused, a message rejected,
 *   credentials refused). Core tries a temporary failure again and gives a permanent one up.
 * - `reason` is short (at most 200 characters), for the operator and the delivery log: the server's code and
 *   reply or the error's class. It MUST NOT hold a password, nor the message's bodies.
 * - It MUST give up once `signal` aborts, answering a `temporary` failure with reason `aborted`.
 */
export interface MailTransport {
  send(message: MailMessage, options?: MailSendOptions): Promise<MailSendResult>
}

/** One message, rendered: what the transport sends as it is. */
export interface MailMessage {
  /** One address (`someone@example.com`), no display name. */
  to: string
  /** The sender: `mail@example.com` or `Canvass <mail@example.com>` (the `from` of `createCanvass({ mail })`). */
  from: string
  /** One line. */
  subject: string
  /** The plain-text body. */
  text: string
  /** The HTML body: self-contained (no remote images, no external CSS). */
  html: string
  /**
   * The `Message-ID`, angle brackets included (`<id@domain>`): the same for every attempt of one mail, so a
   * receiver can drop a second copy.
   */
  messageId: string
  /** More headers, sent unchanged. Names are header tokens; values hold no CR or LF. */
  headers?: Readonly<Record<string, string>>
}

export interface MailSendOptions {
  /** Abandons the attempt (shutdown, or the outbox claim running out): the result is a temporary failure. */
  signal?: AbortSignal
}

/** What one attempt came to. */
export type MailSendResult = MailSent | MailFailed

export interface MailSent {
  outcome: 'sent'
}

export interface MailFailed {
  /** `temporary`: may pass later (tried again); `permanent`: will not (given up). */
  outcome: 'temporary' | 'permanent'
  /** What went wrong, in a few words (`421 try later`, `connection refused`): no secrets, no bodies. */
  reason: string
}
