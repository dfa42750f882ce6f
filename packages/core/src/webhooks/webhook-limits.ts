/** Milliseconds one delivery attempt may take before it counts as `timeout` (docs/design.md, "Events and webhooks"). */
export const WEBHOOK_TIMEOUT_MS = 15_000

/** Bytes of a receiver's answer body a transport reads at most before closing the connection (docs/design.md, "Events and webhooks"). */
export const WEBHOOK_RESPONSE_BODY_LIMIT = 64 * 1024
