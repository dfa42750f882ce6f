/**
 * @module
 * Canvass file uploads on S3 or any S3-compatible store, over `fetch` with SigV4 signing: streamed,
 * bounded by a size limit, one PUT for small bodies and an aborted-on-failure multipart upload for large ones;
 * `listKeys` lists a bucket page by page (what a backup copies).
 *
 * ```ts
 * import { createS3BlobStore } from '@canvass/blob-s3'
 * const blobs = createS3BlobStore({ bucket: 'uploads', region: 'eu-west-1', accessKeyId, secretAccessKey })
 * ```
 */
export { createS3BlobStore } from './s3-blob-store'
export type { S3BlobStore, S3BlobStoreOptions } from './s3-blob-store'
export type { S3ListKeysOptions } from './list-keys'
export { S3Error } from './s3-error'
