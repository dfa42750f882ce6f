import { assertBlobKey, assertBlobPutOptions, assertBlobRange } from '@canvass/core'
import type { BlobGetOptions, BlobMetadata, BlobObject, BlobPutOptions, BlobStore } from '@canvass/core'
import { listKeys } from './list-keys'
import type { S3ListKeysOptions } from './list-keys'
import { multipartUpload } from './multipart-upload'
import { createPartReader } from './part-reader'
import type { S3Connection } from './s3-client'
import { createS3Client, s3Error } from './s3-client'

export interface S3BlobStoreOptions {
  /** The bucket that holds every object, at key `{key}`. */
  bucket: string
  /** The bucket's region (`auto` for Cloudflare R2); signs every request. */
  region: string
  /**
   * The S3 API's base URL, for S3-compatible stores (MinIO, R2, Ceph, …); may carry a path prefix.
   * @default `https://s3.${region}.amazonaws.com`
   */
  endpoint?: string
  /** The access key that signs every request (SigV4). */
  accessKeyId: string
  /** The secret of `accessKeyId`. */
  secretAccessKey: string
  /** For temporary credentials (STS). @default undefined */
  sessionToken?: string
  /**
   * Address the bucket in the path (`{endpoint}/{bucket}/{key}`) instead of the host name
   * (`{bucket}.{endpoint host}/{key}`): needed for most self-hosted stores and for bucket names that are not
   * host names.
   * @default false
   */
  forcePathStyle?: boolean
  /**
   * Bytes per part of a multipart upload, and the threshold for one: a body that fits in one part goes as one
   * PUT. Between 5 MiB (S3's smallest part) and 5 GiB. Raised automatically when `maxBytes` needs more than
   * S3's 10,000 parts. Memory per upload is about `partSize × (queueSize + 1)`.
   * @default 8 MiB
   */
  partSize?: number
  /**
   * Parts of one upload sent at once.
   * @default 4
   */
  queueSize?: number
  /**
   * Sends the signed requests: a custom agent, a proxy, a test's loopback transport.
   * @default globalThis.fetch
   */
  fetch?: (request: Request) => Promise<Response>
}

/**
 * The S3 store: a `BlobStore`, and what S3 can do besides, which the port does not ask of every store.
 */
export interface S3BlobStore extends BlobStore {
  /**
   * Every key in the bucket (or under `prefix`), page by page (ListObjectsV2, `s3:ListBucket`): what a backup
   * copies. Keys are listed as S3 holds them, including any that other tools wrote and that the `BlobStore`
   * methods would refuse (a console's folder marker `photos/`, say).
   */
  listKeys(options?: S3ListKeysOptions): AsyncIterable<string>
}

const MiB = 1024 * 1024
const MIN_PART = 5 * MiB
const MAX_PART = 5 * 1024 * MiB
const MAX_PARTS = 10_000

/**
 * A `BlobStore` on S3 or an S3-compatible store, over `fetch` with SigV4 signing (Node, Deno, Bun, Workers).
 * Bodies stream: up to one part is held in memory, sent as one PUT when the body ends within it, otherwise
 * as a multipart upload that is aborted if the body fails or passes `maxBytes`.
 *
 * ```ts
 * const blobs = createS3BlobStore({ bucket: 'uploads', region: 'eu-west-1', accessKeyId, secretAccessKey })
 * ```
 */
export function createS3BlobStore(options: S3BlobStoreOptions): S3BlobStore {
  const partSize = options.partSize ?? 8 * MiB
  const queueSize = options.queueSize ?? 4
  if (!Number.isSafeInteger(partSize) || partSize < MIN_PART || partSize > MAX_PART) {
    throw new RangeError('blob-s3: partSize must be an integer from 5 MiB to 5 GiB')
  }
  if (!Number.isSafeInteger(queueSize) || queueSize < 1) throw new RangeError('blob-s3: queueSize must be a positive integer')
  const connection: S3Connection = options
  const client = createS3Client(connection)

  async function head(key: string): Promise<BlobMetadata | null> {
    assertBlobKey(key)
    const response = await client.request('HEAD', client.objectUrl(key))
    if (response.status === 404) return null
    if (!response.ok) throw await s3Error('HeadObject', response)
    return metadataOf(response, Number(response.headers.get('content-length')))
  }

  return {
    head,

    listKeys: (listOptions?: S3ListKeysOptions) => listKeys(client, listOptions),

    async put(key: string, body: ReadableStream<Uint8Array>, putOptions: BlobPutOptions): Promise<BlobMetadata> {
      try {
        assertBlobKey(key)
        assertBlobPutOptions(putOptions)
      } catch (error) {
        await body.cancel(error).catch(() => {})
        throw error
      }
      const { contentType, maxBytes } = putOptions
      const parts = createPartReader(body, Math.max(partSize, Math.ceil(maxBytes / MAX_PARTS)), maxBytes)
      let size = 0
      const counted = async () => {
        const part = await parts.next()
        size += part.bytes.length
        return part
      }
      try {
        const first = await counted()
        if (first.last) {
          const response = await client.request('PUT', client.objectUrl(key), {
            headers: { 'content-type': contentType },
            body: first.bytes,
          })
          if (!response.ok) throw await s3Error('PutObject', response)
          await response.body?.cancel()
          return { size, contentType, ...etagOf(response.headers.get('etag')) }
        }
        const etag = await multipartUpload(client, { key, contentType, first, next: counted, queueSize })
        return { size, contentType, ...etagOf(etag) }
      } catch (error) {
        await parts.cancel(error)
        throw error
      }
    },

    async get(key: string, getOptions: BlobGetOptions = {}): Promise<BlobObject | null> {
      assertBlobKey(key)
      const { range } = getOptions
      if (range) assertBlobRange(range)
      const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end ?? ''}` } : {}
      const response = await client.request('GET', client.objectUrl(key), { headers })
      if (response.status === 404) return missing('GetObject', response)
      if (range && response.status === 416) {
        await response.body?.cancel()
        const metadata = await head(key)
        return metadata && { ...metadata, range: null, body: emptyStream() }
      }
      if (!response.ok) throw await s3Error('GetObject', response)
      const body = response.body ?? emptyStream()
      if (!range) return { ...metadataOf(response, Number(response.headers.get('content-length'))), body }
      const served = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.headers.get('content-range') ?? '')
      if (response.status !== 206 || !served) {
        await body.cancel()
        throw new Error(`blob-s3: GetObject with a Range answered ${response.status} without a usable Content-Range`)
      }
      const [start, end, size] = served.slice(1).map(Number) as [number, number, number]
      if (size === 0) {
        // Some S3-compatible servers answer 206 for an empty object where S3 answers 416.
        await body.cancel()
        return { ...metadataOf(response, 0), range: null, body: emptyStream() }
      }
      if (start !== range.start || end < start) {
        await body.cancel()
        throw new Error(`blob-s3: GetObject served bytes ${start}-${end} for a range from ${range.start}`)
      }
      // Some S3-compatible servers serve to the end when asked for less (s3rver ignores an end of 0).
      const wanted = Math.min(end, range.end ?? end)
      return {
        ...metadataOf(response, size),
        range: { start, end: wanted },
        body: wanted < end ? firstBytes(body, wanted - start + 1) : body,
      }
    },

    async delete(key: string): Promise<void> {
      assertBlobKey(key)
      const response = await client.request('DELETE', client.objectUrl(key))
      if (response.status === 404) {
        await missing('DeleteObject', response)
        return
      }
      if (!response.ok) throw await s3Error('DeleteObject', response)
      await response.body?.cancel()
    },
  }
}

/** A 404 means no such object, unless the bucket itself is missing: that is a configuration error. */
async function missing(operation: string, response: Response): Promise<null> {
  const error = await s3Error(operation, response)
  if (error.code === 'NoSuchBucket') throw error
  return null
}

function metadataOf(response: Response, size: number): BlobMetadata {
  if (!Number.isSafeInteger(size) || size < 0) throw new Error('blob-s3: S3 answered without a valid object size')
  const lastModified = new Date(response.headers.get('last-modified') ?? Number.NaN)
  return {
    size,
    contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    ...etagOf(response.headers.get('etag')),
    ...(Number.isNaN(lastModified.getTime()) ? {} : { lastModified }),
  }
}

function etagOf(etag: string | null | undefined): { etag?: string } {
  return etag ? { etag } : {}
}

/** The first `length` bytes of a stream; the rest is cancelled unread. */
function firstBytes(body: ReadableStream<Uint8Array>, length: number): ReadableStream<Uint8Array> {
  let left = length
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (chunk.length >= left) {
          controller.enqueue(chunk.subarray(0, left))
          left = 0
          controller.terminate()
        } else {
          controller.enqueue(chunk)
          left -= chunk.length
        }
      },
    }),
  )
}

function emptyStream(): ReadableStream<Uint8Array> {
  return new ReadableStream({ start: (controller) => controller.close() })
}
