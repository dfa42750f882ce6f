/**
 * @module
 * Canvass core: a Formbricks v1 compatible survey-feedback API as one fetch handler,
 * `(Request) => Promise<Response>`, over pluggable ports (storage, blobs, webhooks, rate limits).
 *
 * ```ts
 * const canvass = createCanvass({ storage: createKyselyStorage({ db }) })
 * const response = await canvass.fetch(new Request('http://localhost/api/v1/me'))
 * ```
 */
export { createCanvass } from './create-canvass'
export type { Canvass, CanvassOptions } from './create-canvass'
export type { CanvassAdmin } from './admin/create-admin'
export type { Logger, ConnectionInfo } from './context'
export { CanvassError, ERROR_STATUS } from './http/errors'
export type { ErrorCode, ResourceType } from './http/errors'
export { generateApiKey, hashApiKey } from './http/api-key'
export { createId } from './services/ids'
export { effectiveSurveyStatus, acceptsSubmissions } from './services/survey-status'
export type * from './ports/storage'
export type * from './ports/webhook-transport'
export { createFetchWebhookTransport } from './webhooks/fetch-transport'
export type { FetchWebhookTransportOptions } from './webhooks/fetch-transport'
export { checkWebhookRequest } from './webhooks/check-webhook-request'
export type { CheckWebhookRequestOptions, WebhookRequestCheck } from './webhooks/check-webhook-request'
export { checkWebhookUrl } from './webhooks/check-webhook-url'
export type { CheckWebhookUrlOptions, WebhookUrlCheck } from './webhooks/check-webhook-url'
export { isIpAddress, isPublicAddress } from './webhooks/address-policy'
export { parseRetryAfter } from './webhooks/parse-retry-after'
export { WEBHOOK_RESPONSE_BODY_LIMIT, WEBHOOK_TIMEOUT_MS } from './webhooks/webhook-limits'
export { BlobKeyError, BlobTooLargeError, assertBlobKey, assertBlobPutOptions, assertBlobRange } from './ports/blob-store'
export type { BlobGetOptions, BlobMetadata, BlobObject, BlobPutOptions, BlobRange, BlobStore } from './ports/blob-store'
