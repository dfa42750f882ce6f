import { randomBytes, randomUUID } from 'node:crypto'
import { constants } from 'node:fs'
import { lstat, open, rename, rm, unlink } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { BlobTooLargeError, assertBlobKey, assertBlobPutOptions, assertBlobRange } from '@canvass/core'
import type { BlobGetOptions, BlobMetadata, BlobObject, BlobPutOptions, BlobStore } from '@canvass/core'
import { encodeHeader, readHeader } from './blob-file'
import { TEMP_PREFIX, createConfinedPaths, isMissing, keyError } from './confined-path'
import { fileStream, writeAll } from './file-stream'

export interface FsBlobStoreOptions {
  /**
   * The folder that holds every object, at `{root}/{key}`; made (mode 0700) on the first put. A relative path
   * resolves against the working directory when the store is created.
   */
  root: string
  /**
   * Flush each object and its folder entry to disk before `put` resolves, so that an upload that was answered
   * with success survives a crash or power cut. Turn off only for data you can lose (tests, caches).
   * @default true
   */
  fsync?: boolean
}

// Opening for reading never follows a link in the last place, and never waits on a FIFO planted there.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)

/**
 * A `BlobStore` in a folder of the local file system. Each put streams into a temporary file beside its
 * target and renames it into place, so a failed or oversized upload leaves nothing and readers never see
 * half a file. Each object is one file: a one-line header with its content type, then its bytes.
 *
 * ```ts
 * const blobs = createFsBlobStore({ root: './uploads' })
 * ```
 */
export function createFsBlobStore(options: FsBlobStoreOptions): BlobStore {
  const paths = createConfinedPaths(options.root)
  const fsync = options.fsync ?? true

  return {
    async put(key: string, body: ReadableStream<Uint8Array>, putOptions: BlobPutOptions): Promise<BlobMetadata> {
      try {
        assertBlobKey(key)
        assertBlobPutOptions(putOptions)
      } catch (error) {
        await body.cancel(error).catch(() => {})
        throw error
      }
      const { contentType, maxBytes } = putOptions
      const reader = body.getReader()
      let bodyDone = false
      let temp: string | undefined
      let handle: FileHandle | undefined
      let writing: Promise<void> = Promise.resolve()
      try {
        const location = await paths.locate(key, true)
        if (!location) throw new Error('blob-fs: the folder of the key could not be made')
        temp = join(location.dir, `${TEMP_PREFIX}${randomBytes(12).toString('hex')}`)
        handle = await open(temp, 'wx', 0o600)
        const id = randomUUID()
        const header = encodeHeader({ contentType, id })
        await writeAll(handle, header, 0)
        let position = header.length
        let size = 0
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          if (!(value instanceof Uint8Array)) throw new TypeError('blob-fs: body chunks must be Uint8Array')
          size += value.length
          if (size > maxBytes) throw new BlobTooLargeError(maxBytes)
          // One write in flight while the next chunk is read; its failure is seen at the next await.
          await writing
          writing = writeAll(handle, value, position)
          writing.catch(() => {})
          position += value.length
        }
        bodyDone = true
        await writing
        if (fsync) await handle.sync()
        const { mtime } = await handle.stat()
        await handle.close()
        handle = undefined
        await rename(temp, location.file).catch((error: unknown) => {
          throw keyError(error)
        })
        temp = undefined
        if (fsync) await syncFolder(location.dir)
        return { size, contentType, etag: `"${id}"`, lastModified: mtime }
      } catch (error) {
        if (!bodyDone) await reader.cancel(error).catch(() => {})
        await writing.catch(() => {})
        await handle?.close().catch(() => {})
        if (temp) await rm(temp, { force: true }).catch(() => {})
        throw error
      }
    },

    async get(key: string, getOptions: BlobGetOptions = {}): Promise<BlobObject | null> {
      const { range } = getOptions
      assertBlobKey(key)
      if (range) assertBlobRange(range)
      const opened = await openObject(paths, key)
      if (!opened) return null
      const { handle, offset, metadata } = opened
      if (!range) return { ...metadata, body: fileStream(handle, offset, metadata.size) }
      if (range.start >= metadata.size) {
        return { ...metadata, range: null, body: fileStream(handle, offset, 0) }
      }
      const end = Math.min(range.end ?? metadata.size - 1, metadata.size - 1)
      return { ...metadata, range: { start: range.start, end }, body: fileStream(handle, offset + range.start, end - range.start + 1) }
    },

    async head(key: string): Promise<BlobMetadata | null> {
      const opened = await openObject(paths, key)
      if (!opened) return null
      await opened.handle.close()
      return opened.metadata
    },

    async delete(key: string): Promise<void> {
      assertBlobKey(key)
      const location = await paths.locate(key, false)
      if (!location) return
      try {
        // Unlinking a link removes the link, never what it points to.
        await unlink(location.file)
      } catch (error) {
        if (isMissing(error)) return
        // EISDIR (EPERM on macOS) for a key that is a folder of other keys, which holds no object to delete.
        const code = (error as NodeJS.ErrnoException).code
        if ((code === 'EISDIR' || code === 'EPERM') && (await lstat(location.file)).isDirectory()) return
        throw keyError(error)
      }
    },
  }
}

/** Where the store's keys are, confined to its root. */
type ConfinedPaths = ReturnType<typeof createConfinedPaths>

/** The open file of a stored object with its header, or `null` when the key holds none. */
async function openObject(paths: ConfinedPaths, key: string) {
  assertBlobKey(key)
  const location = await paths.locate(key, false)
  if (!location) return null
  let handle: FileHandle
  try {
    handle = await open(location.file, READ_FLAGS)
  } catch (error) {
    if (isMissing(error)) return null
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') {
      throw new Error(`blob-fs: ${location.file} is a symbolic link; objects are never read through links`)
    }
    throw keyError(error)
  }
  try {
    const stats = await handle.stat()
    // A folder (a key that is the prefix of others) or anything else that is not a plain file holds no object.
    if (!stats.isFile()) {
      await handle.close()
      return null
    }
    const header = await readHeader(handle, location.file)
    const metadata: BlobMetadata = {
      size: stats.size - header.length,
      contentType: header.contentType,
      etag: `"${header.id}"`,
      lastModified: stats.mtime,
    }
    return { handle, offset: header.length, metadata }
  } catch (error) {
    await handle.close().catch(() => {})
    throw error
  }
}

/** Makes a rename durable. Windows cannot open a folder for this, and needs no such flush. */
async function syncFolder(dir: string): Promise<void> {
  let handle: FileHandle
  try {
    handle = await open(dir, constants.O_RDONLY)
  } catch (error) {
    if (process.platform === 'win32') return
    throw error
  }
  try {
    await handle.sync()
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EINVAL' && code !== 'EISDIR' && code !== 'EPERM') throw error
  } finally {
    await handle.close()
  }
}
