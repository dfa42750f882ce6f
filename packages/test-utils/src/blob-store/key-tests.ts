import { BlobKeyError, createId } from '@canvass/core'
import * as assert from 'uvu/assert'
import type { BlobStoreTest } from './blob-store-test'
import { expectMissing, expectStored, putBytes } from './round-trip-tests'
import { freshKey, rejection, streamOf, text } from './streams'

/** Keys that every store refuses, whatever a name normaliser upstream let through. */
export const HOSTILE_KEYS: readonly string[] = [
  '',
  '/etc/passwd',
  '../outside',
  'env/public/../../outside',
  'env/public/..',
  'env/./public/x',
  'env//public/x',
  'env/public/',
  'env\\public\\x',
  '..\\outside',
  'env/public/x\u0000.png',
  'env/public/x\n.png',
  'env/public/x\r\nx-amz-acl: public-read',
  'env/public/x\u007f',
  'env/public/\uD800',
  `env/public/${'x'.repeat(1100)}`,
]

/** Keys are checked before anything is touched, and otherwise taken literally. */
export const keyTests: BlobStoreTest[] = [
  {
    name: 'every method refuses hostile keys with BlobKeyError and cancels a refused body',
    async run({ store }) {
      for (const key of HOSTILE_KEYS) {
        const what = JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key)
        const body = streamOf(text('must not be stored'))
        await rejection(store.put(key, body.stream, { contentType: 'text/plain', maxBytes: 100 }), BlobKeyError, `put ${what}`)
        assert.ok(body.cancelled, `put ${what} cancelled the body`)
        assert.is(body.pulled, 0, `put ${what} read nothing`)
        await rejection(store.get(key), BlobKeyError, `get ${what}`)
        await rejection(store.get(key, { range: { start: 0 } }), BlobKeyError, `get range ${what}`)
        await rejection(store.head(key), BlobKeyError, `head ${what}`)
        await rejection(store.delete(key), BlobKeyError, `delete ${what}`)
      }
    },
  },
  {
    name: 'keys are taken literally: encoded dots and slashes, spaces, plus signs and symbols are plain characters',
    async run({ store }) {
      const environment = createId()
      const names = [
        '%2e%2e',
        '%2e%2e%2fescape',
        'a%2Fb',
        'a b',
        'a+b',
        'a%20b',
        'caf\u00e9',
        'cafe\u0301',
        '\u{1F600}\u2025\uFF0F',
        "q?x=1&y=2#h;'!*()~$@,:=",
        '..a',
        '.hidden',
      ]
      const keys = names.map((name) => `${environment}/public/${name}`)
      for (const [i, key] of keys.entries()) await putBytes(store, key, text(`object ${i}`), 'text/plain')
      for (const [i, key] of keys.entries()) await expectStored(store, key, text(`object ${i}`), 'text/plain')
      await expectMissing(store, `${environment}/public/a/b`, 'a/b is not a%2Fb')
      await expectMissing(store, `${environment}/private/a b`, 'another folder')
    },
  },
  {
    name: 'a key that is a folder of other keys holds no object',
    async run({ store }) {
      const key = freshKey('nested', 'txt')
      const folder = key.slice(0, key.lastIndexOf('/'))
      await putBytes(store, key, text('inside'), 'text/plain')
      await expectMissing(store, folder, 'a folder')
      await expectMissing(store, folder.slice(0, folder.indexOf('/')), 'the environment folder')
      await store.delete(folder)
      await expectStored(store, key, text('inside'), 'text/plain')
    },
  },
]
