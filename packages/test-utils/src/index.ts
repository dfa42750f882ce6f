/**
 * @module
 * Conformance suites that every Canvass adapter runs with uvu. `testStorage` checks a `Storage` and
 * `testWebhookTransport` a `WebhookTransport` against the rules of their ports in `@canvass/core`:
 *
 * ```ts
 * import { testStorage } from '@canvass/test-utils'
 *
 * testStorage({ name: 'my storage', create: async () => createMyStorage(), cleanup: async () => close() })
 * ```
 */
export { testStorage, STORAGE_TESTS } from './storage/test-storage'
export type { TestStorageOptions } from './storage/test-storage'
export type { EnvironmentDefaultsSnapshot, StorageFixtures, StorageTest, StorageTestContext } from './storage/storage-test'
export { makeResponse, makeSurvey } from './storage/seed'
export { testWebhookTransport } from './webhook-transport/test-webhook-transport'
export type { TestWebhookTransportOptions } from './webhook-transport/test-webhook-transport'
export { WEBHOOK_TRANSPORT_TESTS } from './webhook-transport/webhook-transport-tests'
export type { WebhookTransportTest, WebhookTransportTestContext } from './webhook-transport/webhook-transport-tests'
export { closedPort, startReceiver, startTcpReceiver } from './webhook-transport/receiver'
export type { ReceivedRequest, TestReceiver } from './webhook-transport/receiver'
