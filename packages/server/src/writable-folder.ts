import { randomBytes } from 'node:crypto'
import { mkdir, rm, stat, statfs, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/**
 * Makes `folder` (and the folders above it that are missing) and writes a file in it, or says in a few words
 * why it cannot: the folder is looked at before anything is created. Node's own `mkdir(…, { recursive: true })`
 * loops for ever, at full CPU and without a word, where a file system answers "no such file" to a new folder
 * under one that exists (`/proc/x`), so the folders are made one at a time, each its own error.
 * @param mode of the folders made, e.g. 0o700 for one only this user may read
 * @returns undefined when the folder is there and writable, else the reason it is not.
 */
export async function writableFolder(folder: string, mode?: number): Promise<string | undefined> {
  const missing: string[] = []
  let existing = folder
  for (;;) {
    const found = await stat(existing).catch((error: NodeJS.ErrnoException) => error)
    if (!(found instanceof Error)) {
      if (!found.isDirectory()) return `${existing} is a file, not a folder`
      break
    }
    if (found.code !== 'ENOENT' && found.code !== 'ENOTDIR') return `${existing} cannot be looked at (${found.code ?? found.message})`
    const parent = dirname(existing)
    if (parent === existing) return `${existing} does not exist`
    missing.unshift(existing)
    existing = parent
  }
  const pseudo = await pseudoFileSystem(existing)
  if (pseudo) return `${existing} is on the ${pseudo} pseudo file system, which keeps no files`
  for (const path of missing) {
    const made = await mkdir(path, mode === undefined ? {} : { mode }).catch((error: NodeJS.ErrnoException) =>
      error.code === 'EEXIST' ? undefined : error,
    )
    if (made instanceof Error) return `${path} cannot be made (${made.code ?? made.message})`
  }
  const probe = join(folder, `.write-check-${randomBytes(6).toString('hex')}`)
  try {
    await writeFile(probe, '')
    return undefined
  } catch (error) {
    return `no file can be written in it (${(error as NodeJS.ErrnoException).code ?? String(error)})`
  } finally {
    await rm(probe, { force: true }).catch(() => {})
  }
}

/**
 * Linux's file systems that show the kernel's state as files (`f_type` of statfs(2), from linux/magic.h): a
 * folder made there, if one can be made at all, keeps nothing.
 */
const PSEUDO_FILE_SYSTEMS: ReadonlyMap<number, string> = new Map([
  [0x9fa0, 'proc'],
  [0x62656572, 'sysfs'],
  [0x1cd1, 'devpts'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
  [0x64626720, 'debugfs'],
  [0x74726163, 'tracefs'],
  [0x73636673, 'securityfs'],
  [0xcafe4a11, 'bpf'],
  [0x6165676c, 'pstore'],
  [0x62656570, 'configfs'],
  [0xde5e81e4, 'efivarfs'],
  [0xf97cff8c, 'selinuxfs'],
  [0x42494e4d, 'binfmt_misc'],
  [0x19800202, 'mqueue'],
  [0x6e736673, 'nsfs'],
])

async function pseudoFileSystem(folder: string): Promise<string | undefined> {
  // Other systems number their file systems differently; there the folder's creation and the write say it.
  if (process.platform !== 'linux') return undefined
  const info = await statfs(folder).catch(() => undefined)
  return info === undefined ? undefined : PSEUDO_FILE_SYSTEMS.get(Number(info.type))
}
