import type { Span } from '@opentelemetry/api'
import { SpanKind, SpanStatusCode } from '@opentelemetry/api'
import type { Logger } from '../context'
import { createId } from '../domain/ids'
import type { MailFailed, MailSendResult, MailTransport } from '../ports/mail-transport'
import type { ClaimedMail, MailOutcome, MailStore } from '../ports/storage'
import { jobSpan, setWhenRecording, tracer } from '../tracing/tracer'
import { createPassLoop } from '../workers/pass-loop'
import type { MailRetrySchedule } from './mail-retry'
import { mailRetryAt } from './mail-retry'

/** The mail sender's settings (`background.mail`), beside what `createCanvass` gives it. */
export interface MailSenderSettings {
  /**
   * Mails one claim takes; they are sent side by side.
   * @default 10
   */
  batchSize?: number
  /**
   * Milliseconds a claim holds its mails: another instance sends a mail whose claimer died after this long.
   * Attempts still running when it is nearly over are abandoned (a temporary failure).
   * @default 120000
   */
  leaseMs?: number
  /**
   * How often the sender looks for due mails when nothing woke it (mails queued by other instances, retries).
   * A mail queued in this process wakes it at once.
   * @default 2000
   */
  pollIntervalMs?: number
  /** @default MAIL_RETRY_SCHEDULE (30 s doubling to 1 h, given up after 24 h) */
  schedule?: MailRetrySchedule
  /**
   * Days a mail that ended (sent, failed, limited) is kept for the delivery log; older ones are deleted, at most
   * once an hour.
   * @default 30
   */
  keepDays?: number
  /** Source of the retry jitter, in [0, 1). @default Math.random */
  random?: () => number
}

export interface MailSenderOptions extends MailSenderSettings {
  mail: MailStore
  transport: MailTransport
  /** The `from` of every mail. */
  from: string
  /** The right part of every `Message-ID` (`<mail id@domain>`). */
  messageIdDomain: string
  logger: Logger
  now: () => Date
}

/** What one `runOnce` did. */
export interface MailSenderReport {
  claimed: number
  sent: number
  retried: number
  failed: number
  /** Handed back unsent at shutdown: no attempt counted. */
  released: number
  /** Ended mails deleted after `keepDays`. */
  purged: number
}

export interface MailSender {
  /** Sends what is due, claim after claim, then resolves (cron jobs, `runBackgroundOnce`). */
  runOnce(): Promise<MailSenderReport>
  /** Starts the loop: a pass at once, then on every mail queued in this process and every `pollIntervalMs`. */
  start(): void
  /** Stops it: attempts in flight are abandoned and their mails handed back, due at once, unattempted. */
  stop(): Promise<void>
}

const PURGE_EVERY_MS = 3_600_000
const PURGE_BATCH = 1000

/**
 * The mail sender (docs/mail.md, "Durability"): claims due mails from the outbox (`storage.mail`), sends each
 * through the transport with a `Message-ID` made from the mail's id (the same for every attempt, so a receiver
 * can drop a second copy), and records each outcome: sent (bodies cleared), tried again later, or failed
 * (bodies cleared). Safe on any number of instances: claims never overlap.
 */
export function createMailSender(options: MailSenderOptions): MailSender {
  const { mail, logger, now } = options
  const batchSize = options.batchSize ?? 10
  const leaseMs = options.leaseMs ?? 120_000
  const keepMs = (options.keepDays ?? 30) * 86_400_000
  if (!(Number.isInteger(batchSize) && batchSize >= 1))
    throw new TypeError(`background.mail.batchSize must be a whole number from 1, got ${batchSize}`)
  if (!(leaseMs >= 2_000)) throw new TypeError(`background.mail.leaseMs must be at least 2000, got ${leaseMs}`)
  let shutdown = new AbortController()
  let lastPurge = Number.NEGATIVE_INFINITY

  /** The purge when it is due, then one claim and its attempts; true when the claim was full (more may be due). */
  async function pass(report: MailSenderReport): Promise<boolean> {
    const at = now()
    if (at.getTime() - lastPurge >= PURGE_EVERY_MS) {
      lastPurge = at.getTime()
      report.purged += await jobSpan('mail-purge', () => purge(at))
    }
    const due = await mail.nextDue()
    if (due === null || due > at) return false
    // A span only for a pass that has mail to send: the poll that finds none makes none.
    return jobSpan('mail', (span) => sendDue(at, report, span))
  }

  /** Claims the mails due and sends them side by side; true when the claim was full. */
  async function sendDue(at: Date, report: MailSenderReport, span: Span): Promise<boolean> {
    const claimToken = createId()
    const claimed = await mail.claim({ now: at, limit: batchSize, leaseMs, claimToken })
    report.claimed += claimed.length
    setWhenRecording(span, () => ({ 'canvass.job.claimed': claimed.length }))
    if (claimed.length === 0) return false
    // Attempts end well before the lease does, so that no attempt runs when another instance may claim the mail.
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(), Math.max(1_000, leaseMs - Math.min(10_000, leaseMs / 4)))
    const stop = () => deadline.abort()
    shutdown.signal.addEventListener('abort', stop)
    try {
      await Promise.all(claimed.map((one) => attempt(one, claimToken, deadline.signal, report)))
    } finally {
      clearTimeout(timer)
      shutdown.signal.removeEventListener('abort', stop)
    }
    return claimed.length === batchSize && !shutdown.signal.aborted
  }

  async function attempt(one: ClaimedMail, claimToken: string, signal: AbortSignal, report: MailSenderReport): Promise<void> {
    // The attempt's span records the mail's id, its attempt and what came of it; never an address or a subject.
    const { counted, ...outcome } = await tracer().startActiveSpan('mail delivery', { kind: SpanKind.CLIENT }, async (span) => {
      try {
        const result = await sendSafely(options, one, signal)
        const judged = outcomeOf(options, one, result, { claimToken, now: now(), stopping: shutdown.signal.aborted })
        if (judged.counted !== 'sent') span.setStatus({ code: SpanStatusCode.ERROR })
        setWhenRecording(span, () => ({
          'canvass.mail.id': one.id,
          'canvass.mail.attempt': one.attempts + 1,
          'canvass.mail.outcome': judged.counted,
          ...(result.outcome === 'sent' ? {} : { 'error.type': result.outcome }),
        }))
        return judged
      } finally {
        span.end()
      }
    })
    report[counted]++
    if (outcome.next.status === 'failed') logger.warn(`Mail sender: gave up mail ${one.id} (${outcome.next.error})`)
    await mail.record(outcome)
  }

  async function purge(at: Date): Promise<number> {
    const before = new Date(at.getTime() - keepMs)
    let total = 0
    for (let round = 0; round < 10; round++) {
      const deleted = await mail.purgeEnded({ before, limit: PURGE_BATCH })
      total += deleted
      if (deleted < PURGE_BATCH) break
    }
    return total
  }

  const emptyReport = (): MailSenderReport => ({ claimed: 0, sent: 0, retried: 0, failed: 0, released: 0, purged: 0 })
  const loopReport = emptyReport()
  const loop = createPassLoop({
    pass: () => pass(loopReport),
    intervalMs: options.pollIntervalMs ?? 2_000,
    logger,
    messages: {
      away: 'Mail sender: the database cannot be reached; mails wait until it can',
      back: 'Mail sender: the database is reachable again',
      failed: 'Mail sender: a pass failed',
    },
  })
  let unsubscribe: (() => void) | undefined

  return {
    async runOnce() {
      const report = emptyReport()
      while (await pass(report)) {}
      return report
    },
    start() {
      if (unsubscribe) return
      shutdown = new AbortController()
      unsubscribe = mail.onQueued(() => loop.wake())
      loop.start()
    },
    async stop() {
      unsubscribe?.()
      unsubscribe = undefined
      shutdown.abort()
      await loop.stop()
    },
  }
}

/**
 * What an attempt's result makes of the mail: sent; handed back unattempted (the transport gave up because this
 * sender stops); tried again per the schedule; or failed (a permanent failure, or no time left).
 */
function outcomeOf(
  options: MailSenderOptions,
  one: ClaimedMail,
  result: MailSendResult,
  at: { claimToken: string; now: Date; stopping: boolean },
): MailOutcome & { counted: 'sent' | 'released' | 'retried' | 'failed' } {
  const base = { id: one.id, claimToken: at.claimToken, now: at.now }
  if (result.outcome === 'sent') return { ...base, attempted: true, next: { status: 'sent' }, counted: 'sent' }
  if (at.stopping && result.outcome === 'temporary' && result.reason === 'aborted') {
    return { ...base, attempted: false, next: { status: 'retry', at: at.now, error: null }, counted: 'released' }
  }
  const error = result.reason.slice(0, 200)
  const retryAt =
    result.outcome === 'temporary'
      ? mailRetryAt({ ...options, now: at.now, attempts: one.attempts + 1, createdAt: one.createdAt })
      : undefined
  if (retryAt === undefined) return { ...base, attempted: true, next: { status: 'failed', error }, counted: 'failed' }
  return { ...base, attempted: true, next: { status: 'retry', at: retryAt, error }, counted: 'retried' }
}

/** One attempt through the transport, with the mail's `Message-ID`; a transport that throws is a temporary failure. */
async function sendSafely(options: MailSenderOptions, one: ClaimedMail, signal: AbortSignal): Promise<MailSendResult> {
  try {
    return await options.transport.send(
      {
        to: one.to,
        from: options.from,
        subject: one.subject,
        text: one.text,
        html: one.html,
        messageId: `<${one.id}@${options.messageIdDomain}>`,
        headers: { 'Auto-Submitted': 'auto-generated' },
      },
      { signal },
    )
  } catch (error) {
    options.logger.error(`Mail sender: the transport threw on mail ${one.id}`, error)
    return { outcome: 'temporary', reason: 'transport error' } satisfies MailFailed
  }
}
