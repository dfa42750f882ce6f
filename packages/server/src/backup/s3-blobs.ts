import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createFsBlobStore } from '@canvass/blob-fs'
import type { S3BlobStore } from '@canvass/blob-s3'
import { assertBlobKey, isServiceUnavailable } from '@canvass/core'
import type { S3Location } from '../blob-store'
import { causeCode } from '../check-config'
import { filesUnder } from './manifest'

/** The temporary files of uploads still being written (`@canvass/blob-fs`): never part of a backup. */
export const BLOB_TEMP_PREFIX = '.canvass-tmp-'

/** Objects copied at once, each way: enough to hide S3's latency per object, few enough to stay gentle. */
const COPIES_AT_ONCE = 4

export interface BucketCopy {
  /** Objects copied. */
  count: number
  /**
   * Keys not copied: those Canvass never writes (a console's folder marker `photos/`, say) and those a folder
   * cannot hold (a name starting `.canvass-tmp-`, which blob-fs keeps for its temporary files).
   */
  leftOut: string[]
}

/**
 * Copies every object of the bucket into `into`, each streamed into a file as `@canvass/blob-fs` keeps an
 * upload (its content type, then its bytes), so the backup's `blobs/` has one layout whatever held the uploads.
 * An object deleted between the listing and its copy is not copied, as it is no longer an upload.
 */
export async function copyBucket(store: S3BlobStore, into: string): Promise<BucketCopy> {
  const folder = createFsBlobStore({ root: into })
  const copied: BucketCopy = { count: 0, leftOut: [] }
  await eachAtOnce(store.listKeys(), async (key) => {
    if (!isUploadKey(key)) {
      copied.leftOut.push(key)
      return
    }
    const object = await store.get(key)
    if (!object) return
    await folder.put(key, object.body, { contentType: object.contentType, maxBytes: object.size })
    copied.count++
  })
  return copied
}

/**
 * Puts every upload of a backup's `blobs/` (checked against the manifest beforehand) into the bucket. With
 * `replace`, the bucket's objects that the backup does not hold are deleted afterwards, as a folder's are
 * replaced: uploads made after the backup would otherwise stay with no response naming them. Objects of the kind
 * a backup leaves out stay.
 */
export async function restoreBucket(store: S3BlobStore, from: string, replace: boolean): Promise<{ count: number; removed: number }> {
  const folder = createFsBlobStore({ root: from })
  const restored = { count: 0, removed: 0 }
  const keys = await filesUnder(from).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  await eachAtOnce(keys, async (key) => {
    const object = await folder.get(key)
    if (!object) throw new Error(`The backup's upload ${key} cannot be read`)
    await store.put(key, object.body, { contentType: object.contentType, maxBytes: object.size })
    restored.count++
  })
  if (replace)
    await eachAtOnce(store.listKeys(), async (key) => {
      if (!isUploadKey(key) || existsSync(join(from, key))) return
      await store.delete(key)
      restored.removed++
    })
  return restored
}

/** Whether the bucket holds any object: asked before a restore writes into it. */
export async function bucketHoldsObjects(store: S3BlobStore): Promise<boolean> {
  for await (const _ of store.listKeys({ pageSize: 1 })) return true
  return false
}

/**
 * An error of the S3 store as one line that names the bucket: an unreachable store says so with its cause
 * (`ECONNREFUSED`) rather than as a temporary outage; S3's own refusals keep their code and message.
 */
export function s3Failure(where: S3Location, doing: string, error: unknown): Error {
  const bucket = bucketName(where)
  if (isServiceUnavailable(error)) return new Error(`${bucket} cannot be reached (${causeCode(error)}) while ${doing}`)
  return new Error(`${bucket} failed while ${doing}: ${error instanceof Error ? error.message : String(error)}`)
}

/** `S3 bucket uploads at http://…`: how messages name a bucket (the endpoint only when one is set). */
export function bucketName(where: Pick<S3Location, 'bucket' | 'endpoint'>): string {
  return `S3 bucket ${where.bucket}${where.endpoint ? ` at ${where.endpoint}` : ''}`
}

/** A key the stores take and a folder can hold (not a name blob-fs keeps for its temporary files). */
function isUploadKey(key: string): boolean {
  try {
    assertBlobKey(key)
  } catch {
    return false
  }
  return !key.split('/').some((segment) => segment.startsWith(BLOB_TEMP_PREFIX))
}

/**
 * Runs `work` on each item, `COPIES_AT_ONCE` at a time, pulling items only as fast as they are worked on. The
 * first failure stops the pulling; the work in flight ends before it is rethrown, so nothing is written after.
 */
async function eachAtOnce<T>(items: AsyncIterable<T> | Iterable<T>, work: (item: T) => Promise<void>): Promise<void> {
  const iterator: AsyncIterator<T> | Iterator<T> =
    Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : (items as Iterable<T>)[Symbol.iterator]()
  let failure: { error: unknown } | undefined
  const worker = async () => {
    while (!failure) {
      try {
        const next = await iterator.next()
        if (next.done) return
        await work(next.value)
      } catch (error) {
        failure ??= { error }
      }
    }
  }
  await Promise.all(Array.from({ length: COPIES_AT_ONCE }, worker))
  if (failure) {
    await iterator.return?.()
    throw failure.error
  }
}
