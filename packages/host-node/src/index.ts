/**
 * @module
 * Serve a Canvass fetch handler on Node.js: `serve()` runs a server with safe timeouts and graceful shutdown
 * on SIGTERM and SIGINT; `toNodeListener()` mounts the handler in a server you own (node:http, Express,
 * Fastify), and `applyServerLimits()` gives that server the same timeouts. Send webhooks with an SSRF guard
 * (`createNodeWebhookTransport`) and mail over SMTP (`createSmtpMailTransport`).
 *
 * ```ts
 * import { serve } from '@canvass/host-node'
 * const { url } = await serve({ fetch: canvass.fetch, port: 3000 })
 * ```
 */
export { serve } from './serve'
export type { NodeServer, ServeOptions } from './serve'
export { toNodeListener } from './node-listener'
export type { FetchHandler, NodeListener, NodeListenerOptions } from './node-listener'
export { applyServerLimits, SERVER_LIMIT_DEFAULTS } from './server-limits'
export type { ServerLimits } from './server-limits'
export { createNodeWebhookTransport } from './webhook-transport'
export type { ConnectTarget, NodeWebhookTransportOptions, ResolvedAddress } from './webhook-transport'
export { createSmtpMailTransport } from './smtp-mail-transport'
export type { SmtpMailTransportOptions } from './smtp-mail-transport'
