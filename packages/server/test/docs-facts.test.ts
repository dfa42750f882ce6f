/**
 * What the README and docs/deploying.md say of the repository itself holds (issue 58, item 26): the Node.js
 * each package runs on is its `engines` (the README said 22 for every package while most declare 20), and the
 * build command the pages give is the root package.json's (docs/deploying.md said `pnpm -r run build`, the
 * README `pnpm build`).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { firstRequestLine } from '../src/bootstrap'
import { firstOwnerLines } from '../src/first-owner'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')
const manifest = (folder: string) =>
  JSON.parse(read(join(folder, 'package.json'))) as {
    name: string
    private?: boolean
    engines?: Record<string, string>
    scripts?: Record<string, string>
    dependencies?: Record<string, string>
  }

/** The folder a cell of the README's package table names: `@canvass/core`, `packages/test-bed`, `bench/`. */
function folderOf(name: string): string {
  if (name.startsWith('@canvass/')) return join('packages', name.slice('@canvass/'.length))
  return name.replace(/\/$/, '')
}

/** `>=22` as the table writes it: `Node.js 22+`. */
function runsOn(engines: Record<string, string> | undefined): string {
  const [runtime, range] = Object.entries(engines ?? {})[0] ?? []
  const version = /^>=\s*(\d+)(?:\.0)*(?:\.0)?$/.exec(range ?? '')?.[1]
  if (!runtime || !version) return `no engines field (${JSON.stringify(engines)})`
  return `${runtime === 'node' ? 'Node.js' : runtime === 'deno' ? 'Deno' : runtime} ${version}+`
}

/** The rows of the README's table under "## Packages": every package named in its first cell, with the second. */
function packageRows(): { name: string; runsOn: string }[] {
  const readme = read('README.md')
  const start = readme.indexOf('## Packages')
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1))
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => {
      const [first = '', second = ''] = line.split('|').slice(1)
      return [...first.matchAll(/`([^`]+)`/g)].map((match) => ({ name: match[1] as string, runsOn: second.trim() }))
    })
}

const test = suite('the README and docs/deploying.md on the repository')

test("the package table's Node.js column is each package's engines field, and every package is there", () => {
  const rows = packageRows()
  assert.ok(rows.length >= 10, `the table was found (${rows.length} rows)`)
  for (const row of rows) assert.is(row.runsOn, runsOn(manifest(folderOf(row.name)).engines), row.name)
  const workspace = read('pnpm-workspace.yaml')
  assert.match(workspace, /packages\/\*/)
  const published = ['blob-fs', 'blob-s3', 'core', 'host-deno', 'host-node', 'server', 'storage-kysely', 'test-utils', 'widget']
  for (const folder of published) {
    const { name, private: unpublished } = manifest(join('packages', folder))
    assert.not.ok(unpublished, name)
    assert.ok(
      rows.some((row) => row.name === name),
      `${name} is in the table`,
    )
  }
})

test('the sentence on Node.js holds: every package claims 22 or newer, and Kysely declares it', () => {
  const readme = read('README.md')
  const sentence =
    /`engines` says which Node\.js it supports: (\d+) or newer for every package\.[\s\S]*?\(and Kysely ([\d.]+) declares (\d+)\)\./.exec(
      readme,
    )
  assert.ok(sentence, 'the README says which Node.js the packages need and why')
  const published = ['blob-fs', 'blob-s3', 'core', 'host-node', 'server', 'storage-kysely', 'test-utils', 'widget'].map((folder) =>
    manifest(join('packages', folder)),
  )
  assert.equal(
    published.map((p) => `${p.name}: ${runsOn(p.engines)}`),
    published.map((p) => `${p.name}: Node.js ${sentence![1]}+`),
    'every package on the Node.js the README names',
  )
  const kysely = JSON.parse(read('packages/storage-kysely/node_modules/kysely/package.json')) as {
    version: string
    engines: { node: string }
  }
  assert.is(manifest('packages/storage-kysely').dependencies?.kysely?.replace(/^[~^]/, '').split('.').slice(0, 2).join('.'), sentence![2])
  assert.is(runsOn(kysely.engines), `Node.js ${sentence![3]}+`, "Kysely's own engines field")
})

test('the build command the pages give is the root package.json build script', () => {
  const root = manifest('.')
  assert.is(root.scripts?.build, 'node scripts/build.mjs')
  for (const page of ['README.md', 'docs/deploying.md']) {
    const text = read(page)
    assert.match(text, /`pnpm build`/, `${page} names \`pnpm build\``)
    assert.not.match(text, /pnpm (-r|--recursive)( run)? build/, `${page} names no other build`)
  }
})

test("the README's first start names every line a first start prints once it listens (issue 82, item 12)", () => {
  const run = /## Run it\n([\s\S]*?)\n## /.exec(read('README.md'))?.[1] ?? ''
  assert.ok(run, 'the README has a "Run it" section')
  // The lines the server prints, with their variable parts (the key, the URL, the token) cut at the first one.
  const printed = [
    firstRequestLine('http://localhost:3000', 'cvs_KEY'),
    ...firstOwnerLines({ link: '/console/link/TOKEN' }, 'http://localhost:3000'),
  ]
  assert.is(printed.length, 2)
  for (const line of printed) {
    const fixed = line
      .split(/cvs_KEY|http:\/\/localhost:3000|TOKEN/)
      .map((part) => part.trim())
      .filter((part) => part.length > 8)
    for (const part of fixed) assert.ok(run.includes(part), `the README quotes "${part}" of the line \`${line}\``)
  }
  assert.not.match(run, /last line/i, 'the README says nothing of a last line: which line comes last depends on the console')
})

test.run()
