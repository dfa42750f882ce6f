import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { testBlobStore } from '@canvass/test-utils'
import { createFsBlobStore } from '../src'

// The shared conformance suite, in a temporary folder made for this run.
let root: string | undefined
testBlobStore({
  name: 'blob-fs in a temporary folder',
  async create() {
    root = await mkdtemp(join(tmpdir(), 'canvass-blob-fs-'))
    return createFsBlobStore({ root: join(root, 'objects') })
  },
  cleanup: async () => {
    if (root) await rm(root, { recursive: true, force: true })
  },
})
