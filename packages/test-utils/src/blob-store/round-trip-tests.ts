import type { BlobStore } from '@canvass/core'
import * as assert from 'uvu/assert'
import type { BlobStoreTest } from './blob-store-test'
import { MiB, assertSameBytes, bytesOf, freshKey, readAll, streamOf, text } from './streams'
import type { StreamShape } from './streams'

/** Stores `bytes` under `key` and checks what put answers. */
export async function putBytes(
  store: BlobStore,
  key: string,
  bytes: Uint8Array,
  contentType = 'application/octet-stream',
  shape: StreamShape = {},
) {
  const body = streamOf(bytes, shape)
  const stored = await store.put(key, body.stream, { contentType, maxBytes: Math.max(bytes.length, 1) })
  assert.is(stored.size, bytes.length, 'put answers the size')
  assert.is(stored.contentType, contentType, 'put answers the content type')
  assert.ok(body.ended, 'put read the body to its end')
  return stored
}

/** Reads `key` back through get and head and compares bytes, size and content type. */
export async function expectStored(store: BlobStore, key: string, bytes: Uint8Array, contentType: string) {
  const object = await store.get(key)
  if (!object) return assert.unreachable(`get(${key}) is null`)
  assert.is(object.range, undefined, 'no range field without a range')
  assert.is(object.size, bytes.length, 'get size')
  assert.is(object.contentType, contentType, 'get content type')
  assertSameBytes(await readAll(object.body), bytes, 'get body')
  const head = await store.head(key)
  if (!head) return assert.unreachable(`head(${key}) is null`)
  assert.is(head.size, bytes.length, 'head size')
  assert.is(head.contentType, contentType, 'head content type')
  assert.is(head.etag, object.etag, 'head and get agree on the etag')
  if (head.etag !== undefined) assert.match(head.etag, /^(W\/)?"[^"]*"$/, 'a quoted etag')
  if (head.lastModified !== undefined) assert.instance(head.lastModified, Date)
}

export async function expectMissing(store: BlobStore, key: string, why: string) {
  assert.is(await store.get(key), null, `get: ${why}`)
  assert.is(await store.head(key), null, `head: ${why}`)
}

/** Bytes and content types survive a put and come back unchanged, at every size and chunking. */
export const roundTripTests: BlobStoreTest[] = [
  {
    name: 'an empty body round-trips',
    async run({ store }) {
      const key = freshKey('empty', 'txt')
      await putBytes(store, key, new Uint8Array(0), 'text/plain')
      await expectStored(store, key, new Uint8Array(0), 'text/plain')
    },
  },
  {
    name: 'a small body round-trips with its content type exactly as given',
    async run({ store }) {
      const key = freshKey('hello', 'txt')
      await putBytes(store, key, text('hello, w\u00f6rld'), 'text/plain; charset=utf-8')
      await expectStored(store, key, text('hello, w\u00f6rld'), 'text/plain; charset=utf-8')
      const other = freshKey('image', 'png')
      await putBytes(store, other, bytesOf(3000, 2), 'image/png')
      await expectStored(store, other, bytesOf(3000, 2), 'image/png')
    },
  },
  {
    name: 'every byte value 0..255 round-trips, one byte per chunk',
    async run({ store }) {
      const key = freshKey('binary', 'bin')
      const bytes = new Uint8Array(512).map((_, i) => i % 256)
      await putBytes(store, key, bytes, 'application/octet-stream', { chunkSizes: [1] })
      await expectStored(store, key, bytes, 'application/octet-stream')
    },
  },
  {
    name: 'a 12 MiB body streamed in many uneven chunks round-trips',
    async run({ store }) {
      const key = freshKey('large', 'bin')
      const bytes = bytesOf(12 * MiB + 12345, 3)
      await putBytes(store, key, bytes, 'application/zip', { chunkSizes: [65536, 1, 100003, 4096, 777] })
      await expectStored(store, key, bytes, 'application/zip')
    },
  },
  {
    name: 'a slow body is stored whole',
    async run({ store }) {
      const key = freshKey('slow', 'bin')
      const bytes = bytesOf(40 * 1024, 4)
      await putBytes(store, key, bytes, 'application/pdf', { chunkSizes: [4096], delayMs: 25 })
      await expectStored(store, key, bytes, 'application/pdf')
    },
  },
  {
    name: 'put replaces an object, body and content type',
    async run({ store }) {
      const key = freshKey('replaced', 'bin')
      const first = await putBytes(store, key, bytesOf(50_000, 5), 'image/jpeg')
      const second = await putBytes(store, key, text('short'), 'text/csv')
      await expectStored(store, key, text('short'), 'text/csv')
      if (first.etag !== undefined && second.etag !== undefined) assert.is.not(second.etag, first.etag, 'a new etag')
    },
  },
  {
    name: 'head and get of a missing key are null',
    async run({ store }) {
      await expectMissing(store, freshKey('never-stored'), 'never stored')
    },
  },
  {
    name: 'delete removes the object and is idempotent',
    async run({ store }) {
      const key = freshKey('deleted', 'txt')
      const neighbour = freshKey('neighbour', 'txt')
      await putBytes(store, key, text('to delete'), 'text/plain')
      await putBytes(store, neighbour, text('to keep'), 'text/plain')
      await store.delete(key)
      await expectMissing(store, key, 'after delete')
      await store.delete(key)
      await store.delete(freshKey('never-stored'))
      await expectStored(store, neighbour, text('to keep'), 'text/plain')
    },
  },
  {
    name: 'a get body can be cancelled unread, and the object deleted after',
    async run({ store }) {
      const key = freshKey('cancelled', 'bin')
      await putBytes(store, key, bytesOf(2 * MiB, 6))
      const object = await store.get(key)
      if (!object) return assert.unreachable('stored object missing')
      await object.body.cancel()
      const partly = await store.get(key)
      if (!partly) return assert.unreachable('stored object missing')
      const reader = partly.body.getReader()
      const first = await reader.read()
      assert.ok(!first.done && first.value.length > 0, 'a first chunk')
      await reader.cancel()
      await store.delete(key)
      await expectMissing(store, key, 'after delete')
    },
  },
]
