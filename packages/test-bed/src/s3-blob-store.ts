import { createS3BlobStore } from '@canvass/blob-s3'
import type { BlobStore } from '@canvass/core'
import { startS3rver } from './s3rver'

/** A blob store on S3: `@canvass/blob-s3` on an s3rver process of its own, on loopback. */
export interface TestS3BlobStore {
  blobStore: BlobStore
  /** s3rver's `http://127.0.0.1:<port>`. */
  endpoint: string
  bucket: string
  /** Stops s3rver and removes its folder. */
  stop(): Promise<void>
}

/**
 * Starts s3rver with one bucket and opens `@canvass/blob-s3` on it, path-style, as a server configured with
 * `S3_ENDPOINT` and `S3_FORCE_PATH_STYLE` does: pass `blobStore` to `createTestCanvass`.
 */
export async function startTestS3BlobStore(bucket = 'canvass-test'): Promise<TestS3BlobStore> {
  const s3rver = await startS3rver([bucket])
  const blobStore = createS3BlobStore({
    bucket,
    region: 'us-east-1',
    endpoint: s3rver.endpoint,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  })
  return { blobStore, endpoint: s3rver.endpoint, bucket, stop: s3rver.stop }
}
