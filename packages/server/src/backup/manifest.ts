import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { SERVER_VERSION } from '../server-version'

/** The manifest format this version writes and reads; a backup of a higher one is refused (docs/backups.md). */
export const BACKUP_FORMAT = 1

/** The file that describes a backup folder: what it holds, and a checksum of every other file in it. */
export const MANIFEST_FILE = 'manifest.json'

/** `manifest.json` of a backup made by `canvass backup`. */
export interface BackupManifest {
  format: number
  /** The version of `@canvass/server` that made the backup. */
  canvassVersion: string
  createdAt: string
  database: {
    /** `postgres`: `database.dump`, pg_dump's custom format of the `canvass` schema; `embedded`: the `pgdata` folder. */
    kind: 'postgres' | 'embedded'
    /** The schema migrations the database had, in the order they ran. */
    migrations: string[]
  }
  /**
   * Where the uploads came from: `folder` (`BLOB_DIR` or `DATA_DIR/uploads`) or `s3`, the bucket and where it
   * is (never a credential). Either way they are under `blobs/`, one file per upload as `@canvass/blob-fs`
   * keeps it, `count` files of `bytes` bytes in all.
   */
  blobs:
    | { kind: 'folder'; count: number; bytes: number }
    | { kind: 's3'; bucket: string; region: string; endpoint?: string; count: number; bytes: number }
  /** Every other file of the backup, by its path in the folder (with `/`), and its SHA-256 in hex. */
  files: Record<string, string>
}

/** Writes `manifest.json` into `folder`, with the checksum of every file already there. */
export async function writeManifest(
  folder: string,
  manifest: Omit<BackupManifest, 'format' | 'canvassVersion' | 'createdAt' | 'files'>,
): Promise<BackupManifest> {
  const files: Record<string, string> = {}
  for (const path of await filesUnder(folder)) files[path] = await sha256(join(folder, path))
  const written: BackupManifest = {
    format: BACKUP_FORMAT,
    canvassVersion: SERVER_VERSION,
    createdAt: new Date().toISOString(),
    ...manifest,
    files,
  }
  await writeFile(join(folder, MANIFEST_FILE), `${JSON.stringify(written, null, 2)}\n`)
  return written
}

/**
 * Reads and checks the manifest of `folder`: its format and the version that made it are not newer than this
 * one's, every file it names is there with its checksum, and no other file is. Throws an `Error` of one line
 * that says what is wrong.
 */
export async function readManifest(folder: string): Promise<BackupManifest> {
  let manifest: BackupManifest
  try {
    manifest = JSON.parse(await readFile(join(folder, MANIFEST_FILE), 'utf8')) as BackupManifest
  } catch (error) {
    throw new Error(
      `${join(folder, MANIFEST_FILE)} cannot be read (${error instanceof Error ? error.message : String(error)}): is ${folder} a folder \`canvass backup\` made?`,
    )
  }
  if (typeof manifest.format !== 'number' || manifest.format > BACKUP_FORMAT)
    throw new Error(
      `The backup's format is ${String(manifest.format)}, newer than this version reads (${BACKUP_FORMAT}): restore it with Canvass ${String(manifest.canvassVersion)} or newer`,
    )
  if (typeof manifest.canvassVersion !== 'string' || newerVersion(manifest.canvassVersion, SERVER_VERSION))
    throw new Error(
      `The backup was made by Canvass ${String(manifest.canvassVersion)}, newer than this one (${SERVER_VERSION}): restore it with that version or a newer one`,
    )
  const found = new Set(await filesUnder(folder))
  for (const [path, digest] of Object.entries(manifest.files ?? {})) {
    if (!found.delete(path)) throw new Error(`The backup is incomplete: ${path} is missing`)
    if ((await sha256(join(folder, path))) !== digest) throw new Error(`The backup is damaged: ${path} does not match its checksum`)
  }
  const extra = [...found].filter((path) => path !== MANIFEST_FILE)
  if (extra.length > 0) throw new Error(`The backup holds files its manifest does not list: ${extra.slice(0, 3).join(', ')}`)
  return manifest
}

/** Whether version `a` (x.y.z, a pre-release part ignored) is newer than `b`. */
export function newerVersion(a: string, b: string): boolean {
  const parts = (version: string) => version.split(/[-+]/)[0]!.split('.').map(Number)
  const [x, y] = [parts(a), parts(b)]
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0)
  return false
}

/** Every file under `folder`, by its path relative to it with `/` between names. */
export async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort()
}

/** How many files `folder` holds and their bytes (none when it does not exist). */
export async function folderSize(folder: string): Promise<{ count: number; bytes: number }> {
  const files = await filesUnder(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  let bytes = 0
  for (const path of files) bytes += (await stat(join(folder, path))).size
  return { count: files.length, bytes }
}

function sha256(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256')
    createReadStream(path)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
  })
}
