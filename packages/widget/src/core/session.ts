import type { Endpoint } from '../shared/client-api'
import type { EmbeddedValue } from './rules/embedded-data'
import type { Emitter } from './events'
import type { CoreState } from './types'

/** Everything the core knows once `setup` has succeeded. */
export interface Session {
  endpoint: Endpoint
  state: CoreState
  /** Saves `state` for the next page load. */
  save(): void
  events: Emitter
  /** `setEmbeddedData`'s bag: this page's only, passed with every response. */
  embeddedData: Record<string, EmbeddedValue>
  /** `setNonce`'s value, for the renderer's `<style>` elements. */
  nonce: string | undefined
  /** Until when (epoch ms) a failed refresh of the state is not tried again. */
  retryAt: number
}
