import * as assert from 'uvu/assert'
import type { BlobStoreTest } from './blob-store-test'
import { putBytes } from './round-trip-tests'
import { assertSameBytes, bytesOf, freshKey, readAll, text } from './streams'

/** `get` with a range serves inclusive byte positions and reports the whole object's size. */
export const rangeTests: BlobStoreTest[] = [
  {
    name: 'get with a range returns those bytes, the range served and the whole size',
    async run({ store }) {
      const key = freshKey('ranged', 'mp4')
      const bytes = bytesOf(1000, 51)
      await putBytes(store, key, bytes, 'video/mp4')
      const cases: Array<[{ start: number; end?: number }, { start: number; end: number }]> = [
        [
          { start: 0, end: 0 },
          { start: 0, end: 0 },
        ],
        [
          { start: 10, end: 19 },
          { start: 10, end: 19 },
        ],
        [{ start: 990 }, { start: 990, end: 999 }],
        [
          { start: 999, end: 999 },
          { start: 999, end: 999 },
        ],
        [
          { start: 500, end: 5000 },
          { start: 500, end: 999 },
        ],
        [{ start: 0 }, { start: 0, end: 999 }],
      ]
      for (const [range, served] of cases) {
        const object = await store.get(key, { range })
        if (!object) return assert.unreachable('stored object missing')
        assert.equal(object.range, served, `range ${JSON.stringify(range)}`)
        assert.is(object.size, 1000, 'size of the whole object')
        assert.is(object.contentType, 'video/mp4')
        assertSameBytes(await readAll(object.body), bytes.subarray(served.start, served.end + 1), `bytes of ${JSON.stringify(range)}`)
      }
    },
  },
  {
    name: 'a range that starts at or past the end is unsatisfiable: range null, empty body',
    async run({ store }) {
      const key = freshKey('short', 'txt')
      await putBytes(store, key, text('0123456789'), 'text/plain')
      for (const range of [{ start: 10 }, { start: 11, end: 20 }]) {
        const object = await store.get(key, { range })
        if (!object) return assert.unreachable('stored object missing')
        assert.is(object.range, null, `range ${JSON.stringify(range)}`)
        assert.is(object.size, 10, 'size of the whole object')
        assert.is((await readAll(object.body)).length, 0, 'empty body')
      }
      const empty = freshKey('empty', 'txt')
      await putBytes(store, empty, new Uint8Array(0), 'text/plain')
      const object = await store.get(empty, { range: { start: 0 } })
      if (!object) return assert.unreachable('stored object missing')
      assert.is(object.range, null, 'no byte of an empty object can be served')
      assert.is(object.size, 0)
      assert.is((await readAll(object.body)).length, 0, 'empty body')
    },
  },
  {
    name: 'get with a range of a missing key is null',
    async run({ store }) {
      assert.is(await store.get(freshKey('missing'), { range: { start: 0, end: 10 } }), null)
    },
  },
]
