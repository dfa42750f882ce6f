/**
 * The checks every blob store shares (`BlobStore`'s rules): which keys are valid, and which put options and ranges.
 */
import { CanvassError } from '../errors'
import type { BlobPutOptions, BlobRange } from './blob-store'

/**
 * A put's body held more than `maxBytes`; nothing was stored. The upload route answers 413 `File is too
 * large`; anywhere else the error boundary answers 413 `payload_too_large`. Fix: send a smaller file, or
 * raise the configured upload limit.
 */
export class BlobTooLargeError extends CanvassError {
  /** The `maxBytes` the body exceeded. */
  readonly limit: number

  constructor(limit: number, options: { cause?: unknown } = {}) {
    super('payload_too_large', 'File is too large', { details: { limit }, cause: options.cause })
    this.name = 'BlobTooLargeError'
    this.limit = limit
  }
}

/**
 * A blob key that no adapter accepts (see {@link assertBlobKey}); nothing was read or written. Core builds
 * keys from normalised names, so reaching this means a name slipped past normalisation: answered 400.
 */
export class BlobKeyError extends CanvassError {
  constructor(reason: string) {
    super('bad_request', `Invalid file key: ${reason}`, { details: { reason } })
    this.name = 'BlobKeyError'
  }
}

// Lone surrogates would turn into U+FFFD on their way to bytes, so two different keys could name one file.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/
const MAX_KEY_BYTES = 1024
const encoder = new TextEncoder()

/**
 * Throws {@link BlobKeyError} unless `key` is a relative, `/`-separated path that names the same thing on
 * every store: not empty, at most 1024 UTF-8 bytes (S3's limit), no leading `/`, no empty, `.` or `..`
 * segment, no backslash, no control character (C0, DEL, C1), no lone surrogate. Adapters call it first.
 */
export function assertBlobKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new BlobKeyError('empty')
  if (encoder.encode(key).length > MAX_KEY_BYTES) throw new BlobKeyError(`longer than ${MAX_KEY_BYTES} bytes`)
  if (key.startsWith('/')) throw new BlobKeyError('absolute')
  if (key.includes('\\')) throw new BlobKeyError('backslash')
  if (CONTROL.test(key)) throw new BlobKeyError('control character')
  if (LONE_SURROGATE.test(key)) throw new BlobKeyError('ill-formed Unicode')
  for (const segment of key.split('/')) {
    if (segment === '') throw new BlobKeyError('empty segment')
    if (segment === '.' || segment === '..') throw new BlobKeyError('dot segment')
  }
}

const PRINTABLE_ASCII = /^[\u0020-\u007E]+$/

/** Throws a `TypeError` or `RangeError` for put options that break the port's rules; adapters call it. */
export function assertBlobPutOptions(options: BlobPutOptions): void {
  const { contentType, maxBytes } = options
  if (typeof contentType !== 'string' || contentType.length > 255 || !PRINTABLE_ASCII.test(contentType)) {
    throw new TypeError('contentType must be 1 to 255 printable ASCII characters')
  }
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw new RangeError('maxBytes must be a non-negative safe integer')
}

/** Throws a `RangeError` for a range that breaks {@link BlobRange}'s rules; adapters call it. */
export function assertBlobRange(range: BlobRange): void {
  const { start, end } = range
  if (!Number.isSafeInteger(start) || start < 0) throw new RangeError('range.start must be a non-negative safe integer')
  if (end !== undefined && (!Number.isSafeInteger(end) || end < start)) {
    throw new RangeError('range.end must be a safe integer no less than range.start')
  }
}
