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

/** Subscriptions by event name; a handler that throws is reported and does not stop the others. */
export function createEmitter(): Emitter {
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
