/** What each event of the loader's contract carries (the `@formbricks/js` loader declares the same). */
export interface EventPayloads {
  formbricks_setup_successful: { workspaceId: string }
  formbricks_action_tracked: { action: string }
  formbricks_survey_shown: { surveyId: string }
  formbricks_response_submitted: { surveyId: string; responseId?: string; finished: boolean }
  formbricks_survey_closed: { surveyId: string }
}
export type EventName = keyof EventPayloads
type Handler<E extends EventName> = (payload: EventPayloads[E]) => void

export interface Emitter {
  on<E extends EventName>(event: E, handler: Handler<E>): () => void
  off<E extends EventName>(event: E, handler: Handler<E>): void
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void
}

/** Where `dataLayer` lives: `window` in a browser. */
export type DataLayerHost = { dataLayer?: unknown }
const browserHost = () => globalThis as DataLayerHost

/**
 * Every key an event can carry, null where the event does not set it: a tag manager merges each push into one
 * model, so a key left out would keep the previous event's value (see docs/widget.md, "Events and tag managers").
 */
const NO_PAYLOAD = { workspaceId: null, surveyId: null, responseId: null, finished: null, action: null }

/** The `dataLayer` entry for an event: its name and, under `formbricks`, every key of the contract. */
export function dataLayerEntry<E extends EventName>(
  event: E,
  payload: EventPayloads[E],
): { event: E; formbricks: Record<string, unknown> } {
  const given = Object.entries(payload).filter(([, value]) => value !== undefined)
  return { event, formbricks: { ...NO_PAYLOAD, ...Object.fromEntries(given) } }
}

/**
 * Pushes the event to `host.dataLayer` (made an array when it is not one), as tag managers read it; a failing
 * push (a tag manager's own `push` that throws) is reported and does not stop the handlers.
 */
export function pushToDataLayer<E extends EventName>(event: E, payload: EventPayloads[E], host: DataLayerHost = browserHost()): void {
  try {
    if (!Array.isArray(host.dataLayer)) host.dataLayer = []
    ;(host.dataLayer as unknown[]).push(dataLayerEntry(event, payload))
  } catch (error) {
    console.error(`🧱 Formbricks - ${event} could not be pushed to the dataLayer`, error)
  }
}

/**
 * Subscriptions by event name; every event also goes to `window.dataLayer` first. A handler that throws is
 * reported and does not stop the others.
 */
export function createEmitter(host: DataLayerHost = browserHost()): Emitter {
  const handlers = new Map<string, Set<(payload: never) => void>>()
  const emitter: Emitter = {
    on(event, handler) {
      if (typeof handler !== 'function') return () => undefined
      let set = handlers.get(event)
      if (!set) handlers.set(event, (set = new Set()))
      set.add(handler)
      return () => emitter.off(event, handler)
    },
    off(event, handler) {
      handlers.get(event)?.delete(handler)
    },
    emit(event, payload) {
      pushToDataLayer(event, payload, host)
      for (const handler of [...(handlers.get(event) ?? [])]) {
        try {
          ;(handler as Handler<typeof event>)(payload)
        } catch (error) {
          console.error(`🧱 Formbricks - a ${event} handler failed`, error)
        }
      }
    },
  }
  return emitter
}
