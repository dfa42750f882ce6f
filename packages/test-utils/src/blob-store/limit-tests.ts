import { BlobTooLargeError } from '@canvass/core'
import * as assert from 'uvu/assert'
import type { BlobStoreTest } from './blob-store-test'
import { expectMissing, expectStored, putBytes } from './round-trip-tests'
import { MiB, bytesOf, endlessStream, freshKey, rejection, streamOf, text } from './streams'

/** `maxBytes` is enforced while streaming, and a put that fails for any reason leaves nothing behind. */
export const limitTests: BlobStoreTest[] = [
  {
    name: 'a body of exactly maxBytes is stored',
    async run({ store }) {
      const key = freshKey('exact', 'bin')
      const bytes = bytesOf(1000, 8)
      await store.put(key, streamOf(bytes, { chunkSizes: [300] }).stream, { contentType: 'application/pdf', maxBytes: 1000 })
      await expectStored(store, key, bytes, 'application/pdf')
    },
  },
  {
    name: 'a body one byte over maxBytes rejects with BlobTooLargeError and stores nothing',
    async run({ store }) {
      const key = freshKey('over', 'bin')
      const body = streamOf(bytesOf(1001, 9), { chunkSizes: [300] })
      const error = await rejection(
        store.put(key, body.stream, { contentType: 'application/pdf', maxBytes: 1000 }),
        BlobTooLargeError,
        'put',
      )
      assert.is(error.limit, 1000)
      assert.ok(body.ended || body.cancelled, 'the body was released')
      await expectMissing(store, key, 'after an oversized put')
    },
  },
  {
    name: 'maxBytes 0 stores an empty body and refuses a single byte',
    async run({ store }) {
      const empty = freshKey('zero', 'txt')
      await store.put(empty, streamOf(new Uint8Array(0)).stream, { contentType: 'text/plain', maxBytes: 0 })
      await expectStored(store, empty, new Uint8Array(0), 'text/plain')
      const one = freshKey('one', 'txt')
      await rejection(store.put(one, streamOf(text('x')).stream, { contentType: 'text/plain', maxBytes: 0 }), BlobTooLargeError, 'put')
      await expectMissing(store, one, 'after an oversized put')
    },
  },
  {
    name: 'an endless body is refused while streaming, read little past maxBytes, and cancelled',
    async run({ store }) {
      const key = freshKey('endless', 'bin')
      const body = endlessStream(64 * 1024)
      const maxBytes = 6 * MiB + 5
      await rejection(store.put(key, body.stream, { contentType: 'video/mp4', maxBytes }), BlobTooLargeError, 'put')
      assert.ok(body.cancelled, 'the body was cancelled')
      assert.ok(body.pulled <= maxBytes + 8 * 64 * 1024, `read ${body.pulled} bytes for a limit of ${maxBytes}`)
      await expectMissing(store, key, 'after an oversized put')
    },
  },
  {
    name: 'an oversized put keeps the object stored before under that key',
    async run({ store }) {
      const key = freshKey('kept', 'bin')
      await putBytes(store, key, bytesOf(2000, 10), 'image/gif')
      await rejection(
        store.put(key, streamOf(bytesOf(7 * MiB, 11)).stream, { contentType: 'text/plain', maxBytes: 6 * MiB }),
        BlobTooLargeError,
        'put',
      )
      await expectStored(store, key, bytesOf(2000, 10), 'image/gif')
    },
  },
  {
    name: 'a body that errors midway rejects with its error and stores nothing',
    async run({ store }) {
      for (const length of [10, 7 * MiB]) {
        const key = freshKey('broken', 'bin')
        const failure = new Error(`client went away after ${length} bytes`)
        const body = streamOf(bytesOf(length, 12), { failWith: failure })
        const error = await rejection(store.put(key, body.stream, { contentType: 'application/pdf', maxBytes: 20 * MiB }), Error, 'put')
        assert.is(error, failure, 'rejects with the body error')
        await expectMissing(store, key, `after a body failed at ${length} bytes`)
      }
    },
  },
  {
    name: 'a body that errors midway keeps the object stored before under that key',
    async run({ store }) {
      const key = freshKey('kept', 'txt')
      await putBytes(store, key, text('the original'), 'text/plain')
      const failure = new Error('client went away')
      await rejection(
        store.put(key, streamOf(bytesOf(7 * MiB, 13), { failWith: failure }).stream, { contentType: 'image/png', maxBytes: 20 * MiB }),
        Error,
        'put',
      )
      await expectStored(store, key, text('the original'), 'text/plain')
    },
  },
]
