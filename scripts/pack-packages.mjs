// `pnpm pack:packages`: packs every published package (packages/*) into `packed/`, as `pnpm pack` does for
// a release (workspace ranges become versions), and prints the tarballs' paths, then the `npm install` line of
// the library as docs/embedding.md installs it, and for each package the line that installs it from them: its
// tarball and those of every `@canvass/*` package it needs, which npm cannot find on the registry before the
// first release. Build first (`pnpm build`).
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Packs each package into `destination` (emptied first); returns package name → tarball path. */
export function packPackages(destination = join(root, 'packed')) {
  rmSync(destination, { recursive: true, force: true })
  mkdirSync(destination, { recursive: true })
  // Under `pnpm run`, npm_execpath is the pnpm that runs us; alone, the workspace's pnpm through npx.
  const execpath = process.env.npm_execpath
  const pnpm = execpath && /pnpm/.test(execpath) ? [execpath] : ['npx', '--yes', 'pnpm@12.21.0']
  const tarballs = new Map()
  for (const { dir, manifest } of publishedPackages()) {
    execFileSync(pnpm[0], [...pnpm.slice(1), 'pack', '--pack-destination', destination], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    const file = `${manifest.name.replace(/^@/, '').replace('/', '-')}-${manifest.version}.tgz`
    tarballs.set(manifest.name, join(destination, file))
  }
  return tarballs
}

/**
 * The tarballs `npm install` needs to install package `name` from `tarballs` (name → path): its own, then those of
 * the workspace packages it depends on (dependencies, peer and optional ones, which npm installs too), and theirs.
 */
export function installFiles(name, tarballs) {
  const manifests = new Map(publishedPackages().map(({ manifest }) => [manifest.name, manifest]))
  const needed = []
  const visit = (current) => {
    if (needed.includes(current)) return
    needed.push(current)
    const manifest = manifests.get(current)
    if (!manifest) throw new Error(`${current} is not a published package of the workspace`)
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const dependency of Object.keys(manifest[field] ?? {})) if (manifests.has(dependency)) visit(dependency)
    }
  }
  visit(name)
  return needed.map((packageName) => {
    const file = tarballs.get(packageName)
    if (!file) throw new Error(`no tarball of ${packageName}, which ${name} needs`)
    return file
  })
}

/**
 * The line that installs the library as docs/embedding.md does (its block marked `packages-test: install`), with
 * each `@canvass/*` name replaced by its tarball and those of the packages it needs, each tarball once.
 */
export function libraryInstallLine(tarballs) {
  const page = readFileSync(join(root, 'docs', 'embedding.md'), 'utf8')
  const line = /<!-- packages-test: install -->\n```sh\n(npm install [^\n]+)\n/.exec(page)?.[1]
  if (!line) throw new Error('docs/embedding.md has no `npm install` line marked packages-test: install')
  const words = []
  for (const word of line.trim().split(/\s+/).slice(2)) {
    for (const file of word.startsWith('@canvass/') ? installFiles(word, tarballs) : [word]) {
      if (!words.includes(file)) words.push(file)
    }
  }
  return `npm install ${words.join(' ')}`
}

/** The published packages of the workspace (no `private`), in folder order. */
function publishedPackages() {
  return readdirSync(join(root, 'packages'))
    .sort()
    .map((folder) => ({ dir: join(root, 'packages', folder) }))
    .map(({ dir }) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => !manifest.private)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tarballs = packPackages()
  for (const [name, file] of tarballs) console.log(`${name}\t${file}`)
  console.log(
    '\nUntil the first release, npm finds no @canvass/* package on the registry: install a package from its tarball\n' +
      'together with the tarballs of the @canvass/* packages it needs (the rest comes from the registry):\n',
  )
  console.log(`# the library, as docs/embedding.md installs it\n${libraryInstallLine(tarballs)}\n`)
  for (const name of tarballs.keys()) {
    const then = name === '@canvass/server' ? ' (then `npx canvass start` runs it)' : ''
    console.log(`# ${name}${then}\nnpm install ${installFiles(name, tarballs).join(' ')}\n`)
  }
}
