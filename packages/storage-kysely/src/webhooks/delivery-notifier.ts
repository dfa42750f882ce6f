/**
 * In-process wake-ups for the webhook dispatcher: the response store calls `notify` after it committed a
 * write that created deliveries, and `WebhookDeliveryStore.onWritten` listeners run.
 */
export interface DeliveryNotifier {
  notify(): void
  /** Whether anyone listens: without a dispatcher in this process there is nothing to wake. */
  hasListeners(): boolean
  subscribe(listener: () => void): () => void
}

export function createDeliveryNotifier(): DeliveryNotifier {
  const listeners = new Set<() => void>()
  return {
    notify() {
      for (const listener of listeners) {
        try {
          listener()
        } catch {
          // A listener's failure is its own: the write it reports has committed.
        }
      }
    },
    hasListeners: () => listeners.size > 0,
    subscribe(listener) {
      // A wrapper per subscription, so that subscribing one function twice needs two unsubscribes.
      const entry = () => listener()
      listeners.add(entry)
      return () => listeners.delete(entry)
    },
  }
}
