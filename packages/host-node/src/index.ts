/**
 * @module
 * Serve a Canvass fetch handler on Node.js, with graceful shutdown on SIGTERM and SIGINT, and send webhooks
 * with an SSRF guard (`createNodeWebhookTransport`).
 *
 * ```ts
 * import { serve } from '@canvass/host-node'
 * const { url } = await serve({ fetch: canvass.fetch, port: 3000 })
 * ```
 */
export { serve } from './serve'
export type { NodeServer, ServeOptions } from './serve'
export { createNodeWebhookTransport } from './webhook-transport'
export type { ConnectTarget, NodeWebhookTransportOptions, ResolvedAddress } from './webhook-transport'
