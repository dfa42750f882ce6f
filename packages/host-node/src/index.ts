/**
 * @module
 * Serve a Canvass fetch handler on Node.js, with graceful shutdown on SIGTERM and SIGINT.
 *
 * ```ts
 * import { serve } from '@canvass/host-node'
 * const { url } = await serve({ fetch: canvass.fetch, port: 3000 })
 * ```
 */
export { serve } from './serve'
export type { NodeServer, ServeOptions } from './serve'
