/**
 * The server as npm installs it speaks as the installed command (issue 69, item 14): its `--help` said
 * `Usage: pnpm start (or: node packages/server/dist/main.js)` and pointed at `docs/configuration.md`, a path of
 * the repository, and its home page linked `/docs/`, a 404 outside the repository. The package is packed as a
 * release packs it (`pnpm pack`, with its `prepack`) and unpacked into `node_modules/@canvass/server` of an empty
 * project; its runtime dependencies of the workspace are linked there (`pnpm test:packages` installs them
 * from npm).
 */
import { execFile } from 'node:child_process'
import { existsSync, realpathSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { startProcess } from '@canvass/test-utils'
// @ts-expect-error: plain JavaScript of the workspace's scripts, without declarations
import { installFiles, libraryInstallLine } from '../../../scripts/pack-packages.mjs'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const PACKAGE = fileURLToPath(new URL('../', import.meta.url))
const run = promisify(execFile)

/** The pnpm that runs the tests (`pnpm test` sets npm_execpath), else the workspace's through npx. */
function pnpm(): [string, string[]] {
  const execpath = process.env.npm_execpath
  return execpath && /pnpm/.test(execpath) ? [execpath, []] : ['npx', ['--yes', 'pnpm@12.21.0']]
}

const test = suite('@canvass/server installed from its tarball')
let project = ''
let installed = ''

test.before(async () => {
  project = await mkdtemp(join(tmpdir(), 'canvass-installed-'))
  const [command, prefix] = pnpm()
  await run(command, [...prefix, 'pack', '--pack-destination', project], { cwd: PACKAGE })
  const [tarball] = (await readdir(project)).filter((name) => name.endsWith('.tgz'))
  installed = join(project, 'node_modules', '@canvass', 'server')
  await mkdir(installed, { recursive: true })
  await run('tar', ['-xzf', join(project, tarball as string), '-C', installed, '--strip-components=1'])
  await writeFile(join(project, 'package.json'), '{ "private": true }\n')
  for (const dependency of ['@electric-sql/pglite', '@canvass/widget', '@canvass/editor', '@canvass/console']) {
    await mkdir(join(project, 'node_modules', dependency, '..'), { recursive: true })
    await symlink(realpathSync(join(PACKAGE, 'node_modules', dependency)), join(project, 'node_modules', dependency))
  }
})

test.after(async () => {
  await rm(project, { recursive: true, force: true })
})

const cli = (...args: string[]) =>
  run(process.execPath, [join(installed, 'dist', 'cli.js'), ...args], { cwd: project, env: { PATH: process.env.PATH ?? '' } })

test('canvass start --help names the installed command and a page of the documentation that is there', async () => {
  const { stdout } = await cli('start', '--help')
  assert.ok(stdout.startsWith('Usage: canvass start [options]'), stdout)
  assert.not.match(stdout, /pnpm|packages\/server/)
  const page = /^Every setting: (\S+) /m.exec(stdout)?.[1] ?? ''
  assert.is(page, join(installed, 'docs', 'configuration.md'))
  assert.ok(existsSync(page), `${page} is there`)
  assert.match(stdout, /^Projects, environments and API keys: canvass --help\.$/m)
})

test('canvass --help and a refused argument name the installed command too', async () => {
  const { stdout } = await cli('--help')
  assert.not.match(stdout, /pnpm/)
  assert.ok(existsSync(/Every setting:\s+(\S+)/.exec(stdout)?.[1] ?? '-'), stdout)
  const refused = await cli('start', '--port', '8080').then(
    () => '',
    (error: { stderr: string }) => error.stderr,
  )
  assert.match(refused, /\(PORT=8080 canvass start\)/)
})

test('the home page links only what this server serves: the API reference, the OpenAPI document, /health and the docs', async () => {
  const dataDir = join(project, 'data')
  const server = await startProcess(process.execPath, [join(installed, 'dist', 'cli.js'), 'start'], {
    cwd: project,
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, CANVASS_DRAIN_SECONDS: '0' },
  })
  try {
    const home = await fetch(`${server.url}/`)
    const links = [...(await home.text()).matchAll(/<a href="([^"]+)">/g)].map((match) => match[1] as string)
    assert.ok(links.includes('docs/'), links.join(' '))
    for (const link of [...links, 'docs/configuration.md']) {
      const answer = await fetch(new URL(link, `${server.url}/`))
      assert.is(answer.status, 200, link)
      await answer.arrayBuffer()
    }
    assert.is(await server.stop('SIGTERM'), 0, server.output())
  } finally {
    await server.stop('SIGKILL')
  }
})

test.run()

const line = suite('pnpm pack:packages: the install line of each package')

// Installing the server's tarball alone failed on @canvass/widget@^0.0.0, which is on no registry yet.
line(
  "names every @canvass tarball the package needs: the server's the console's, the editor's and the widget's, an adapter's core's",
  () => {
    const names = [
      '@canvass/console',
      '@canvass/core',
      '@canvass/editor',
      '@canvass/host-node',
      '@canvass/server',
      '@canvass/storage-kysely',
      '@canvass/widget',
    ]
    const tarballs = new Map(names.map((name) => [name, `packed/${name.slice(1).replace('/', '-')}-0.0.0.tgz`]))
    assert.equal(installFiles('@canvass/server', tarballs), [
      'packed/canvass-server-0.0.0.tgz',
      'packed/canvass-console-0.0.0.tgz',
      'packed/canvass-editor-0.0.0.tgz',
      'packed/canvass-widget-0.0.0.tgz',
    ])
    assert.equal(installFiles('@canvass/host-node', tarballs), ['packed/canvass-host-node-0.0.0.tgz', 'packed/canvass-core-0.0.0.tgz'])
    assert.equal(installFiles('@canvass/core', tarballs), ['packed/canvass-core-0.0.0.tgz'])
    assert.throws(() => installFiles('@canvass/server', new Map([['@canvass/server', 'server.tgz']])), /no tarball of @canvass\/console/)
  },
)

line("the library's line is docs/embedding.md's, each @canvass name as the tarballs it needs, each once", () => {
  const names = ['@canvass/core', '@canvass/host-node', '@canvass/storage-kysely', '@canvass/widget']
  const tarballs = new Map(names.map((name) => [name, `packed/${name.slice(1).replace('/', '-')}-0.0.0.tgz`]))
  const words = (libraryInstallLine(tarballs) as string).split(' ')
  assert.equal(words.slice(0, 2), ['npm', 'install'])
  assert.equal(words.filter((word) => word.startsWith('packed/')).sort(), [...tarballs.values()].sort())
  assert.ok(words.includes('kysely') && words.includes('@electric-sql/pglite'), words.join(' '))
  assert.not.ok(
    words.some((word) => word.startsWith('@canvass/')),
    'no package by name: npm finds none before the first release',
  )
})

line.run()
