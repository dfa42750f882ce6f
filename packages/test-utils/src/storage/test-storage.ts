import { withOutboxExpansion } from '@canvass/core'
import type { Storage } from '@canvass/core'
import { suite } from 'uvu'
import { anonymizeTests } from './anonymize-tests'
import { answerBoundTests } from './answer-bound-tests'
import { apiKeyTests } from './api-key-tests'
import { autoCompleteTests } from './auto-complete-tests'
import { autoCompleteUpdateTests } from './auto-complete-update-tests'
import { blobDeletionTests } from './blob-deletion-tests'
import { attributeValueTests } from './attribute-value-tests'
import { classTests } from './class-tests'
import { contactTests } from './contact-tests'
import { contactLimitTests } from './contact-limit-tests'
import { clientTests } from './client-tests'
import { concurrentCreateTests } from './concurrent-create-tests'
import { createResponseTests } from './create-response-tests'
import { contactDisplayTests } from './contact-display-tests'
import { displayResponseTests } from './display-response-tests'
import { idTests } from './id-tests'
import { importTests } from './import-tests'
import { projectTests } from './project-tests'
import { customCssTests } from './custom-css-tests'
import { responseTests } from './response-tests'
import { responseWorkTests } from './response-work-tests'
import { resultShareTests } from './result-share-tests'
import { responseFilterTests } from './response-filter-tests'
import { retentionTests } from './retention-tests'
import type { StorageFixtures, StorageTest, UpkeepGroup } from './storage-test'
import { segmentTests } from './segment-tests'
import { quotaTests } from './quota-tests'
import { quotaScreeningTests } from './quota-screening-tests'
import { surveyTests } from './survey-tests'
import { uploadTests } from './upload-tests'
import { webhookScheduleTests } from './webhook-schedule-tests'
import { webhookTests } from './webhook-tests'
import { writePrimitiveTests } from './write-primitive-tests'
import { skipTest } from '../skip'

export interface TestStorageOptions {
  /** Names the suite in the report, e.g. `storage-kysely on PGlite`. */
  name: string
  /**
   * Returns a storage on an empty, ready (migrated) database. Called once, before the first test: every
   * test seeds its own organization and project with fresh ids, so tests share the storage, not data.
   */
  create: () => Promise<Storage>
  /** Releases what `create` made (connections, a test database). Called after the last test, also on failure. */
  cleanup?: () => Promise<void>
  /**
   * Tests this adapter does not run, by exact name, with the reason; reported as skipped with the reason in
   * the name. An unknown name throws, so a renamed test cannot silently run unskipped.
   * @default []
   */
  skip?: { reason: string; tests: string[] }[]
  /**
   * Tests this suite leaves to another suite that runs them on the same adapter code, by exact name, with where
   * they run (`ranBy`): not run here and not reported, for a suite that runs the adapter once more in another
   * setting and proves that setting with the rest. An unknown name throws, as for `skip`.
   * @default []
   */
  ranElsewhere?: { ranBy: string; tests: string[] }[]
  /**
   * Adapter hooks for what the port cannot do yet (read default rows, set contact attributes). Without
   * them, the tests that need them are skipped with that reason.
   */
  fixtures?: StorageFixtures
  /**
   * Whether the storage provides the optional reporting port (`storage.reporting`). Without it, the tests that
   * read back through it (`needsReporting`) are skipped with that reason.
   * @default true
   */
  reporting?: boolean
  /**
   * Whether the storage keeps webhooks (`storage.webhooks` and `storage.webhookDeliveries`). Without them, the
   * tests that use them (`needsWebhooks`) are skipped with that reason.
   * @default true
   */
  webhooks?: boolean
  /**
   * Whether the storage keeps quotas (`storage.quotas`). Without them, the tests that use them (`needsQuotas`)
   * are skipped with that reason.
   * @default true
   */
  quotas?: boolean
  /**
   * The optional groups the storage lacks (`storage.imports`, `storage.retention`, `storage.responseWork`,
   * `storage.blobDeletions`): the tests marked `needs` with one of them are skipped with that reason.
   * @default []
   */
  lacks?: readonly UpkeepGroup[]
}

/** Every conformance test, in the order they run. */
export const STORAGE_TESTS: readonly StorageTest[] = [
  ...projectTests,
  ...customCssTests,
  ...apiKeyTests,
  ...surveyTests,
  ...segmentTests,
  ...quotaTests,
  ...quotaScreeningTests,
  ...createResponseTests,
  ...responseTests,
  ...responseWorkTests,
  ...anonymizeTests,
  ...retentionTests,
  ...resultShareTests,
  ...responseFilterTests,
  ...autoCompleteTests,
  ...autoCompleteUpdateTests,
  ...idTests,
  ...classTests,
  ...contactTests,
  ...clientTests,
  ...attributeValueTests,
  ...contactLimitTests,
  ...displayResponseTests,
  ...contactDisplayTests,
  ...answerBoundTests,
  ...uploadTests,
  ...blobDeletionTests,
  ...webhookTests,
  ...webhookScheduleTests,
  ...concurrentCreateTests,
  ...importTests,
  ...writePrimitiveTests,
]

/**
 * The shared uvu suite that every `Storage` adapter runs: each method and rule of the port (environment
 * scoping, list order and pages, JSON round trips, createResponse outcomes and the status rule, contacts
 * by userId, atomic updates, ids that cannot exist).
 *
 * ```ts
 * testStorage({ name: 'my adapter', create: async () => createMyStorage(), cleanup: () => close() })
 * ```
 */
export function testStorage(options: TestStorageOptions): void {
  const { name, create, cleanup, skip = [], ranElsewhere = [], fixtures, reporting = true, lacks = [] } = options
  const { webhooks = true, quotas = true } = options
  const reasons = new Map<string, string>()
  for (const { reason, tests } of skip) for (const test of tests) reasons.set(test, reason)
  const elsewhere = new Set(ranElsewhere.flatMap(({ tests }) => tests))
  const unknown = [...reasons.keys(), ...elsewhere].filter((test) => !STORAGE_TESTS.some(({ name }) => name === test))
  if (unknown.length > 0) throw new Error(`testStorage: no conformance tests named ${unknown.map((t) => JSON.stringify(t)).join(', ')}`)

  const test = suite(name)
  let storage: Storage | undefined
  test.before(async () => {
    storage = withOutboxExpansion(await create())
  })
  test.after(async () => {
    await cleanup?.()
  })

  for (const { name: testName, needsFixtures, needsReporting, needsWebhooks, needsQuotas, needs, run } of STORAGE_TESTS) {
    if (elsewhere.has(testName)) continue
    const reason =
      reasons.get(testName) ??
      (needsFixtures && !fixtures ? 'the adapter passes no fixtures' : undefined) ??
      (needsReporting && !reporting ? 'the storage has no reporting port' : undefined) ??
      (needsWebhooks && !webhooks ? 'the storage keeps no webhooks' : undefined) ??
      (needsQuotas && !quotas ? 'the storage keeps no quotas' : undefined) ??
      (needs && lacks.includes(needs) ? `the storage has no storage.${needs}` : undefined)
    if (reason !== undefined) {
      skipTest(test, testName, reason)
      continue
    }
    test(testName, async () => {
      if (!storage) throw new Error(`testStorage: create() of "${name}" did not finish`)
      await run({ storage, fixtures: fixtures ?? missingFixtures })
    })
  }
  test.run()
}

/** Handed to tests that do not need fixtures; reaching it is a bug in the suite. */
const missingFixtures: StorageFixtures = {
  environmentDefaults: () => Promise.reject(new Error('no fixtures')),
  setContactAttributes: () => Promise.reject(new Error('no fixtures')),
}
