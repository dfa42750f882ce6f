/**
 * @module
 * Conformance suites that every Canvass adapter runs with uvu. `testStorage` checks a `Storage` and
 * `testWebhookTransport` a `WebhookTransport` and `testBlobStore` a `BlobStore` against the rules of their
 * ports in `@canvass/core`; a storage that provides the optional ports runs `testReportingStorage` and
 * `testConsoleAccountStorage` too:
 *
 * ```ts
 * import { testBlobStore, testStorage } from '@canvass/test-utils'
 *
 * testStorage({ name: 'my storage', create: async () => createMyStorage(), cleanup: async () => close() })
 * testBlobStore({ name: 'my blob store', create: async () => createMyBlobStore() })
 * ```
 */
export { testStorage, STORAGE_TESTS } from './storage/test-storage'
export type { TestStorageOptions } from './storage/test-storage'
export type { EnvironmentDefaultsSnapshot, StorageFixtures, StorageTest, StorageTestContext, UpkeepGroup } from './storage/storage-test'
export { makeResponse, makeSurvey } from './storage/seed'
export { testConsoleAccountStorage, CONSOLE_ACCOUNT_STORAGE_TESTS } from './console-accounts/test-console-account-storage'
export type { ConsoleAccountStorageTest, ConsoleAccountTestContext } from './console-accounts/console-account-test'
export type { PortTest, TestPortOptions } from './optional-port-kit'
export { testReportingStorage, REPORTING_STORAGE_TESTS } from './reporting/test-reporting-storage'
export type { ReportingStorageTest, ReportingTestContext } from './reporting/reporting-test'
export { testWebhookTransport } from './webhook-transport/test-webhook-transport'
export type { TestWebhookTransportOptions } from './webhook-transport/test-webhook-transport'
export { WEBHOOK_TRANSPORT_TESTS } from './webhook-transport/webhook-transport-tests'
export type { WebhookTransportTest, WebhookTransportTestContext } from './webhook-transport/webhook-transport-tests'
export { closedPort, startReceiver, startTcpReceiver } from './webhook-transport/receiver'
export type { ReceivedRequest, TestReceiver } from './webhook-transport/receiver'
export { testBlobStore, BLOB_STORE_TESTS } from './blob-store/test-blob-store'
export type { TestBlobStoreOptions } from './blob-store/test-blob-store'
export type { BlobStoreTest, BlobStoreTestContext } from './blob-store/blob-store-test'
export { HOSTILE_KEYS } from './blob-store/key-tests'
export { bytesOf, endlessStream, freshKey, readAll, streamOf } from './blob-store/streams'
export type { StreamShape, Tracked } from './blob-store/streams'
export { testHttpApi } from './http-api/test-http-api'
export type { HttpApiTarget, TestHttpApiOptions } from './http-api/test-http-api'
export { testMountedCanvass } from './http-api/test-mounted-canvass'
export type { TestMountedCanvassOptions } from './http-api/test-mounted-canvass'
export { keepAliveRequest } from './http-api/keep-alive-request'
export type { KeepAliveRequest } from './http-api/keep-alive-request'
export { TEST_NODE_FLAGS, spawnProcess, startProcess } from './http-api/start-process'
export type { ProcessExit, RunningProcess, SpawnedProcess, SpawnProcessOptions } from './http-api/start-process'
export { skipSuiteUnless, skipTest } from './skip'
