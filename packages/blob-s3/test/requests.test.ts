import { BlobTooLargeError, isServiceUnavailable } from '@canvass/core'
import type { CanvassError } from '@canvass/core'
import { bytesOf, closedPort, endlessStream, readAll, streamOf } from '@canvass/test-utils'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { S3Error, createS3BlobStore } from '../src'
import type { S3BlobStoreOptions } from '../src'
import { startS3rver } from '@canvass/test-bed/s3rver'
import type { S3rverProcess } from '@canvass/test-bed/s3rver'

// What the store sends to a real S3-compatible server (s3rver on loopback), seen through the `fetch` option:
// one PUT or a multipart upload, aborts on failure, retries, and 404s told apart.

const MiB = 1024 * 1024

interface Sent {
  method: string
  /** The operation, named from the method and query as S3 does. */
  operation: string
  bytes: number
  /** 0 until answered (a request cancelled in flight stays 0). */
  status: number
}

function operationOf(method: string, url: URL): string {
  const query = url.searchParams
  if (method === 'POST' && query.has('uploads')) return 'CreateMultipartUpload'
  if (method === 'PUT' && query.has('partNumber')) return 'UploadPart'
  if (method === 'POST' && query.has('uploadId')) return 'CompleteMultipartUpload'
  if (method === 'DELETE' && query.has('uploadId')) return 'AbortMultipartUpload'
  return { PUT: 'PutObject', GET: 'GetObject', HEAD: 'HeadObject', DELETE: 'DeleteObject' }[method] ?? method
}

let server: S3rverProcess | undefined

/** A store on s3rver whose requests are recorded; `answer` may replace the server's answer to a request. */
function recordingStore(options: Partial<S3BlobStoreOptions> = {}, answer?: (sent: Sent) => Response | undefined) {
  const sent: Sent[] = []
  const store = createS3BlobStore({
    bucket: 'canvass-test',
    region: 'us-east-1',
    endpoint: server!.endpoint,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    partSize: 5 * MiB,
    ...options,
    async fetch(request) {
      const url = new URL(request.url)
      assert.is(url.hostname, '127.0.0.1', 'only loopback')
      const bytes = request.body ? (await request.clone().arrayBuffer()).byteLength : 0
      const record: Sent = { method: request.method, operation: operationOf(request.method, url), bytes, status: 0 }
      sent.push(record)
      const response = answer?.(record) ?? (await fetch(request))
      record.status = response.status
      return response
    },
  })
  return { store, sent, operations: () => sent.map(({ operation }) => operation) }
}

const requests = suite('blob-s3 requests')
requests.before(async () => {
  server = await startS3rver(['canvass-test'])
})
requests.after(async () => {
  await server?.stop()
})

requests('a body within one part is one PutObject; a larger one is a multipart upload of full parts', async () => {
  const { store, sent, operations } = recordingStore()
  await store.put('env/public/small', streamOf(bytesOf(5 * MiB, 1)).stream, { contentType: 'image/png', maxBytes: 20 * MiB })
  assert.equal(operations(), ['PutObject'], 'exactly one part: one PUT')
  sent.length = 0
  const stored = await store.put('env/public/large', streamOf(bytesOf(12 * MiB + 1, 2), { chunkSizes: [100_000] }).stream, {
    contentType: 'video/mp4',
    maxBytes: 20 * MiB,
  })
  assert.equal(operations(), ['CreateMultipartUpload', 'UploadPart', 'UploadPart', 'UploadPart', 'CompleteMultipartUpload'])
  assert.equal(
    sent
      .filter((s) => s.operation === 'UploadPart')
      .map((s) => s.bytes)
      .sort((a, b) => b - a),
    [5 * MiB, 5 * MiB, 2 * MiB + 1],
  )
  assert.is(stored.size, 12 * MiB + 1)
  assert.match(stored.etag ?? '', /^"[^"]+"$/, 'the etag of the completed upload')
  const head = await store.head('env/public/large')
  assert.equal([head?.size, head?.contentType], [12 * MiB + 1, 'video/mp4'], 'the content type given at CreateMultipartUpload')
})

requests('parts grow when maxBytes needs more than 10,000 of them', async () => {
  const { store, sent } = recordingStore()
  const maxBytes = 60 * 1024 * MiB
  await store.put('env/public/huge-limit', streamOf(bytesOf(12 * MiB, 3)).stream, { contentType: 'application/zip', maxBytes })
  const parts = sent.filter((s) => s.operation === 'UploadPart').map((s) => s.bytes)
  assert.ok(parts.includes(Math.ceil(maxBytes / 10_000)), `parts of ${Math.ceil(maxBytes / 10_000)} bytes, got ${parts}`)
})

requests('a body that fails or passes maxBytes after some parts aborts the multipart upload', async () => {
  const { store, operations } = recordingStore()
  const failure = new Error('client went away')
  const broken = store.put('env/public/broken', streamOf(bytesOf(11 * MiB, 4), { failWith: failure }).stream, {
    contentType: 'text/plain',
    maxBytes: 20 * MiB,
  })
  await broken.then(
    () => assert.unreachable('stored'),
    (error: unknown) => assert.is(error, failure),
  )
  assert.ok(operations().includes('UploadPart'), 'parts were sent before the failure')
  assert.is(operations().at(-1), 'AbortMultipartUpload')
  assert.not.ok(operations().includes('CompleteMultipartUpload'))

  const oversized = recordingStore()
  const body = endlessStream()
  await oversized.store.put('env/public/endless', body.stream, { contentType: 'text/plain', maxBytes: 11 * MiB }).then(
    () => assert.unreachable('stored'),
    (error: unknown) => assert.instance(error, BlobTooLargeError),
  )
  assert.ok(body.cancelled, 'the body was cancelled')
  assert.is(oversized.operations().at(-1), 'AbortMultipartUpload')
  assert.not.ok(oversized.operations().includes('CompleteMultipartUpload'))
  assert.ok(oversized.operations().filter((o) => o === 'UploadPart').length <= 2, 'no part past the limit was sent')
})

requests('a failed part stops the upload, aborts it and rejects with the S3 error', async () => {
  const { store, operations } = recordingStore({}, ({ operation }) =>
    operation === 'UploadPart' ? new Response('<Error><Code>AccessDenied</Code><Message>no</Message></Error>', { status: 403 }) : undefined,
  )
  const body = streamOf(bytesOf(30 * MiB, 5))
  const error = await store.put('env/public/denied', body.stream, { contentType: 'text/plain', maxBytes: 40 * MiB }).then(
    () => assert.unreachable('stored'),
    (e: unknown) => e,
  )
  assert.instance(error, S3Error)
  assert.is((error as S3Error).code, 'AccessDenied')
  assert.is((error as S3Error).status, 403)
  assert.ok(body.cancelled, 'the rest of the body was cancelled')
  assert.is(operations().at(-1), 'AbortMultipartUpload')
  assert.is(await store.head('env/public/denied'), null)
})

requests('throttling (503) is retried; other errors are not', async () => {
  let throttled = 0
  const { store, operations } = recordingStore({}, ({ operation }) => {
    if (operation === 'PutObject' && throttled++ < 2) return new Response('<Error><Code>SlowDown</Code></Error>', { status: 503 })
    return undefined
  })
  await store.put('env/public/retried', streamOf(bytesOf(1000, 6)).stream, { contentType: 'text/plain', maxBytes: 1000 })
  assert.equal(operations(), ['PutObject', 'PutObject', 'PutObject'])
  const object = await store.get('env/public/retried')
  assert.equal(await readAll(object!.body), bytesOf(1000, 6))

  const forbidden = recordingStore({}, ({ operation }) => (operation === 'HeadObject' ? new Response(null, { status: 403 }) : undefined))
  await forbidden.store.head('env/public/retried').then(
    () => assert.unreachable('answered'),
    (error: unknown) => assert.is((error as S3Error).code, 'HTTP 403'),
  )
  assert.equal(forbidden.operations(), ['HeadObject'])
})

requests('a missing bucket is an error, never a missing object', async () => {
  const { store } = recordingStore({ bucket: 'no-such-bucket' })
  for (const call of [() => store.get('env/public/x'), () => store.delete('env/public/x')]) {
    await call().then(
      () => assert.unreachable('answered'),
      (error: unknown) => assert.is((error as S3Error).code, 'NoSuchBucket'),
    )
  }
})

// Issue 58, item 25: a store that cannot be reached was a TypeError, which the upload route answered 500.
requests('a store that cannot be reached is service_unavailable (503 with Retry-After), each method', async () => {
  const port = await closedPort()
  const store = createS3BlobStore({
    bucket: 'canvass-test',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  })
  const calls: [string, () => Promise<unknown>][] = [
    ['put', () => store.put('env/public/x', streamOf(bytesOf(10, 1)).stream, { contentType: 'text/plain', maxBytes: 10 })],
    ['get', () => store.get('env/public/x')],
    ['head', () => store.head('env/public/x')],
    ['delete', () => store.delete('env/public/x')],
  ]
  for (const [name, call] of calls) {
    await call().then(
      () => assert.unreachable(`${name} answered`),
      (error: unknown) => {
        assert.ok(isServiceUnavailable(error), `${name}: ${String(error)}`)
        assert.is((error as CanvassError).status, 503)
        assert.ok((error as CanvassError).headers['retry-after'], 'Retry-After')
      },
    )
  }
})

requests.run()
