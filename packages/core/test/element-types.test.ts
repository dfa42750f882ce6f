/**
 * The element types have one owner, `src/element-types.ts`: the schema, the summary, the widget and the
 * editor read it. A file that lists element types by hand again (an array, a set or a union of three or more
 * of them) fails here, so that adding a type stays one row, its schema, its renderer and its editor form.
 */
import type { Dirent } from 'node:fs'
import { readFile, readdir } from 'node:fs/promises'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ELEMENT_TYPES, ELEMENT_TYPE_INFO, elementCount, isElementType } from '../src/element-types'
import { QUESTION_TYPES } from '../src/schemas/survey'

const ROOT = new URL('../../../', import.meta.url)
const OWNER = 'packages/core/src/element-types.ts'
/** Generated from the OpenAPI document, which the schemas produce. */
const GENERATED = new Set(['packages/core/src/openapi-types.ts'])

const ids = new Set<string>(ELEMENT_TYPES)

/** Bracketed lists (`[…]`) and unions (`'a' | 'b' | …`) of quoted strings, as written. */
const LIST = /\[[^[\]{}()]*\]|(?:(['"`])[\w-]+\1\s*\|\s*){2,}(['"`])[\w-]+\2/g
const QUOTED = /(['"`])([\w-]+)\1/g

/** The lists in `source` that name three or more element types. */
export function handWrittenLists(source: string): string[] {
  return [...source.matchAll(LIST)]
    .map((match) => match[0])
    .filter((list) => new Set([...list.matchAll(QUOTED)].map((quoted) => quoted[2]).filter((id) => ids.has(id ?? ''))).size >= 3)
}

async function sourceFiles(dir: string): Promise<string[]> {
  let entries: Dirent[]
  try {
    entries = await readdir(new URL(`${dir}/`, ROOT), { withFileTypes: true })
  } catch {
    return []
  }
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() && entry.name !== 'node_modules'
        ? sourceFiles(`${dir}/${entry.name}`)
        : Promise.resolve(/\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [`${dir}/${entry.name}`] : []),
    ),
  )
  return nested.flat()
}

const registry = suite('element types: the registry')

registry('describes every type the schema accepts, in the schema order', () => {
  assert.equal([...QUESTION_TYPES], [...ELEMENT_TYPES])
  assert.equal(Object.keys(ELEMENT_TYPE_INFO), [...ELEMENT_TYPES])
})

registry('knows no type a stored survey could name by accident', () => {
  assert.not.ok(isElementType('__proto__'))
  assert.not.ok(isElementType('toString'))
  assert.is(elementCount('constructor'), 'none')
  assert.is(elementCount('matrix'), 'cells')
})

const owner = suite('element types: one owner')

owner('the detector finds a list, a set and a union of element types', () => {
  assert.is(handWrittenLists(`const a = ['nps', 'rating', 'csat']`).length, 1)
  assert.is(handWrittenLists(`new Set([\n  'cta',\n  'consent',\n  'cal',\n])`).length, 1)
  assert.is(handWrittenLists(`type T = | 'matrix' | 'ranking' | 'address'`).length, 1)
  assert.is(handWrittenLists(`const pair = ['matrix', 'ranking']; const other = ['a', 'b', 'c']`).length, 0)
})

owner('no product source lists element types by hand', async () => {
  const packages = (await readdir(new URL('packages/', ROOT), { withFileTypes: true })).filter((entry) => entry.isDirectory())
  const files = (await Promise.all(packages.map((entry) => sourceFiles(`packages/${entry.name}/src`)))).flat()
  assert.ok(files.includes(OWNER))
  const found: string[] = []
  for (const file of files) {
    if (file === OWNER || GENERATED.has(file)) continue
    for (const list of handWrittenLists(await readFile(new URL(file, ROOT), 'utf8'))) found.push(`${file}: ${list.replace(/\s+/g, ' ')}`)
  }
  assert.equal(found, [], `read the types from ${OWNER} instead:\n${found.join('\n')}`)
})

registry.run()
owner.run()
