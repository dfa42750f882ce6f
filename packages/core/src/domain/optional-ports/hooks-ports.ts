/**
 * The optional webhook and quota groups of the storage port as the routes reach them: a storage without
 * `webhooks` and `webhookDeliveries`, or without `quotas`, still serves everything else, and a route that needs
 * one answers 501 saying what is missing.
 */
import { CanvassError } from '../../errors'
import type { QuotaStore, Storage, WebhookDeliveryStore, WebhookStore } from '../../ports/storage/index'

/** What a webhook route answers on a storage without webhooks. */
export const WEBHOOKS_MISSING =
  'This storage keeps no webhooks: give it storage.webhooks and storage.webhookDeliveries, as createKyselyStorage does'

/** What a quota route answers on a storage without quotas. */
export const QUOTAS_MISSING = 'This storage keeps no quotas: give it storage.quotas, as createKyselyStorage does'

/** The two webhook groups of a storage that has both. */
export interface WebhookStores {
  webhooks: WebhookStore
  webhookDeliveries: WebhookDeliveryStore
}

/**
 * The storage's webhook groups, or undefined when it lacks either: the feature needs both, so a storage
 * with only one of them has none.
 */
export function webhookStoresIfAny(storage: Pick<Storage, 'webhooks' | 'webhookDeliveries'>): WebhookStores | undefined {
  const { webhooks, webhookDeliveries } = storage
  return webhooks === undefined || webhookDeliveries === undefined ? undefined : { webhooks, webhookDeliveries }
}

/** The storage's webhook groups, or a 501 `not_implemented` naming `storage.webhooks`. */
export function webhooksOf(storage: Pick<Storage, 'webhooks' | 'webhookDeliveries'>): WebhookStores {
  const stores = webhookStoresIfAny(storage)
  if (stores === undefined) throw new CanvassError('not_implemented', WEBHOOKS_MISSING)
  return stores
}

/** The storage's quotas, or a 501 `not_implemented` naming `storage.quotas`. */
export function quotasOf(storage: Pick<Storage, 'quotas'>): QuotaStore {
  if (storage.quotas === undefined) throw new CanvassError('not_implemented', QUOTAS_MISSING)
  return storage.quotas
}

/**
 * Refuses, when `createCanvass` is made, settings given for background work the storage cannot do: the webhook
 * dispatcher's (`background.webhooks`) without webhooks, the quota screening's (`background.quotaScreening`)
 * without quotas. Left to their defaults, that work simply does not start.
 */
export function checkHookSettings(
  storage: Pick<Storage, 'webhooks' | 'webhookDeliveries' | 'quotas'>,
  background: boolean | { webhooks?: unknown; quotaScreening?: unknown } | undefined,
): void {
  if (typeof background !== 'object') return
  if (typeof background.webhooks === 'object' && webhookStoresIfAny(storage) === undefined) {
    throw new TypeError('background.webhooks needs storage.webhooks and storage.webhookDeliveries, which this storage lacks')
  }
  if (typeof background.quotaScreening === 'object' && storage.quotas === undefined) {
    throw new TypeError('background.quotaScreening needs storage.quotas, which this storage lacks')
  }
}
