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
