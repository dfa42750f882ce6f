import { join, resolve } from 'node:path'
import { createFsBlobStore } from '@canvass/blob-fs'
import { createS3BlobStore } from '@canvass/blob-s3'
import type { S3BlobStore } from '@canvass/blob-s3'
import type { BlobStore } from '@canvass/core'
import { readBooleanSetting } from './boolean-setting'

/**
 * Where uploads go: S3 (or an S3-compatible store) when `S3_BUCKET` is set, otherwise a folder, `BLOB_DIR`
 * or `DATA_DIR/uploads`. Returns the store and a line that says which, for the start-up message.
 */
export function openBlobStore(env: NodeJS.ProcessEnv, dataDir: string, base: string): { blobStore: BlobStore; description: string } {
  const s3 = openS3BlobStore(env)
  if (s3) return { blobStore: s3.store, description: `uploads in S3 bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ''}` }
  const root = blobFolder(env, dataDir, base)
  return { blobStore: createFsBlobStore({ root }), description: `uploads in ${root}` }
}

/** Where the S3 store of `S3_BUCKET` is: what a backup may record, never a credential. */
export interface S3Location {
  bucket: string
  region: string
  /** `S3_ENDPOINT`, when set (AWS otherwise). */
  endpoint?: string
}

/** The S3 store of `S3_BUCKET` and where it is, or `undefined` when uploads go to a folder. */
export function openS3BlobStore(env: NodeJS.ProcessEnv): (S3Location & { store: S3BlobStore }) | undefined {
  const bucket = env.S3_BUCKET
  if (!bucket) return undefined
  const accessKeyId = env.S3_ACCESS_KEY_ID ?? env.AWS_ACCESS_KEY_ID
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? env.AWS_SECRET_ACCESS_KEY
  if (!accessKeyId || !secretAccessKey) throw new Error('S3_BUCKET is set but S3_ACCESS_KEY_ID or S3_SECRET_ACCESS_KEY is not')
  const region = env.S3_REGION || env.AWS_REGION || 'us-east-1'
  const endpoint = env.S3_ENDPOINT || undefined
  const store = createS3BlobStore({
    bucket,
    region,
    endpoint,
    accessKeyId,
    secretAccessKey,
    sessionToken: env.S3_SESSION_TOKEN || undefined,
    forcePathStyle: readBooleanSetting('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE, false),
    // Two 8 MiB parts in flight: an upload holds about 24 MiB at most, whatever the file's size.
    queueSize: 2,
  })
  return { store, bucket, region, ...(endpoint ? { endpoint } : {}) }
}

/** The folder that holds the uploads when no S3 bucket does: `BLOB_DIR` (relative to `base`), else `DATA_DIR/uploads`. */
export function blobFolder(env: NodeJS.ProcessEnv, dataDir: string, base: string): string {
  return env.BLOB_DIR ? resolve(base, env.BLOB_DIR) : join(dataDir, 'uploads')
}

/** `CANVASS_UPLOAD_MAX_BYTES`: the largest upload, 10 MiB unless set. */
export function uploadMaxBytes(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.CANVASS_UPLOAD_MAX_BYTES
  if (!raw) return undefined
  const value = Number(raw)
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`CANVASS_UPLOAD_MAX_BYTES must be a positive integer, got "${raw}"`)
  return value
}
