import type { BlobStore } from '@canvass/core'
import { suite } from 'uvu'
import type { BlobStoreTest } from './blob-store-test'
import { concurrencyTests } from './concurrency-tests'
import { keyTests } from './key-tests'
import { limitTests } from './limit-tests'
import { rangeTests } from './range-tests'
import { roundTripTests } from './round-trip-tests'
import { skipTest } from '../skip'

export interface TestBlobStoreOptions {
  /** Names the suite in the report, e.g. `blob-fs in a temporary folder`. */
  name: string
  /**
   * Returns a ready store. Called once, before the first test: every test uses keys in an environment of
   * its own, so tests share the store, not objects.
   */
  create: () => Promise<BlobStore>
  /** Releases what `create` made (a folder, a server). Called after the last test, also on failure. */
  cleanup?: () => Promise<void>
  /**
   * Tests this adapter does not run, by exact name, with the reason; reported as skipped with the reason in
   * the name. An unknown name throws, so a renamed test cannot silently run unskipped.
   * @default []
   */
  skip?: { reason: string; tests: string[] }[]
}

/** Every conformance test, in the order they run. */
export const BLOB_STORE_TESTS: readonly BlobStoreTest[] = [
  ...roundTripTests,
  ...keyTests,
  ...limitTests,
  ...rangeTests,
  ...concurrencyTests,
]

/**
 * The shared uvu suite that every `BlobStore` adapter runs: round trips at every size and chunking, content
 * types, missing keys, idempotent deletes, hostile keys, the size limit enforced while streaming, failed
 * puts that leave nothing, ranges, and concurrent writers and readers of one key.
 *
 * ```ts
 * testBlobStore({ name: 'my blob store', create: async () => createMyBlobStore(), cleanup: () => removeIt() })
 * ```
 */
export function testBlobStore({ name, create, cleanup, skip = [] }: TestBlobStoreOptions): void {
  const reasons = new Map<string, string>()
  for (const { reason, tests } of skip) for (const test of tests) reasons.set(test, reason)
  const unknown = [...reasons.keys()].filter((test) => !BLOB_STORE_TESTS.some(({ name }) => name === test))
  if (unknown.length > 0) throw new Error(`testBlobStore: no conformance tests named ${unknown.map((t) => JSON.stringify(t)).join(', ')}`)

  const test = suite(name)
  let store: BlobStore | undefined
  test.before(async () => {
    store = await create()
  })
  test.after(async () => {
    await cleanup?.()
  })

  for (const { name: testName, run } of BLOB_STORE_TESTS) {
    const reason = reasons.get(testName)
    if (reason !== undefined) {
      skipTest(test, testName, reason)
      continue
    }
    test(testName, async () => {
      if (!store) throw new Error(`testBlobStore: create() of "${name}" did not finish`)
      await run({ store })
    })
  }
  test.run()
}
