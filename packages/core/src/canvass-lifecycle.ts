import type { CanvassHealth } from './canvass'
import type { CanvassOptions } from './canvass-options'
import type { CanvassSettings } from './canvass-settings'
import { purgeAuditLog } from './domain/console/audit-log'
import type { HostLifecycle, HostOffer } from './host/serve-lifecycle'
import type { Storage } from './ports/storage'
import type { WebhookTransport } from './ports/webhook-transport'
import { createOutboxHealth } from './webhooks/outbox-health'
import type { WebhookHealth } from './webhooks/outbox-health'
import type { BackgroundWork, WebhookTransportSource } from './workers/background-work'
import { createBackgroundWork, webhookTransport } from './workers/background-work'
import { webhookStoresIfAny } from './domain/optional-ports/hooks-ports'

/** An instance's life beside its requests: its background work, the transport it sends webhooks through, its health. */
export interface CanvassLifecycle extends HostLifecycle {
  start(host?: HostOffer): Promise<void>
  /** The background work, made (not started) when it is on and not made yet. */
  backgroundWork(host?: HostOffer): BackgroundWork | undefined
  /** What a webhook's test is sent through: the dispatcher's transport, made once it is asked for. */
  webhookTransport(): WebhookTransport
  /** Wakes this process's blob janitor, when the background work runs one. */
  wakeBlobJanitor(): void
  purgeAuditLog(): Promise<number>
  health(): Promise<CanvassHealth>
}

/** What the lifecycle is made from; `now` is the instance's clock. */
export interface LifecycleParts {
  options: CanvassOptions
  settings: CanvassSettings
  storage: Storage
  now: () => Date
  /** Reads the pages' assets, once; `start()` waits for it. */
  readAssets: () => Promise<unknown>
}

/** The lifecycle of one instance: `start()` makes and starts the background work, `close()` stops it. */
export function createLifecycle(parts: LifecycleParts): CanvassLifecycle {
  const { options, settings, storage, now, readAssets } = parts
  const { logger, allowPrivateAddresses, auditLogRetentionDays } = settings
  // A storage without webhooks has no delivery waiting: its health says ok.
  const deliveries = webhookStoresIfAny(storage)?.webhookDeliveries
  const outboxHealth = deliveries && createOutboxHealth({ deliveries, now, stalledAfterMs: settings.stalledAfterMs, logger })
  // Made at `start()`, when the host has said which transport it offers; the janitor is woken through it.
  let background: BackgroundWork | undefined
  let running = false
  // The transport webhook tests go through: the dispatcher's, made once it is asked for (after `start()`
  // when the host offers one).
  let offeredTransport: WebhookTransportSource | undefined
  let testTransport: WebhookTransport | undefined
  let starting: Promise<void> | undefined
  const purge = () => purgeAuditLog(storage, now(), auditLogRetentionDays)

  const backgroundWork = (host?: HostOffer): BackgroundWork | undefined => {
    if (settings.background === false) return undefined
    if (background) return background
    const given = options.webhooks?.transport
    const offered = host?.webhookTransport
    const sends = settings.background.webhooks !== false && deliveries !== undefined
    if (given === undefined && offered === undefined && sends && runsOnNode()) {
      logger.warn(
        'Canvass: webhooks are sent through fetch, which cannot check the addresses a host name resolves to; on Node pass webhooks: { transport: createNodeWebhookTransport } from @canvass/host-node (its serve does)',
      )
    }
    background = createBackgroundWork({
      storage,
      blobs: options.blobStore,
      options: settings.background,
      transport: given ?? offered,
      allowPrivateAddresses,
      logger,
      now,
      purgeAuditLog: auditLogRetentionDays === null ? undefined : purge,
      mail: settings.mail,
    })
    return background
  }

  return {
    backgroundWork,
    start(host) {
      if (host?.webhookTransport && offeredTransport === undefined) {
        offeredTransport = host.webhookTransport
        testTransport = undefined
      }
      starting ??= (async () => {
        const work = backgroundWork(host)
        if (work && !running) {
          work.start()
          running = true
        }
        await readAssets()
      })()
      return starting
    },
    async close() {
      const work = background
      starting = undefined
      if (!running || !work) return
      running = false
      // A later `start()` makes fresh workers: a stopped one is not made to run again.
      background = undefined
      await work.stop()
    },
    webhookTransport() {
      if (testTransport) return testTransport
      const source = options.webhooks?.transport ?? offeredTransport
      if (source === undefined && runsOnNode()) {
        logger.warn(
          'Canvass: a webhook test is sent through fetch, which cannot check the addresses a host name resolves to; on Node pass webhooks: { transport: createNodeWebhookTransport } from @canvass/host-node (its serve does)',
        )
      }
      testTransport = webhookTransport(source, allowPrivateAddresses)
      return testTransport
    },
    wakeBlobJanitor: () => background?.wakeBlobJanitor(),
    purgeAuditLog: purge,
    async health() {
      const database = await storage.ping().catch(() => false)
      const state = settings.background === false ? 'off' : running ? 'running' : 'stopped'
      const webhooks: WebhookHealth =
        database && outboxHealth ? await outboxHealth(state) : { oldestDueAt: null, status: 'ok', stalled: false }
      return { database: database ? 'ok' : 'unavailable', background: state, webhooks }
    },
  }
}

/** Whether this is Node itself (Deno and Bun also say they are Node, for compatibility). */
function runsOnNode(): boolean {
  const global = globalThis as { process?: { versions?: { node?: string } }; Deno?: unknown; Bun?: unknown }
  return typeof global.process?.versions?.node === 'string' && global.Deno === undefined && global.Bun === undefined
}
