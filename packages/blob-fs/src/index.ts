/**
 * @module
 * Canvass file uploads in a folder of the local file system: streamed, bounded by a size limit, written
 * atomically (temporary file, then rename), and confined to the root folder.
 *
 * ```ts
 * import { createFsBlobStore } from '@canvass/blob-fs'
 * const blobs = createFsBlobStore({ root: './uploads' })
 * ```
 */
export { createFsBlobStore } from './fs-blob-store'
export type { FsBlobStoreOptions } from './fs-blob-store'
