// Which parts of the workspace's build are older than what they are built from, so that `pnpm start`,
// `pnpm build` and `pnpm test` build only what changed, and each only what it needs.
//
// A package's build comes in parts, each a script of its manifest (`PARTS`): its JavaScript (`build:js`, what a
// process runs), its type declarations (`build:types`) and, for the standalone server, its empty database
// (`build:seed`). Each part owns some of the files in `dist`; a part is stale when it has none or the oldest is
// older than the package's sources (`src`, `scripts`), manifest or build config, or than the shared build config
// or the lockfile. A package's `build` script still builds every part at once.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { UNBUNDLED } from '../packages/server/scripts/unbundled.mjs'

const DECLARATION = /\.d\.[cm]?ts(\.map)?$/
// The standalone server's empty database, and the folder it is made in before it is renamed into place.
const SEED = 'pgdata-seed'

/**
 * The parts of a package's build, in the order they run within a package: `owns` tells a file of `dist`
 * (relative to it) that the part wrote; `runtime` parts are what a process runs; `after` names what must be
 * built first: parts of the package's workspace dependencies (`deps`), of the workspace packages it bundles
 * (`bundles`, see `BUNDLES`) and the package's own parts; `cost` is
 * roughly how long it takes (a JavaScript build is 1), to start the longest chains first.
 */
export const PARTS = [
  {
    name: 'js',
    label: 'JavaScript',
    runtime: true,
    owns: (file) => !DECLARATION.test(file) && !file.startsWith(SEED),
    after: { deps: [], bundles: ['js'], own: [] },
    cost: 1,
  },
  // Declarations import those of the packages they build on, and go into the `dist` that the package's own
  // JavaScript build empties first.
  {
    name: 'types',
    label: 'type declarations',
    runtime: false,
    owns: (file) => DECLARATION.test(file),
    after: { deps: ['types'], own: ['js'] },
    cost: 5,
  },
  // The empty database is migrated with the storage package's built JavaScript, into that `dist` too.
  {
    name: 'seed',
    label: 'empty database',
    runtime: true,
    owns: (file) => file.startsWith(SEED),
    after: { deps: ['js'], own: ['js'] },
    cost: 8,
  },
]

/**
 * Workspace packages whose JavaScript build bundles other workspace packages (from their built `dist`), given
 * what their sources import (`workspaceImports`): the widget's renderer bundles core's logic conditions
 * (`@canvass/core/conditions`) and answer formats (`@canvass/core/answer-formats`) into browser code, the editor core's reserved ids
 * (`@canvass/core/survey-ids`) and the API client it makes every call through (`@canvass/api-client`), the
 * console whatever core subpath it draws on and that client too, and the standalone server bundles every workspace package its
 * sources import but those its tsup.config.ts leaves as imports (`UNBUNDLED`); what it bundles is a dev
 * dependency of its manifest, not a runtime one, so its sources say what it runs on. That build waits on theirs,
 * and is stale when their sources change.
 */
const BUNDLES = {
  '@canvass/widget': () => ['@canvass/core'],
  '@canvass/editor': () => ['@canvass/core', '@canvass/api-client'],
  '@canvass/console': () => ['@canvass/core', '@canvass/api-client'],
  '@canvass/server': (imports) => imports.packages.filter((name) => !UNBUNDLED.includes(name)),
}

/**
 * What the TypeScript files under a package's `src` import from the rest of the workspace, read once per package:
 * `packages`, the `@canvass/*` packages they import (`from '@canvass/name'` or a subpath), and `sources`, the
 * source folders of other packages they import by relative path (`from '../../../packages/server/src/…'`),
 * relative to `root`: the Deno example bundles the standalone server's settings and start-up modules that way, so
 * its build is stale when they change.
 */
function workspaceImports(root, dir) {
  const src = join(dir, 'src')
  // The package's own folder, with its slash: `examples/deno/` is not a prefix of `examples/deno-edge/src`.
  const own = `${relative(root, dir)}/`
  const packages = new Set()
  const sources = new Set()
  for (const file of files(src).filter((entry) => entry.relative.endsWith('.ts'))) {
    const source = readFileSync(join(src, file.relative), 'utf8')
    for (const match of source.matchAll(/from '(@canvass\/[a-z0-9-]+)/g)) packages.add(match[1])
    for (const match of source.matchAll(/from '(\.\.\/[^']*?\/(?:packages|examples)\/[a-z0-9-]+\/src)\//g)) {
      const folder = relative(root, join(src, dirname(file.relative), match[1]))
      if (!folder.startsWith(own)) sources.add(folder)
    }
  }
  return { packages: [...packages].sort(), sources: [...sources].sort() }
}

/**
 * The packages and examples of the workspace at `root` that have a `build` script: their folder, name,
 * workspace dependencies (names) and the parts of `PARTS` they have a `build:<part>` script for.
 */
export function builtPackages(root) {
  const all = ['packages', 'examples']
    .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
  const names = new Set(all.map(({ manifest }) => manifest.name))
  return all
    .filter(({ manifest }) => Boolean(manifest.scripts?.build))
    .map(({ dir, manifest }) => {
      const declared = (field) => Object.keys(manifest[field] ?? {}).filter((name) => names.has(name))
      const runtimeDeps = [...new Set([...declared('dependencies'), ...declared('peerDependencies')])]
      const imports = workspaceImports(root, dir)
      return {
        dir,
        name: manifest.name,
        /** What it runs with (a process loads these). */
        runtimeDeps,
        /** Everything it is built against, as `pnpm -r` orders packages. */
        deps: [...new Set([...declared('dependencies'), ...declared('peerDependencies'), ...declared('devDependencies')])],
        /** What its JavaScript build bundles (`BUNDLES`). */
        bundles: BUNDLES[manifest.name]?.(imports) ?? [],
        /** Source folders of other packages (relative to `root`) its sources import by path. */
        sources: imports.sources,
        parts: PARTS.filter((part) => Boolean(manifest.scripts?.[`build:${part.name}`])).map((part) => part.name),
      }
    })
}

/**
 * The stale parts of the packages given (`{ pkg, part }`, in `PARTS` order within a package), among the part
 * names given. A part after a stale part of the same package that empties `dist` (the JavaScript) is stale too.
 */
export function staleParts(root, packages, partNames) {
  const shared = newestOf(['tsup.config.base.ts', 'tsconfig.base.json', 'pnpm-lock.yaml'].map((file) => mtime(join(root, file))))
  const stale = []
  for (const pkg of packages) {
    const inputs = newestOf([
      newest(join(pkg.dir, 'src')),
      newest(join(pkg.dir, 'scripts')),
      ...(pkg.sources ?? []).map((folder) => newest(join(root, folder))),
      ...['package.json', 'tsup.config.ts', 'tsconfig.json'].map((file) => mtime(join(pkg.dir, file))),
      shared,
    ])
    const bundled = newestOf(pkg.bundles.map((name) => newest(join(root, 'packages', name.replace('@canvass/', ''), 'src'))))
    const outputs = files(join(pkg.dir, 'dist'))
    const rebuilt = new Set()
    for (const part of PARTS) {
      if (!pkg.parts.includes(part.name)) continue
      const times = outputs.filter((file) => part.owns(file.relative)).map((file) => file.mtime)
      const built = times.length ? Math.min(...times) : undefined
      const emptied = part.after.own.some((name) => rebuilt.has(name))
      const partInputs = part.after.bundles?.length ? newestOf([inputs, bundled]) : inputs
      if (built === undefined || (partInputs !== undefined && partInputs > built) || emptied) {
        rebuilt.add(part.name)
        if (partNames.includes(part.name)) stale.push({ pkg, part: part.name })
      }
    }
  }
  return stale
}

function mtime(path) {
  return existsSync(path) ? statSync(path).mtimeMs : undefined
}

function newestOf(times) {
  const known = times.filter((time) => time !== undefined)
  return known.length ? Math.max(...known) : undefined
}

function files(dir) {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name)
      return { relative: relative(dir, path), mtime: statSync(path).mtimeMs }
    })
}

function newest(dir) {
  return newestOf(files(dir).map((file) => file.mtime))
}
