/**
 * What `pnpm start` builds before it runs this server, and what a later `pnpm build` reuses (scripts/stale.mjs,
 * scripts/build.mjs at the workspace root): on a workspace of folders and files with chosen times, in-process,
 * without building anything.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
// @ts-expect-error: plain JavaScript of the workspace's scripts, without declarations
import { RUNTIME_PARTS, runtimeOf } from '../../../scripts/build.mjs'
// @ts-expect-error: plain JavaScript of the workspace's scripts, without declarations
import { builtPackages, staleParts } from '../../../scripts/stale.mjs'

const test = suite("the start's build")
const ALL = ['js', 'types', 'seed']
let root: string

/** A file at `path` under the workspace, written `age` seconds ago. */
function file(path: string, age: number): void {
  const full = join(root, path)
  mkdirSync(dirname(full), { recursive: true })
  writeFileSync(full, '')
  const time = Date.now() / 1000 - age
  utimesSync(full, time, time)
}

function manifest(dir: string, manifest: Record<string, unknown>): void {
  mkdirSync(join(root, dir), { recursive: true })
  writeFileSync(join(root, dir, 'package.json'), JSON.stringify(manifest))
  const time = Date.now() / 1000 - 1000
  utimesSync(join(root, dir, 'package.json'), time, time)
}

const stale = (parts: string[], only?: string) => {
  const packages = builtPackages(root)
  const chosen = only ? runtimeOf(packages, only) : packages
  // Compared as sets: folders are read in the file system's order.
  return staleParts(root, chosen, parts)
    .map((task: { pkg: { name: string }; part: string }) => `${task.pkg.name} ${task.part}`)
    .sort()
}

test.before.each(() => {
  root = mkdtempSync(join(tmpdir(), 'canvass-build-'))
  const parts = { build: 'tsup', 'build:js': 'tsup --no-dts', 'build:types': 'tsup --dts-only' }
  manifest('packages/core', { name: '@x/core', scripts: parts })
  manifest('packages/storage', {
    name: '@x/storage',
    scripts: parts,
    peerDependencies: { '@x/core': 'workspace:^' },
    devDependencies: { '@x/kit': 'workspace:^' },
  })
  manifest('packages/kit', { name: '@x/kit', scripts: parts, peerDependencies: { '@x/core': 'workspace:^' } })
  manifest('examples/server', {
    name: '@x/server',
    scripts: { build: 'tsup && seed', 'build:js': 'tsup', 'build:seed': 'seed' },
    dependencies: { '@x/core': 'workspace:^', '@x/storage': 'workspace:^' },
    devDependencies: { '@x/kit': 'workspace:^' },
  })
  manifest('examples/mount', { name: '@x/mount', scripts: { start: 'tsx src/main.ts' } })
  for (const dir of ['packages/core', 'packages/storage', 'packages/kit', 'examples/server']) file(`${dir}/src/index.ts`, 500)
})
test.after.each(() => rmSync(root, { recursive: true, force: true }))

test('a fresh clone: the start builds the JavaScript of the server and what it runs with, and the empty database', () => {
  assert.equal(stale(RUNTIME_PARTS, '@x/server'), ['@x/core js', '@x/storage js', '@x/server js', '@x/server seed'].sort())
  assert.equal(
    stale(ALL),
    [
      '@x/core js',
      '@x/core types',
      '@x/storage js',
      '@x/storage types',
      '@x/kit js',
      '@x/kit types',
      '@x/server js',
      '@x/server seed',
    ].sort(),
  )
})

test('after the start, a build has the declarations and the packages the server does not run left to build', () => {
  for (const dir of ['packages/core', 'packages/storage']) file(`${dir}/dist/index.js`, 100)
  file('examples/server/dist/main.js', 100)
  file('examples/server/dist/pgdata-seed/PG_VERSION', 90)
  assert.equal(stale(RUNTIME_PARTS, '@x/server'), [], 'a second start builds nothing')
  assert.equal(stale(ALL), ['@x/core types', '@x/storage types', '@x/kit js', '@x/kit types'].sort())
})

test('a source newer than the JavaScript: its JavaScript, and what that build empties (declarations, the database)', () => {
  for (const dir of ['packages/core', 'packages/storage', 'packages/kit']) {
    file(`${dir}/dist/index.js`, 100)
    file(`${dir}/dist/index.d.ts`, 100)
  }
  file('examples/server/dist/main.js', 100)
  file('examples/server/dist/pgdata-seed/PG_VERSION', 90)
  assert.equal(stale(ALL), [])
  file('packages/core/src/index.ts', 10)
  file('examples/server/src/index.ts', 10)
  assert.equal(stale(ALL), ['@x/core js', '@x/core types', '@x/server js', '@x/server seed'].sort())
  assert.equal(stale(RUNTIME_PARTS, '@x/server'), ['@x/core js', '@x/server js', '@x/server seed'].sort())
})

test("a build that imports another package's sources by path is stale when those sources change", () => {
  manifest('examples/edge', { name: '@x/edge', scripts: { build: 'tsup', 'build:js': 'tsup' } })
  const edgeMain = join(root, 'examples/edge/src/main.ts')
  mkdirSync(dirname(edgeMain), { recursive: true })
  writeFileSync(edgeMain, "import { settings } from '../../../examples/server/src/settings'\n")
  const time = Date.now() / 1000 - 500
  utimesSync(edgeMain, time, time)
  file('examples/server/src/settings.ts', 500)
  file('examples/edge/dist/main.js', 100)
  assert.equal(
    stale(ALL).filter((task: string) => task.startsWith('@x/edge')),
    [],
  )
  file('examples/server/src/settings.ts', 10)
  assert.equal(
    stale(ALL).filter((task: string) => task.startsWith('@x/edge')),
    ['@x/edge js'],
  )
})

test('the lockfile or the shared build config newer than a part makes every part stale', () => {
  for (const dir of ['packages/core', 'packages/storage', 'packages/kit']) {
    file(`${dir}/dist/index.js`, 100)
    file(`${dir}/dist/index.d.ts`, 100)
  }
  file('examples/server/dist/main.js', 100)
  file('examples/server/dist/pgdata-seed/PG_VERSION', 90)
  file('pnpm-lock.yaml', 50)
  assert.equal(stale(ALL).length, 8)
})

// A fresh clone's `pnpm start` failed to build the console and the editor: they bundle @canvass/api-client, which
// it neither built nor waited for.
test('this workspace: the start builds the API client that the console and the editor bundle, before them', () => {
  const repo = fileURLToPath(new URL('../../..', import.meta.url))
  const packages = builtPackages(repo)
  const started = runtimeOf(packages, '@canvass/server').map((pkg: { name: string }) => pkg.name)
  assert.ok(started.includes('@canvass/api-client'), started.join(', '))
  for (const name of ['@canvass/console', '@canvass/editor']) {
    const pkg = packages.find((candidate: { name: string }) => candidate.name === name)
    assert.ok(pkg.bundles.includes('@canvass/api-client'), `${name} waits for the client's JavaScript`)
  }
})

test.run()
