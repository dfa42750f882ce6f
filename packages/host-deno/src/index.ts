/**
 * @module
 * Serve a Canvass fetch handler on Deno with `Deno.serve`, with graceful shutdown on SIGTERM and SIGINT.
 * No Node-only imports: the module only touches the `Deno` global, and only when `serve()` is called.
 *
 * ```ts
 * import { serve } from '@canvass/host-deno'
 * const { url } = await serve({ fetch: canvass.fetch, port: 3000 })
 * ```
 */
export { serve } from './serve'
export type { DenoServer, FetchHandler, ServeOptions } from './serve'
