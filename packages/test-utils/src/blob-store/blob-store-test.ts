import type { BlobStore } from '@canvass/core'

/** One conformance test: a name adapters can skip by, and a body that uses keys of its own. */
export interface BlobStoreTest {
  name: string
  run(context: BlobStoreTestContext): Promise<void>
}

export interface BlobStoreTestContext {
  store: BlobStore
}
