/**
 * The repository holds its design: docs/architecture.md names every package, example and folder of core's
 * `src/` that exists on disk (a folder added without its line fails here), and code cites the pages under
 * `docs/`, never a design document kept outside the repository.
 */
import type { Dirent } from 'node:fs'
import { readFile, readdir } from 'node:fs/promises'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const ROOT = new URL('../../../', import.meta.url)
const ARCHITECTURE_MD = new URL('docs/architecture.md', ROOT)

/** The names of the folders directly inside `path` (relative to the repository). */
async function foldersOf(path: string): Promise<string[]> {
  const entries = await readdir(new URL(`${path}/`, ROOT), { withFileTypes: true })
  return entries
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort()
}

const architecture = suite('docs/architecture.md')

architecture('names every package, example and the bench as `packages/<name>`, `examples/<name>`, `bench`', async () => {
  const page = await readFile(ARCHITECTURE_MD, 'utf8')
  const folders = [
    ...(await foldersOf('packages')).map((name) => `packages/${name}`),
    ...(await foldersOf('examples')).map((name) => `examples/${name}`),
    'bench',
  ]
  assert.ok(folders.length > 10, `found only ${folders.length} folders: is ROOT the repository?`)
  assert.equal(
    folders.filter((folder) => !page.includes(`\`${folder}\``)),
    [],
    'folders that docs/architecture.md does not name',
  )
})

architecture('names every folder of packages/core/src as `src/<name>/`', async () => {
  const page = await readFile(ARCHITECTURE_MD, 'utf8')
  const folders = await foldersOf('packages/core/src')
  assert.ok(folders.includes('routes') && folders.includes('ports'), `unexpected folders: ${folders.join(', ')}`)
  assert.equal(
    folders.filter((name) => !page.includes(`\`src/${name}/\``)),
    [],
    'folders of packages/core/src that docs/architecture.md does not name',
  )
})

architecture('names every file at the top of packages/core/src as `<name>`', async () => {
  const page = await readFile(ARCHITECTURE_MD, 'utf8')
  const entries = await readdir(new URL('packages/core/src/', ROOT), { withFileTypes: true })
  const files = entries.filter((entry) => entry.isFile()).map((entry) => entry.name)
  assert.ok(files.includes('create-canvass.ts') && files.includes('index.ts'), `unexpected files: ${files.join(', ')}`)
  assert.equal(
    files.filter((name) => !page.includes(`\`${name}\``)),
    [],
    'files at the top of packages/core/src that docs/architecture.md does not name',
  )
})

architecture("names every folder of the other packages' src, as `src/<name>` or `<name>/`", async () => {
  const page = await readFile(ARCHITECTURE_MD, 'utf8')
  const missing: string[] = []
  for (const name of await foldersOf('packages')) {
    if (name === 'core') continue
    const folders = await foldersOf(`packages/${name}/src`).catch(() => [])
    for (const folder of folders) {
      const named = [`\`src/${folder}\``, `\`src/${folder}/\``, `\`${folder}/\``].some((form) => page.includes(form))
      if (!named) missing.push(`packages/${name}/src/${folder}`)
    }
  }
  assert.equal(missing, [], 'folders that docs/architecture.md does not name')
})

architecture.run()

/** Where the repository's own files are; `node_modules`, builds and dot folders are not. */
const SEARCHED = ['packages', 'examples', 'bench', 'scripts', 'docs']
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage'])
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|json|jsonc|md|sql|ya?ml|css|html|sh|txt)$/
/** A citation of the outside design document, by section or by name; written so that this file holds none. */
const OUTSIDE_CITATION = /contract(?: \u00a7|\.md)/i

/** Every text file under `path`, as paths relative to the repository. */
async function textFilesUnder(path: string): Promise<string[]> {
  let entries: Dirent[]
  try {
    entries = await readdir(new URL(`${path}/`, ROOT), { withFileTypes: true })
  } catch {
    return []
  }
  const files: string[] = []
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue
    const child = `${path}/${entry.name}`
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) files.push(...(await textFilesUnder(child)))
    } else if (entry.isFile() && TEXT_FILE.test(entry.name)) {
      files.push(child)
    }
  }
  return files
}

const citations = suite('citations')

citations('no file under packages/, examples/, bench/, scripts/ or docs/ cites the outside contract: they cite docs/', async () => {
  const files = (await Promise.all(SEARCHED.map(textFilesUnder))).flat()
  assert.ok(files.length > 100, `found only ${files.length} files: is ROOT the repository?`)
  const citing: string[] = []
  for (const file of files) {
    const lines = (await readFile(new URL(file, ROOT), 'utf8')).split('\n')
    lines.forEach((line, i) => {
      if (OUTSIDE_CITATION.test(line)) citing.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`)
    })
  }
  assert.equal(citing, [], 'lines citing the outside contract (cite the docs/ page and section instead)')
})

citations.run()
