import type { ResponseStore } from '@canvass/core'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import type { DeliveryNotifier } from './delivery-notifier'
import { isStorable } from '../postgres/is-storable'

/**
 * Which environments have webhooks, remembered for a second: the response store wakes the dispatcher
 * after a write only where deliveries may have been written (the outbox trigger decides exactly), so
 * environments without webhooks cost the dispatcher nothing. This process's webhook creates and deletes
 * forget an environment at once; another instance's become visible within a second (and its dispatcher
 * poll finds the deliveries meanwhile).
 */
export interface WebhookPresence {
  has(environmentId: string): Promise<boolean>
  forget(environmentId: string): void
}

export function createWebhookPresence(db: Kysely<Database>, ttlMs = 1000): WebhookPresence {
  const known = new Map<string, { has: boolean; until: number }>()
  return {
    async has(environmentId) {
      const now = Date.now()
      const entry = known.get(environmentId)
      if (entry && entry.until > now) return entry.has
      if (!isStorable(environmentId)) return false
      const row = await db
        .selectFrom('webhooks')
        .select('id')
        .where('environment_id', '=', environmentId)
        .where('disabled_at', 'is', null)
        .limit(1)
        .executeTakeFirst()
      if (known.size > 10_000) known.clear()
      known.set(environmentId, { has: row !== undefined, until: now + ttlMs })
      return row !== undefined
    },
    forget(environmentId) {
      known.delete(environmentId)
    },
  }
}

/** The response store, waking the dispatcher (without delaying the caller) after writes that may have made deliveries. */
export function withDeliveryWakeups(responses: ResponseStore, presence: WebhookPresence, notifier: DeliveryNotifier): ResponseStore {
  const wake = (environmentId: string) => {
    if (!notifier.hasListeners()) return
    presence.has(environmentId).then(
      (has) => {
        if (has) notifier.notify()
      },
      () => {
        // The dispatcher's poll finds the deliveries anyway.
      },
    )
  }
  return {
    ...responses,
    async insertGuarded(input, check, guard) {
      const result = await responses.insertGuarded(input, check, guard)
      if (result.outcome === 'written') wake(check.environmentId)
      return result
    },
    async createLocked(input, check, decide, completes) {
      const result = await responses.createLocked(input, check, decide, completes)
      if (result.outcome === 'written') wake(check.environmentId)
      return result
    },
    async updateGuarded(id, patch, guard) {
      const updated = await responses.updateGuarded(id, patch, guard)
      if (updated) wake(updated.environmentId)
      return updated
    },
    async updateLocked(id, options, decide) {
      const result = await responses.updateLocked(id, options, decide)
      if (result.outcome === 'written') wake(result.response.environmentId)
      return result
    },
  }
}
