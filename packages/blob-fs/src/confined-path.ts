import { lstat, mkdir, realpath } from 'node:fs/promises'
import { join, resolve, sep } from 'node:path'
import { BlobKeyError } from '@canvass/core'

/** Temporary files of puts in flight; no key may name one. */
export const TEMP_PREFIX = '.canvass-tmp-'

export interface Location {
  /** The folder that holds the object (and its put's temporary file). */
  dir: string
  file: string
}

/**
 * Resolves checked keys to paths under one root, and refuses every way out: a path that resolves outside
 * the root (such as a drive-relative `C:x` on Windows), and any folder on the way that is a symbolic link,
 * even one that points back inside.
 */
export function createConfinedPaths(rootOption: string) {
  const root = resolve(rootOption)
  let realRoot: string | undefined

  async function base(create: boolean): Promise<string | null> {
    if (realRoot) return realRoot
    try {
      realRoot = await realpath(root)
    } catch (error) {
      if (!isMissing(error)) throw error
      if (!create) return null
      await mkdir(root, { recursive: true, mode: 0o700 })
      realRoot = await realpath(root)
    }
    return realRoot
  }

  /**
   * The paths of a checked key, or `null` when a folder on the way is missing (or is a file) and `create`
   * is false. With `create`, missing folders are made, one level at a time so none is made through a link.
   */
  async function locate(key: string, create: boolean): Promise<Location | null> {
    const segments = key.split('/')
    if (segments.some((segment) => segment.startsWith(TEMP_PREFIX))) throw new BlobKeyError('reserved name')
    const top = await base(create)
    if (top === null) return null
    const file = resolve(top, ...segments)
    if (!file.startsWith(top + sep)) throw new BlobKeyError('outside the root')
    let dir = top
    for (const segment of segments.slice(0, -1)) {
      dir = join(dir, segment)
      let stats = await lstat(dir).catch(missingAsNull)
      if (!stats && create) {
        await mkdir(dir, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw keyError(error)
        })
        stats = await lstat(dir)
      }
      if (!stats) return null
      if (stats.isSymbolicLink()) throw new Error(`blob-fs: ${dir} is a symbolic link; objects are never read or written through links`)
      if (!stats.isDirectory()) {
        if (create) throw new Error(`blob-fs: ${dir} is a file where key ${JSON.stringify(key)} needs a folder`)
        return null
      }
    }
    return { dir, file }
  }

  return { root, locate }
}

/** Errors that mean "no such object": the path or a folder on it does not exist, or is not a folder. */
export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

/** A name longer than the file system takes (often 255 bytes a segment) is the key's fault: a 400, not a 500. */
export function keyError(error: unknown): unknown {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENAMETOOLONG' ? new BlobKeyError('too long for this file system') : error
}

function missingAsNull(error: unknown): null {
  if (isMissing(error)) return null
  throw keyError(error)
}
