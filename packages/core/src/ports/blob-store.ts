/**
 * The blob-store port: where uploaded files live. An adapter (`@canvass/blob-fs`, `@canvass/blob-s3`)
 * implements it; core decides every key, checks every upload's signature, name and type, and answers HTTP.
 *
 * Keys are produced by core, shaped `{environmentId}/{public|private}/{fileName}`, with names already
 * normalised (docs/design.md, "Uploads"). Adapters check them again all the same (defence in depth).
 *
 * Rules every implementation MUST follow:
 * - Every method MUST refuse a key that {@link assertBlobKey} refuses (empty, absolute, a `.` or `..` or
 *   empty segment, a backslash, NUL or another control character, ill-formed Unicode, over 1024 UTF-8
 *   bytes) by rejecting with {@link BlobKeyError}, before touching storage. Keys are taken literally:
 *   `%2e%2e` is three characters, never `..`.
 * - A key MUST NOT reach anything outside the store (another bucket, a file outside the root folder, a
 *   symbolic link that leads out).
 * - `put` MUST store either the whole body with its content type or nothing: a put that fails, whose body
 *   errors, or whose body exceeds `maxBytes` MUST leave no new object, and an object stored earlier under
 *   that key MUST stay as it was. Over the limit it MUST reject with {@link BlobTooLargeError}; when the body
 *   errors it MUST reject with the body's error.
 * - `put` MUST enforce `maxBytes` while streaming: it MUST stop reading as soon as more than `maxBytes`
 *   bytes arrived, and MUST NOT hold more of the body in memory than its own part or chunk size needs.
 * - `put` MUST, in every outcome (stored, refused, failed), have read the body to its end or cancelled it,
 *   so that the request it came from is released.
 * - Concurrent puts of one key MUST leave one of the bodies, whole, with its own content type: never a mix
 *   of two bodies, nor one body with another's content type. Readers MUST see the old object or the new
 *   one, never a partial one.
 * - `get` and `head` of a key that holds no object MUST resolve to `null` (also when the key is the prefix
 *   of other keys, as a folder would be); `delete` of such a key MUST succeed (deletes are idempotent).
 * - Bytes and content type MUST come back exactly as stored.
 * - When the store cannot be reached (connection refused or reset, a host that does not resolve), a method
 *   MUST reject with `serviceUnavailable(cause)` from `@canvass/core`: the client then gets 503 with
 *   `Retry-After`, in the route's error shape, instead of a 500 (docs/webhooks-and-uploads.md).
 */
export interface BlobStore {
  /**
   * Streams `body` under `key`, replacing what was there; resolves once the whole object is stored (and
   * flushed to disk where the store does that) with its metadata.
   */
  put(key: string, body: ReadableStream<Uint8Array>, options: BlobPutOptions): Promise<BlobMetadata>
  /**
   * The object's bytes and metadata, or `null` when there is none. The caller MUST read `body` to its end
   * or cancel it: that releases the file handle or connection behind it.
   */
  get(key: string, options?: BlobGetOptions): Promise<BlobObject | null>
  /** The object's metadata without its bytes, or `null` when there is none. */
  head(key: string): Promise<BlobMetadata | null>
  /** Removes the object if there is one. */
  delete(key: string): Promise<void>
}

export interface BlobPutOptions {
  /**
   * MIME type stored with the object and returned by `get` and `head` unchanged. Core passes a valid MIME
   * type: printable ASCII, at most 255 characters; adapters reject anything else with a `TypeError`.
   */
  contentType: string
  /**
   * Most bytes the body may hold: a body of exactly `maxBytes` is stored, one byte more rejects with
   * {@link BlobTooLargeError} and stores nothing. A non-negative safe integer.
   */
  maxBytes: number
}

export interface BlobMetadata {
  /** Size of the whole object in bytes. */
  size: number
  contentType: string
  /** An opaque, quoted entity tag that changes whenever the object is replaced, when the store has one. */
  etag?: string
  /** When the object was stored, when the store knows it. */
  lastModified?: Date
}

export interface BlobGetOptions {
  /** Only these bytes of the object, as HTTP's `Range: bytes=start-end`. */
  range?: BlobRange
}

/**
 * Inclusive byte positions, as in HTTP's `bytes=start-end`: `start` a non-negative safe integer, `end` at
 * least `start`; an `end` past the last byte, or none, means up to the last byte. Suffix ranges
 * (`bytes=-n`) are the caller's to resolve with `head`.
 */
export interface BlobRange {
  start: number
  end?: number
}

export interface BlobObject extends BlobMetadata {
  /** The object's bytes, or the range's when one was asked for. */
  body: ReadableStream<Uint8Array>
  /**
   * Set only when a range was asked for: the inclusive positions `body` holds (`end` clamped to the last
   * byte), or `null` when the range starts at or past the end of the object, where HTTP answers 416 with a
   * `Content-Range` that gives only `size`; `body` is then empty.
   */
  range?: { start: number; end: number } | null
}
