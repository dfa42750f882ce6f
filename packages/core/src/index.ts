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
export { describeRoutes } from './canvass-routes'
export type { OpenApiDocument } from './openapi/document'
export type { HttpMethod, RouteAuth, RouteEntry } from './http/route-doc'
export type { AuditAction, RouteAudit } from './http/route-audit'
export { AUDIT_PURGE_BATCH, DEFAULT_AUDIT_LOG_RETENTION_DAYS, appendAuditEntry, purgeAuditLog } from './domain/console/audit-log'
export type { AuditEvent } from './domain/console/audit-log'
export type { Canvass, CanvassHealth, PreflightAnswer } from './canvass'
export type { CanvassOptions, ConsoleOptions } from './canvass-options'
export { consoleAccountsAuthorize } from './domain/console/console-accounts'
export type { ConsoleAccountsOption, ConsoleGrant } from './domain/console/console-accounts'
export type { ConsoleSsoProviderOption } from './domain/console/sso/sso-settings'
export type { ConsoleRoleOf } from './auth/console-auth'
export { isTrustProxyEntry } from './http/trusted-proxies'
export type { ConsoleAccountsAdmin } from './admin/console-accounts-admin'
export type { WebhookHealth } from './webhooks/outbox-health'
export { startCanvassWorker } from './worker'
export type { CanvassWorker } from './worker'
export type { BackgroundOptions, BackgroundReport, WebhookTransportSource } from './workers/background-work'
export { AUDIT_LOG_PURGE_INTERVAL_MS } from './workers/audit-log-purge'
export type { WidgetBundles } from './widget-bundles'
export { SERVE_DEFAULTS, createServeLifecycle, lifecycleOf, serverUrl } from './host/serve-lifecycle'
export type {
  FetchHandler,
  HostLifecycle,
  HostOffer,
  HostServeOptions,
  HostSignals,
  ServeLifecycleOptions,
} from './host/serve-lifecycle'
export type { CanvassAdmin } from './admin/create-admin'
export type { FormbricksImportOptions, FormbricksImportReport, ImportResource, ResourceCounts } from './admin/import'
export { IMPORT_RESOURCES } from './admin/import'
export { SourceError, createSourceClient, retryAfter } from './admin/import/source-client'
export type { SourceClient, SourceClientOptions } from './admin/import/source-client'
export type { Logger, LogContext, ConnectionInfo } from './context'
export type {
  AuditFailureObservation,
  CanvassObserver,
  RateLimitObservation,
  RequestObservation,
  RetentionObservation,
  RetentionObserver,
  WebhookAttemptObservation,
  WebhookDispatcherObserver,
} from './observer'
export { REQUEST_ID_HEADER, requestIdOf } from './http/request-id'
export { CanvassError, ERROR_STATUS } from './errors'
export { describeCause } from './http/boundary'
export type { LoggedCause } from './http/boundary'
export type { ErrorCode, ResourceType } from './errors'
export { SERVICE_UNAVAILABLE_RETRY_AFTER, isServiceUnavailable, serviceUnavailable } from './http/service-unavailable'
export { generateApiKey, hashApiKey } from './auth/api-key'
export { createId } from './domain/ids'
export { effectiveSurveyStatus, acceptsSubmissions, storedStatusCases } from './domain/surveys/survey-status'
export { answerScalesOf } from './domain/responses/answer-scales'
export { autoCompletes, responseCreateRefusal } from './domain/responses/response-write-rules'
export { isSingleUse } from './domain/responses/single-use-ids'
export type { CreateRefusalOutcome, ResponseCreateWrite } from './domain/responses/response-write-rules'
export { WRITE_ATTEMPTS, createResponse, lockedCreateResult } from './domain/responses/response-writes'
export type { ResponseWritePrimitives } from './domain/responses/response-writes'
export { updateResponse } from './domain/responses/response-updates'
export type { ResponseChange, ResponseUpdatePrimitives } from './domain/responses/response-updates'
export { IMPORT_ATTEMPTS, importResponses } from './domain/responses/response-imports'
export { DISPLAY_ATTEMPTS, createDisplay } from './domain/responses/display-writes'
export type { DisplayWritePrimitives } from './domain/responses/display-writes'
export { DEFAULT_CONTACT_LIMITS } from './domain/contacts/contact-limits'
export { NEW_ENVIRONMENT_ROWS } from './domain/environments/environment-defaults'
export { utf8Length } from './domain/responses/response-size'
export { eventSurveyOutput, responseEventData } from './domain/responses/response-service'
export type { EventSurvey } from './domain/responses/response-service'
export { concatBytes } from './bytes'
export { deviceFromUserAgent, isInSegment, matchSegments } from './domain/contacts/segments'
export type { DeviceType, SegmentContact } from './domain/contacts/segments'
export {
  MAX_FILTER_DEPTH,
  MAX_FILTER_ITEMS,
  MAX_SEGMENTS_PER_ENVIRONMENT,
  segmentFiltersSchema,
} from './schemas/segment'
export type { FilterItem, LeafFilter } from './schemas/segment'
export type * from './ports/storage'
export { ANONYMIZED_META_KEYS } from './ports/storage/responses'
export { ERASED_REPLAY } from './ports/storage/contacts'
export { PATH_GROUPS, PATH_VALUE_CHARS } from './ports/reporting/response-paths'
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
export { RETENTION_LEASE, createRetention } from './workers/retention'
export type { Retention, RetentionOptions, RetentionReport } from './workers/retention'
export { MAX_RETENTION_DAYS } from './schemas/survey'
export { createWebhookDispatcher } from './webhooks/webhook-dispatcher'
export { eventDeliveries, webhookEnvelope, webhookWants, writeEvents } from './webhooks/event-deliveries'
export { EXPAND_BATCH, expandOutbox, outboxDeliveries, withOutboxExpansion } from './webhooks/outbox-expansion'
export type { EventDelivery, WrittenResponseEvent } from './webhooks/event-deliveries'
export { createBlobJanitor } from './workers/blob-janitor'
export type { BlobJanitor, BlobJanitorObserver, BlobJanitorOptions, BlobJanitorReport } from './workers/blob-janitor'
export { createQuotaScreener } from './workers/quota-screener'
export type { QuotaScreener, QuotaScreenerOptions, QuotaScreenerReport } from './workers/quota-screener'
export { createSummaryKeeper } from './workers/summary-keeper'
export type { SummaryKeeper, SummaryKeeperOptions, SummaryKeeperReport } from './workers/summary-keeper'
export type { DispatchReport, WebhookDispatcher, WebhookDispatcherOptions } from './webhooks/webhook-dispatcher'
export { WEBHOOK_RETRY_JITTER, WEBHOOK_RETRY_SCHEDULE_MS, nextAttemptAt } from './webhooks/retry-schedule'
export { WEBHOOK_SECRET_PREFIX, generateWebhookSecret, signWebhook } from './webhooks/sign-webhook'
export { BlobKeyError, BlobTooLargeError, assertBlobKey, assertBlobPutOptions, assertBlobRange } from './ports/blob-checks'
export type { BlobGetOptions, BlobMetadata, BlobObject, BlobPutOptions, BlobRange, BlobStore } from './ports/blob-store'
export type { RateLimiter, RateLimitCheck, RateLimitCount } from './ports/rate-limiter'
export { windowStart } from './ports/rate-limiter'
export { createMemoryRateLimiter } from './rate-limit/create-memory-rate-limiter'
export { DEFAULT_RATE_LIMITS } from './rate-limit/rate-limit-options'
export type { RateLimit, RateLimitOptions } from './rate-limit/rate-limit-options'
export { DEFAULT_PIN_ATTEMPTS } from './rate-limit/pin-attempts'
export type { PinAttemptOptions } from './rate-limit/pin-attempts'
export { createSingleUseSealer } from './domain/responses/single-use-ids'
export type { SingleUseSealer } from './domain/responses/single-use-ids'
export { DEFAULT_UPLOAD_MAX_BYTES, DEFAULT_UPLOAD_TYPES } from './uploads/upload-options'
export type { UploadOptions } from './uploads/upload-options'
export type * from './ports/mail-transport'
export { queueMail, mailAddressKey } from './mail/queue-mail'
export type { MailQueueContext, QueueMailInput } from './mail/queue-mail'
export { renderMail } from './mail/render-mail'
export type { RenderedMail } from './mail/render-mail'
export { MAIL_KINDS } from './mail/mail-values'
export type {
  InvitationValues,
  MailContent,
  MailRole,
  MailValuesByKind,
  PasswordResetValues,
  RoleChangedValues,
  SignInLinkValues,
} from './mail/mail-values'
export { createMailSender } from './mail/mail-sender'
export type { MailSender, MailSenderOptions, MailSenderReport, MailSenderSettings } from './mail/mail-sender'
export { MAIL_RETRY_SCHEDULE, mailRetryAt } from './mail/mail-retry'
export type { MailRetrySchedule } from './mail/mail-retry'
export { isMailAddress, parseMailFrom } from './mail/mail-address'
export { MAIL_STORAGE_MISSING, mailSettings } from './mail/mail-options'
export type { MailOptions, MailSettings } from './mail/mail-options'
export { convertSurveyFile, detectSurveyKind } from './convert/convert-survey-file'
export type { ConvertSurveyFileOptions } from './convert/convert-survey-file'
export { convertQualtrics } from './convert/qualtrics'
export { convertSurveyJs } from './convert/surveyjs'
export { convertTypeform } from './convert/typeform'
export { CONVERT_LIMITS } from './convert/json-bounds'
export type {
  ConversionIssue,
  ConversionKind,
  ConversionReport,
  ConversionSource,
  ConvertedSurvey,
  MappedItem,
  SkippedItem,
  SurveyConversion,
} from './convert/conversion'
