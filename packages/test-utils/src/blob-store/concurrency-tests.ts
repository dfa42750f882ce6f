import { concatBytes } from '@canvass/core'
import * as assert from 'uvu/assert'
import type { BlobStoreTest } from './blob-store-test'
import { expectStored, putBytes } from './round-trip-tests'
import { MiB, assertSameBytes, bytesOf, freshKey, readAll, streamOf } from './streams'

/** Writers and readers of one key at the same time: whole objects only, never a mix. */
export const concurrencyTests: BlobStoreTest[] = [
  {
    name: 'concurrent puts of one key leave one whole body with its own content type',
    async run({ store }) {
      for (const size of [64 * 1024, 6 * MiB]) {
        const key = freshKey('contended', 'bin')
        const writers = [1, 2, 3, 4].map((seed) => ({
          bytes: bytesOf(size + seed, seed * 31),
          contentType: `application/x-writer-${seed}`,
        }))
        const results = await Promise.allSettled(
          writers.map(({ bytes, contentType }, i) =>
            // Uneven chunks and pauses interleave the writers' streams.
            store.put(key, streamOf(bytes, { chunkSizes: [8192 * (i + 1), 1000], delayMs: i % 2 }).stream, {
              contentType,
              maxBytes: 7 * MiB,
            }),
          ),
        )
        for (const result of results) assert.is(result.status, 'fulfilled', `every put succeeds (${size} bytes)`)
        const object = await store.get(key)
        if (!object) return assert.unreachable('nothing stored')
        const winner = writers.find(({ contentType }) => contentType === object.contentType)
        if (!winner) return assert.unreachable(`unknown content type ${object.contentType}`)
        assert.is(object.size, winner.bytes.length, 'the size of the body with that content type')
        assertSameBytes(await readAll(object.body), winner.bytes, `the body of ${winner.contentType}`)
      }
    },
  },
  {
    name: 'concurrent puts of different keys all land',
    async run({ store }) {
      const items = Array.from({ length: 8 }, (_, i) => ({ key: freshKey(`parallel-${i}`, 'bin'), bytes: bytesOf(100_000 + i, 100 + i) }))
      await Promise.all(items.map(({ key, bytes }) => putBytes(store, key, bytes, 'application/octet-stream', { delayMs: 1 })))
      for (const { key, bytes } of items) await expectStored(store, key, bytes, 'application/octet-stream')
    },
  },
  {
    name: 'a get that answered before a replacement reads the old object whole',
    async run({ store }) {
      const key = freshKey('replaced-while-read', 'bin')
      const before = bytesOf(3 * MiB, 41)
      const after = bytesOf(3 * MiB, 42)
      await putBytes(store, key, before, 'image/png')
      const object = await store.get(key)
      if (!object) return assert.unreachable('nothing stored')
      const reader = object.body.getReader()
      const first = await reader.read()
      assert.ok(!first.done, 'a first chunk')
      await putBytes(store, key, after, 'image/webp')
      reader.releaseLock()
      const read = concatBytes([first.value, await readAll(object.body)])
      assert.is(read.length, object.size, 'as many bytes as the get announced')
      // The get answered before the replacement began: its metadata and every byte are the old object's.
      assert.is(object.contentType, 'image/png', 'the content type of the object read')
      assertSameBytes(read, before, 'the old object, whole')
      await expectStored(store, key, after, 'image/webp')
    },
  },
]
