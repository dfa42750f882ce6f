import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { BlobKeyError, BlobTooLargeError, CanvassError, assertBlobKey, assertBlobPutOptions, assertBlobRange } from '../src'
import type { Logger } from '../src'
import { errorResponse } from '../src/http/boundary'

const keys = suite('assertBlobKey')
keys('accepts the keys core builds and other plain relative paths', () => {
  for (const key of [
    'clx1/public/photo--fid--3f0e.png',
    'clx1/private/r\u00e9sum\u00e9 (1)--fid--3f0e.pdf',
    'a',
    'a/b/c/d',
    '.hidden/..a/a..',
    '%2e%2e/%2F/x',
    'emoji \u{1F600}/\u2025',
    'C:/not-a-drive-here',
    'x'.repeat(1024),
  ]) {
    assertBlobKey(key)
  }
})
keys('refuses empty, absolute, dot, backslash, control, ill-formed and overlong keys', () => {
  const refused: Array<[string, string]> = [
    ['', 'empty'],
    ['/etc/passwd', 'absolute'],
    ['..', 'dot segment'],
    ['../a', 'dot segment'],
    ['a/../b', 'dot segment'],
    ['a/..', 'dot segment'],
    ['./a', 'dot segment'],
    ['a/./b', 'dot segment'],
    ['a//b', 'empty segment'],
    ['a/', 'empty segment'],
    ['a\\b', 'backslash'],
    ['..\\a', 'backslash'],
    ['a\u0000b', 'control character'],
    ['a\nb', 'control character'],
    ['a\u001fb', 'control character'],
    ['a\u007fb', 'control character'],
    ['a\u0085b', 'control character'],
    ['a\uD800b', 'ill-formed Unicode'],
    ['a\uDC00', 'ill-formed Unicode'],
    ['\u00e9'.repeat(513), 'longer than 1024 bytes'],
  ]
  for (const [key, reason] of refused) {
    try {
      assertBlobKey(key)
      assert.unreachable(`accepted ${JSON.stringify(key)}`)
    } catch (error) {
      assert.instance(error, BlobKeyError, JSON.stringify(key))
      assert.is((error as BlobKeyError).details.reason, reason, JSON.stringify(key))
    }
  }
  // Callers without types may pass anything.
  const untyped = assertBlobKey as (key: unknown) => void
  assert.throws(
    () => untyped(undefined),
    (error: unknown) => error instanceof BlobKeyError,
  )
})
keys.run()

const options = suite('assertBlobPutOptions and assertBlobRange')
options('accept sound values and refuse the rest', () => {
  assertBlobPutOptions({ contentType: 'text/plain; charset=utf-8', maxBytes: 0 })
  assertBlobPutOptions({ contentType: `x/${'y'.repeat(253)}`, maxBytes: Number.MAX_SAFE_INTEGER })
  for (const contentType of ['', 'text/plain\r\nx-evil: 1', 'text/\u00e9', `x/${'y'.repeat(254)}`]) {
    assert.throws(() => assertBlobPutOptions({ contentType, maxBytes: 1 }), TypeError, JSON.stringify(contentType))
  }
  for (const maxBytes of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
    assert.throws(() => assertBlobPutOptions({ contentType: 'a/b', maxBytes }), RangeError, String(maxBytes))
  }
  assertBlobRange({ start: 0 })
  assertBlobRange({ start: 5, end: 5 })
  for (const range of [{ start: -1 }, { start: 0.5 }, { start: 3, end: 2 }, { start: 0, end: Number.NaN }]) {
    assert.throws(() => assertBlobRange(range), RangeError, JSON.stringify(range))
  }
})
options.run()

const errors = suite('blob errors')
errors('are CanvassErrors that the boundary answers with 413 and 400, never 500', async () => {
  const tooLarge = new BlobTooLargeError(10)
  assert.instance(tooLarge, CanvassError)
  assert.is(tooLarge.name, 'BlobTooLargeError')
  assert.is(tooLarge.limit, 10)
  const silent: Logger = { error: () => assert.unreachable('logged as unexpected'), warn: () => {} }
  const response = errorResponse(tooLarge, silent)
  assert.is(response.status, 413)
  assert.equal(await response.json(), { code: 'payload_too_large', message: 'File is too large', details: { limit: 10 } })
  const badKey = errorResponse(new BlobKeyError('dot segment'), silent)
  assert.is(badKey.status, 400)
  assert.is(((await badKey.json()) as { code: string }).code, 'bad_request')
})
errors.run()
