/**
 * @module
 * The repository's in-process test bed: `createTestCanvass()` gives Canvass's fetch handler on a migrated
 * database of the test's own (in-process PGlite, or a database on the `TEST_DATABASE_URL` server), with keys,
 * a second project on demand, a clock the test controls, a blob folder and a webhook receiver. Route tests are
 * Request→Response tests on it; processes are started only where a process is what is tested.
 */
export { createTestCanvass, callAt, callOn, TEST_ORIGIN, TEST_SECRET } from './test-canvass'
export type { ApiResult, Call, CallOptions, TestCanvass, TestCanvassOptions, TestInstance, TestProject } from './test-canvass'
export { suiteWithBed } from './suite'
export type { SuiteWithBed } from './suite'
export { suitesWithBed } from './suites-with-bed'
export type { SuitesWithBed } from './suites-with-bed'
export { createTestClock } from './clock'
export type { TestClock } from './clock'
export { createRunningTestClock } from './running-clock'
export { waitFor } from './wait-for'
export type { WaitForOptions } from './wait-for'
export {
  availableBackends,
  createPostgresTestDatabase,
  defaultBackend,
  emptyCanvassTables,
  migratedPgliteDump,
  openTestDatabase,
  serverDatabase,
} from './database'
export type { OpenTestDatabaseOptions, PostgresTestDatabase, ServerDatabase, TestBackend, TestDatabase } from './database'
export { createTestWebhookReceiver } from './webhook-receiver'
export type { ReceivedWebhook, ReceiverAnswer, TestWebhookReceiver } from './webhook-receiver'
export { createVerifiedWebhook, createVerifyingReceiver, listenVerifying, webhookDeliveries } from './verifying-receiver'
export type { VerifiedWebhook, VerifyingReceiver, VerifyingReceiverMode, VerifyingServer } from './verifying-receiver'
export {
  NOT_AUTHENTICATED,
  UNAUTHORIZED,
  badRequest,
  createResponse,
  createSurvey,
  errorOf,
  fileUploadQuestion,
  notFoundBody,
  question,
} from './fixtures'
export type { Backend } from './fixtures'
export { assertSuccessOrContractError } from './answers'
export { blockSurvey } from './block-survey'
export { signedUploadHeaders, uploadFile } from './uploads'
export type { PresignedUpload, UploadOptions } from './uploads'
export { HOSTILE, seedSharedSurvey, sharedSurveyAnswers, sharedSurveyQuestions } from './shared-results'
export type { SharedSurveyBed, SharedSurveySeed } from './shared-results'
export * from './reference-fields'
export { arbitraryOf, resolve } from './json-schema-arbitrary'
export type { JsonSchema, SchemaContext } from './json-schema-arbitrary'
export { assertServesHealthAndStops, startMountExample } from './example-process'
export { ownPostgresUnavailable, startOwnPostgres, startStreamingReplica } from './own-postgres'
export type { OwnPostgres, StreamingReplica } from './own-postgres'
export { startS3rver } from './s3rver'
export type { S3rverProcess } from './s3rver'
export { startTestS3BlobStore } from './s3-blob-store'
export { onlyMailSender, startSmtpServer } from './smtp-server'
export type { ReceivedMail, StartSmtpServerOptions, TestSmtpServer } from './smtp-server'
export type { TestS3BlobStore } from './s3-blob-store'
export { TEST_NODE_FLAGS, closedPort, skipSuiteUnless, skipTest } from '@canvass/test-utils'
/** Kysely's `sql` tag, for a test that changes the bed's database (`bed.db`) beyond what the API reaches. */
export { sql } from 'kysely'
export { startOidcProvider } from './oidc-provider'
export type { OidcTestAccount, OidcTestClient, OidcTestProvider } from './oidc-provider'
