import type { MailFailed, MailSendResult, MailTransport } from '@canvass/core'
import { parseMailFrom } from '@canvass/core'
import { createTransport } from 'nodemailer'

export interface SmtpMailTransportOptions {
  /**
   * The SMTP server: `smtp://host:port` (STARTTLS when the server offers it) or `smtps://host:port` (TLS from
   * the start), with credentials in the URL when the server asks for them
   * (`smtps://user:password@smtp.example.com:465`; percent-encode special characters). Port 587 (`smtp:`) or
   * 465 (`smtps:`) when none is given.
   */
  url: string
  /**
   * The envelope sender (`MAIL FROM`, where bounces go), a plain address.
   * @default the address of each message's `from`
   */
  from?: string
  /**
   * Milliseconds to connect, to get the server's greeting, and of silence on the connection, each.
   * @default 30000
   */
  timeoutMs?: number
}

/**
 * A mail transport that speaks SMTP (nodemailer), for `createCanvass({ mail: { transport, from } })` (docs/mail.md).
 * Each attempt opens its own connection. A 4xx reply, a connection refused, lost or timed out are temporary
 * failures, a 5xx reply permanent. The URL's password appears in no error and no reason. Throws a TypeError
 * when `url` is not an `smtp:` or `smtps:` URL with a host.
 */
export function createSmtpMailTransport(options: SmtpMailTransportOptions): MailTransport {
  const { url, secret } = parseSmtpUrl(options.url)
  const envelopeFrom = options.from === undefined ? undefined : parseMailFrom(options.from, 'from').address
  const timeoutMs = options.timeoutMs ?? 30_000
  const transporter = createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: secret } } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    disableFileAccess: true,
    disableUrlAccess: true,
  })
  return {
    async send(message, sendOptions) {
      const signal = sendOptions?.signal
      if (signal?.aborted) return aborted()
      const sending = transporter
        .sendMail({
          from: message.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: message.messageId,
          headers: { ...message.headers },
          ...(envelopeFrom ? { envelope: { from: envelopeFrom, to: message.to } } : {}),
        })
        .then(
          (): MailSendResult => ({ outcome: 'sent' }),
          (error: unknown): MailSendResult => classify(error, secret),
        )
      if (!signal) return sending
      let stop: (() => void) | undefined
      const stopped = new Promise<MailSendResult>((resolve) => {
        stop = () => resolve(aborted())
        signal.addEventListener('abort', stop, { once: true })
      })
      try {
        return await Promise.race([sending, stopped])
      } finally {
        if (stop) signal.removeEventListener('abort', stop)
      }
    },
  }
}

/** `url` checked: an `smtp:` or `smtps:` URL with a host. Its password is kept apart and never named in an error. */
function parseSmtpUrl(text: unknown): { url: URL; secret: string } {
  if (typeof text !== 'string' || !URL.canParse(text)) {
    throw new TypeError('createSmtpMailTransport: url must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465')
  }
  const url = new URL(text)
  const secret = url.password ? decodeURIComponent(url.password) : ''
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') {
    url.password = url.password ? '***' : ''
    throw new TypeError(`createSmtpMailTransport: url must be an smtp:// or smtps:// URL with a host, got ${url.href}`)
  }
  return { url, secret }
}

/** A nodemailer error as a temporary or permanent failure with a short reason, the password taken out. */
function classify(error: unknown, secret: string): MailFailed {
  const { responseCode, response, code } = (error ?? {}) as { responseCode?: unknown; response?: unknown; code?: unknown }
  let reason: string
  let permanent = false
  if (typeof responseCode === 'number') {
    permanent = responseCode >= 500
    const reply = typeof response === 'string' ? response : String(responseCode)
    reason = reply.startsWith(String(responseCode)) ? reply : `${responseCode} ${reply}`
  } else {
    reason = typeof code === 'string' ? `${code}: ${messageOf(error)}` : messageOf(error)
  }
  if (secret) reason = reason.split(secret).join('***')
  return { outcome: permanent ? 'permanent' : 'temporary', reason: reason.replace(/\s+/g, ' ').trim().slice(0, 200) || 'unknown error' }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function aborted(): MailFailed {
  return { outcome: 'temporary', reason: 'aborted' }
}
