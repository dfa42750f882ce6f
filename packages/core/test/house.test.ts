/**
 * The shape of the house that docs/architecture.md states, read from the sources: no import circle anywhere in
 * the repository (type-only imports count), no route file importing another route file, no product function
 * longer than 120 lines but the few the page lists with their reason, and every folder of core's `domain/`
 * named on the page.
 */
import { readFile, readdir } from 'node:fs/promises'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
// @ts-expect-error: the repository's script is JavaScript without declarations
import * as house from '../../../scripts/house.mjs'

interface LongFunction {
  file: string
  name: string
  line: number
  lines: number
}
interface House {
  ROOT: string
  productFiles(): Promise<string[]>
  repositoryFiles(): Promise<string[]>
  importGraph(files: string[]): Promise<Map<string, string[]>>
  circles(graph: Map<string, string[]>): string[][]
  routeCrossings(graph: Map<string, string[]>): string[]
  longFunctions(text: string, file: string, limit: number): LongFunction[]
  isMeasuredFile(file: string): boolean
  importsOf(text: string, file?: string): Array<{ specifier: string; typeOnly: boolean }>
}
const { ROOT, productFiles, repositoryFiles, importGraph, circles, routeCrossings, longFunctions, isMeasuredFile, importsOf } =
  house as House

const LIMIT = 120
const EXCEPTION_LIMIT = 300
const EXCEPTIONS_AT_MOST = 5
const ARCHITECTURE_MD = new URL('docs/architecture.md', `file://${ROOT}/`)

const imports = suite('imports')

imports('no import circle anywhere in the repository, type-only imports included', async () => {
  const files = await repositoryFiles()
  assert.ok(files.length > 500, `found only ${files.length} files: is ROOT the repository?`)
  const found = circles(await importGraph(files))
  assert.equal(
    found.map((group) => group.join(' ⇄ ')),
    [],
    'import circles (move what both sides need into a file of its own)',
  )
})

imports('the circle finder finds a circle of two files and of one file importing itself', () => {
  const graph = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['a.ts', 'c.ts']],
    ['c.ts', []],
    ['d.ts', ['d.ts']],
  ])
  assert.equal(circles(graph), [['a.ts', 'b.ts'], ['d.ts']])
})

imports('type-only imports are read as imports', () => {
  const found = importsOf("import type { A } from './a'\nexport type { B } from './b'\ntype C = import('./c').C\n")
  assert.equal(
    found.map((entry) => [entry.specifier, entry.typeOnly]),
    [
      ['./a', true],
      ['./b', true],
      ['./c', true],
    ],
  )
})

imports('no route file imports another route file: what routes share lives in src/domain/', async () => {
  const graph = await importGraph(await productFiles())
  assert.ok(
    [...graph.keys()].some((file) => file.startsWith('packages/core/src/routes/')),
    'no route files found',
  )
  assert.equal(routeCrossings(graph), [])
})

imports.run()

/** The exceptions docs/architecture.md lists under "Long functions": `name` in `file`, with a reason. */
async function listedExceptions(): Promise<Array<{ file: string; name: string; reason: string }>> {
  const page = await readFile(ARCHITECTURE_MD, 'utf8')
  const section = page.split('\n### Long functions\n')[1]?.split('\n#')[0] ?? ''
  const rows = [...section.matchAll(/^\| `([^`]+)` \| `([^`]+)` \| ([^|]+) \|$/gm)]
  return rows.map((row) => ({ name: row[1] as string, file: row[2] as string, reason: (row[3] as string).trim() }))
}

const functions = suite('functions')

functions(`no product function is longer than ${LIMIT} lines but the listed exceptions`, async () => {
  const exceptions = await listedExceptions()
  assert.ok(exceptions.length <= EXCEPTIONS_AT_MOST, `${exceptions.length} exceptions listed; at most ${EXCEPTIONS_AT_MOST}`)
  for (const exception of exceptions) assert.ok(exception.reason.length > 20, `${exception.name}: give the reason`)
  const long: string[] = []
  const files = (await productFiles()).filter(isMeasuredFile)
  assert.ok(files.length > 300, `found only ${files.length} files`)
  for (const file of files) {
    const text = await readFile(new URL(file, `file://${ROOT}/`), 'utf8')
    for (const entry of longFunctions(text, file, LIMIT)) {
      const listed = exceptions.some((exception) => exception.file === entry.file && exception.name === entry.name)
      if (!listed || entry.lines > EXCEPTION_LIMIT) long.push(`${entry.file}:${entry.line} ${entry.name} (${entry.lines} lines)`)
    }
  }
  assert.equal(long, [], `functions longer than ${LIMIT} lines (an exception at most ${EXCEPTION_LIMIT})`)
})

functions('the length reader measures a function from its first line to its last', () => {
  const body = Array.from({ length: 130 }, (_, i) => `  const v${i} = ${i}`).join('\n')
  const found = longFunctions(`export function tall() {\n${body}\n}\nconst short = () => 1\n`, 'x.ts', LIMIT)
  assert.equal(
    found.map((entry) => [entry.name, entry.lines]),
    [['tall', 132]],
  )
})

functions.run()

const folders = suite('folders')

folders('docs/architecture.md names every folder of core/src/domain as `domain/<name>/`', async () => {
  const page = await readFile(ARCHITECTURE_MD, 'utf8')
  const entries = await readdir(new URL('packages/core/src/domain/', `file://${ROOT}/`), { withFileTypes: true })
  const names = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name)
  assert.ok(names.length >= 5, `core/src/domain has ${names.length} folders`)
  assert.equal(
    names.filter((name) => !page.includes(`\`domain/${name}/\``)),
    [],
    'folders of core/src/domain that docs/architecture.md does not name',
  )
})

folders('core/src/domain holds folders, not a flat list of files', async () => {
  const entries = await readdir(new URL('packages/core/src/domain/', `file://${ROOT}/`), { withFileTypes: true })
  const loose = entries.filter((entry) => entry.isFile()).map((entry) => entry.name)
  assert.ok(loose.length <= 3, `files directly in core/src/domain: ${loose.join(', ')}`)
})

folders.run()
