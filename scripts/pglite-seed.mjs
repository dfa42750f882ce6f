// An empty embedded database made once for the whole test run, so that the tests copy it instead of running
// PGlite's initdb (seconds of CPU) for every database they open. `pnpm test` makes it (`makePgliteSeed`) while
// it builds, before it starts any test, and hands the folder to the tests as CANVASS_TEST_PGLITE_SEED; a test run
// without it (a single file run by hand) makes its own empty databases as before.
//
// The folder holds `pgdata/`, a data folder after initdb (for a server's DATA_DIR), and `pgdata.tar`, the same
// database as PGlite's `dumpDataDir` writes it (for an in-memory PGlite's `loadDataDir`). The test bed adds
// `migrated-<hash>.tar`, the same database migrated by the storage package's build of that hash. It is kept in
// node_modules/.cache under PGlite's version and made again when that version changes. Its buffer pool is smaller
// than PGlite's default (`SHARED_BUFFERS`), which the tests' few rows never fill; a user's database keeps the
// default.
//
// Run as a script (`node scripts/pglite-seed.mjs <folder>`) it makes the folder: PGlite runs in a process of
// its own, so that the test runner does not keep its memory.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
// PGlite is a dependency of the storage package, not of the workspace root.
const requireFromStorage = createRequire(join(root, 'packages', 'storage-kysely', 'package.json'))
/** The seed's buffer pool (`shared_buffers`), part of the folder's name so that a seed made otherwise is not used. */
const SHARED_BUFFERS = '16MB'

/** The seed folder when it has been made, else undefined. */
export function pgliteSeed() {
  const folder = seedFolder()
  return folder !== undefined && existsSync(join(folder, 'ready')) ? folder : undefined
}

/**
 * The seed folder, made when missing by a process of its own while the caller goes on; undefined (with the reason
 * printed) when it cannot be made.
 */
export function makePgliteSeed() {
  const folder = seedFolder()
  if (folder === undefined || existsSync(join(folder, 'ready'))) return Promise.resolve(folder)
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), folder], { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', (error) => resolve(madeOrSaid(folder, null, error.message)))
    child.on('close', (code) => resolve(madeOrSaid(folder, code, stderr)))
  })
}

/** Where the seed of the installed PGlite version is kept; undefined when PGlite is not installed. */
function seedFolder() {
  let version
  try {
    version = JSON.parse(readFileSync(join(packageDir(requireFromStorage.resolve('@electric-sql/pglite')), 'package.json'), 'utf8')).version
  } catch {
    return undefined
  }
  return join(root, 'node_modules', '.cache', `canvass-pglite-seed-${version}-${SHARED_BUFFERS}`)
}

function madeOrSaid(folder, status, error) {
  if (status === 0 && existsSync(join(folder, 'ready'))) return folder
  console.log(`No shared empty PGlite database (each test makes its own): ${(error || '').trim()}`)
  return undefined
}

/** The folder of the package that `entry` (a resolved file of it) belongs to. */
function packageDir(entry) {
  let dir = dirname(entry)
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir)
  return dir
}

async function make(folder) {
  const { PGlite } = await import(pathToFileURL(requireFromStorage.resolve('@electric-sql/pglite')).href)
  // Made beside the final folder and renamed into place, so that no test ever sees half of it.
  const building = `${folder}.${process.pid}`
  rmSync(building, { recursive: true, force: true })
  mkdirSync(building, { recursive: true })
  const pglite = await PGlite.create(join(building, 'pgdata'))
  // Read by every PGlite started from the seed: at PGlite's 128 MB, zeroing the buffer pool is a third of the CPU
  // of a start (about half a second on a 2-core machine), and no test holds more than a few megabytes of data.
  await pglite.exec(`alter system set shared_buffers = '${SHARED_BUFFERS}'`)
  const dump = await pglite.dumpDataDir('none')
  writeFileSync(join(building, 'pgdata.tar'), Buffer.from(await dump.arrayBuffer()))
  await pglite.close()
  writeFileSync(join(building, 'ready'), '')
  rmSync(folder, { recursive: true, force: true })
  renameSync(building, folder)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await make(process.argv[2])
