/**
 * @module
 * Conformance suites that every Canvass adapter runs with uvu. `testStorage` checks a `Storage` against
 * the rules of the port in `@canvass/core`:
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
