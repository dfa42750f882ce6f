import type { Logger } from '../context'
import type { WebhookDispatcherObserver } from '../observer'
import type { WebhookDeliveryStore } from '../ports/storage'
import { withOutboxExpansion } from './outbox-expansion'
import type { WebhookTransport } from '../ports/webhook-transport'
import { createReceiverPace } from './receiver-pace'
import type { ReceiverPace } from './receiver-pace'
import { WEBHOOK_RETRY_SCHEDULE_MS } from './retry-schedule'
import { WEBHOOK_TIMEOUT_MS } from './webhook-limits'
import type { WebhookDispatcherOptions } from './webhook-dispatcher-options'

/** One dispatcher's settings, checked, and what its loop and attempts share while it lives. */
export interface Dispatch {
  /** The deliveries the dispatcher sends, their outbox made into deliveries before each claim. */
  storage: { webhookDeliveries: WebhookDeliveryStore }
  transport: WebhookTransport
  now: () => Date
  random: (() => number) | undefined
  schedule: readonly number[]
  batchSize: number
  concurrency: number
  timeoutMs: number
  /** Time an attempt's outcome may take to be recorded after its deadline, kept free before the lease ends. */
  margin: number
  leaseMs: number
  pollIntervalMs: number
  logger: Logger
  paceBounds: Parameters<typeof createReceiverPace>[0] & { initial: number }
  /** Each webhook's pace, by id, while it is heard from; one not heard from for a while starts afresh. */
  paces: Map<string, ReceiverPace>
  onAttempt: WebhookDispatcherObserver['attempt']
  /** Aborted by `stop()`; a fresh one at each `start()`. */
  shutdown: AbortController
  /**
   * The attempts in flight, each with a signal of its own that `stop()` aborts. Handing every attempt the
   * shutdown signal itself would hang one abort listener per attempt in flight on that one long-lived signal.
   */
  inFlight: Set<AbortController>
}

/** The dispatcher's settings from `options`, checked (a TypeError names the first that is wrong). */
export function createDispatch(options: WebhookDispatcherOptions): Dispatch {
  const { transport } = options
  // A dispatcher made on its own (a worker, a test) makes the outbox's events into deliveries before it claims.
  const { webhookDeliveries } = withOutboxExpansion(options.storage)
  if (webhookDeliveries === undefined) {
    throw new TypeError('createWebhookDispatcher needs storage.webhookDeliveries: this storage keeps no webhooks')
  }
  const storage = { webhookDeliveries }
  const now = options.now ?? (() => new Date())
  const schedule = options.schedule ?? WEBHOOK_RETRY_SCHEDULE_MS
  const batchSize = options.batchSize ?? 100
  const concurrency = options.concurrency ?? 256
  const perWebhook = options.perWebhookConcurrency ?? 128
  for (const [name, value] of [
    ['batchSize', batchSize],
    ['concurrency', concurrency],
    ['perWebhookConcurrency', perWebhook],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new TypeError(`${name} must be a positive integer, got ${value}`)
  }
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS
  const margin = recordingMarginMs(timeoutMs)
  // Every attempt starts as soon as it is claimed: one margin covers the claim, the other recording it.
  const leaseMs = options.leaseMs ?? timeoutMs + 2 * margin
  if (!(leaseMs >= timeoutMs + 2 * margin)) {
    // A shorter lease leaves no time for the claim itself: the lease left when the first attempt of a batch
    // starts could not cover it, so every claimed delivery would be handed back unsent, for ever.
    throw new TypeError(`leaseMs must be at least timeoutMs + ${2 * margin} (${timeoutMs + 2 * margin}), got ${leaseMs}`)
  }
  const pollIntervalMs = options.pollIntervalMs ?? 1000
  const logger = options.logger ?? console
  const paceBounds = {
    initial: Math.min(INITIAL_PER_WEBHOOK, perWebhook),
    floor: Math.min(FLOOR_PER_WEBHOOK, perWebhook),
    ceiling: perWebhook,
    timeoutMs,
    minTimeoutMs: Math.min(MIN_TIMEOUT_MS, timeoutMs),
  }
  return {
    storage,
    transport,
    now,
    random: options.random,
    schedule,
    batchSize,
    concurrency,
    timeoutMs,
    margin,
    leaseMs,
    pollIntervalMs,
    logger,
    paceBounds,
    paces: new Map(),
    onAttempt: options.observe?.attempt,
    shutdown: new AbortController(),
    inFlight: new Set(),
  }
}

/** The webhook's pace, made at its first delivery. */
export function paceOf(d: Dispatch, webhookId: string): ReceiverPace {
  let pace = d.paces.get(webhookId)
  if (pace === undefined) {
    pace = createReceiverPace(d.paceBounds)
    d.paces.set(webhookId, pace)
  }
  return pace
}

/** Attempts in flight a webhook starts with, and the fewest it is held to (`perWebhookConcurrency`). */
const INITIAL_PER_WEBHOOK = 32
const FLOOR_PER_WEBHOOK = 4
/** The shortest timeout a receiver that keeps timing out is given (`timeoutMs`). */
const MIN_TIMEOUT_MS = 5_000
/** A webhook not heard from for this long starts afresh at its next delivery. */
export const FORGET_AFTER_MS = 10 * 60_000

/** Time an attempt's outcome may take to be recorded after its deadline, kept free before the lease ends. */
function recordingMarginMs(timeoutMs: number): number {
  return Math.min(5_000, Math.ceil(timeoutMs / 3))
}
