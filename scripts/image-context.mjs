// `pnpm image:context`: lays out in `.image/` what the container image (the root `Dockerfile`) installs: the
// standalone server `@canvass/server` with its documentation pages, as its packed tarball holds it, and its
// production dependencies at the lockfile's versions (`pnpm deploy --prod`, flat), without what the server never
// loads at run time (source maps, type declarations, CommonJS copies, pnpm's own files). It first builds what the
// server runs when a source changed, as `pnpm start` does. No network: pnpm copies the dependencies from its store,
// which `pnpm install` filled. Then `podman build --format docker -t canvass .` or `docker build -t canvass .`
// (docs/container.md).
import { execFileSync } from 'node:child_process'
import { chmodSync, copyFileSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { RUNTIME_PARTS, buildParts, runtimeOf } from './build.mjs'
import { builtPackages } from './stale.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const server = join(root, 'packages', 'server')

/**
 * What the server never loads: source maps and type declarations (and see `unused`). Not every `.map` file is a
 * source map: Postgres's `pg_filenode.map` is part of the empty database.
 */
const UNUSED = /\.([cm]?js\.map|css\.map|d\.[cm]?ts)$/

/**
 * Builds what the server runs (when a source changed) and writes `.image/` (or `target`) anew; resolves to its
 * size in bytes. `log` gets the build's lines.
 */
export async function imageContext({ target = join(root, '.image'), log = () => {} } = {}) {
  const build = await buildParts(root, {
    packages: runtimeOf(builtPackages(root), '@canvass/server'),
    parts: RUNTIME_PARTS,
    title: 'Building what the server runs, sources changed since the last build',
    log,
  })
  if (!build.ok) throw new Error(`the build failed:\n${build.output}`)
  rmSync(target, { recursive: true, force: true })
  // The documentation pages go into the package while it is deployed, as while it is packed (its prepack).
  const docs = (step) => execFileSync(process.execPath, [join(server, 'scripts', 'packed-docs.mjs'), step], { stdio: 'inherit' })
  docs('add')
  try {
    // Under `pnpm run`, npm_execpath is the pnpm that runs us; alone, the workspace's pnpm through npx.
    const execpath = process.env.npm_execpath
    const pnpm = execpath && /pnpm/.test(execpath) ? [execpath] : ['npx', '--yes', 'pnpm@12.21.0']
    execFileSync(
      pnpm[0],
      [
        ...pnpm.slice(1),
        '--filter',
        '@canvass/server',
        'deploy',
        '--prod',
        '--prefer-offline',
        // Real folders, as npm installs them: no links into a virtual store whose folder names carry this
        // machine's paths.
        '--config.node-linker=hoisted',
        target,
      ],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    )
  } finally {
    docs('remove')
  }
  for (const name of ['pnpm-lock.yaml', 'pnpm-workspace.yaml', 'node_modules/.modules.yaml', 'node_modules/.pnpm', 'node_modules/.bin']) {
    rmSync(join(target, name), { recursive: true, force: true })
  }
  for (const name of readdirSync(join(target, 'node_modules'))) {
    if (name.startsWith('.pnpm')) rmSync(join(target, 'node_modules', name), { recursive: true, force: true })
  }
  publishedManifest(target)
  return prune(target)
}

/**
 * The server's package.json as its packed tarball has it: `pnpm deploy` names the workspace packages it depends on
 * by the folders they were copied from (`file:` and this machine's path); the image names their versions. Written
 * anew (not in place), since the deployed file may be a link to the workspace's.
 */
function publishedManifest(target) {
  const file = join(target, 'package.json')
  const manifest = JSON.parse(readFileSync(file, 'utf8'))
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (!/file:/.test(manifest.dependencies[name])) continue
    const { version } = JSON.parse(readFileSync(join(target, 'node_modules', name, 'package.json'), 'utf8'))
    manifest.dependencies[name] = `^${version}`
  }
  // Scripts that run in the repository, and what only its tests use.
  delete manifest.scripts
  delete manifest.devDependencies
  rmSync(file)
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`)
}

/**
 * Removes the files the server never loads under `folder`, and lets everyone read what is left, as npm's tarballs
 * do: the image's files belong to root and the server runs as another user, and the empty database's files are
 * Postgres's, readable by their owner alone. Returns the size of what is left, in bytes.
 */
function prune(folder) {
  const entries = readdirSync(folder, { withFileTypes: true })
  const names = new Set(entries.map((entry) => entry.name))
  let size = 0
  for (const entry of entries) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) {
      readable(path, 0o555)
      size += prune(path)
    } else if (unused(entry.name, names)) rmSync(path)
    else size += readable(path, 0o444).size
  }
  return size
}

/** Adds the `bits` that `path` lacks; a file linked from pnpm's store (or elsewhere) is copied first. */
function readable(path, bits) {
  const stats = statSync(path)
  if ((stats.mode & bits) !== bits) {
    if (stats.isFile() && stats.nlink > 1) {
      copyFileSync(path, `${path}.copy`)
      renameSync(`${path}.copy`, path)
    }
    chmodSync(path, stats.mode | bits)
  }
  return stats
}

/**
 * A source map, a type declaration, or the CommonJS build of a module whose ES module is beside it (`index.cjs`
 * next to `index.js`). A `.cjs` file alone stays: the widget serves its browser bundle as one.
 */
function unused(name, siblings) {
  return UNUSED.test(name) || (name.endsWith('.cjs') && siblings.has(`${name.slice(0, -'.cjs'.length)}.js`))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const size = await imageContext({ log: (line) => console.log(line) })
  console.log(`.image/: the server and its production dependencies, ${(size / 1e6).toFixed(1)} MB`)
  console.log('Build the image: podman build --format docker -t canvass .   (or: docker build -t canvass .)')
}
