import type { Canvass } from './canvass'
import type { CanvassOptions } from './canvass-options'
import { createCanvass } from './create-canvass'
import type { HostOffer } from './host/serve-lifecycle'

/** A running worker: `close()` stops its background work (it closes no storage: that is the caller's). */
export interface CanvassWorker {
  /** The instance the worker runs; its `fetch` is not served. */
  canvass: Canvass
  close(): Promise<void>
}

/**
 * Runs only the background work (docs/embedding.md, "Background work"): for a process of its own beside web
 * instances created with `background: false`. Takes the same options as those instances, so that both agree
 * (storage, blob store, audit-log retention, webhook settings); `background` here may set the parts, never
 * turn all of them off. Serves nothing and reads no page assets.
 */
export async function startCanvassWorker(options: CanvassOptions, host?: HostOffer): Promise<CanvassWorker> {
  if (options.background === false) throw new TypeError('startCanvassWorker runs the background work: do not pass background: false')
  const canvass = createCanvass({ ...options, widget: false, apiReference: false })
  await canvass.start(host)
  return { canvass, close: () => canvass.close() }
}
