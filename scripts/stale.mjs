// Whether the workspace's build outputs are older than what they are built from, so that `pnpm start` and
// `pnpm test` build only when something changed. Each built package (one with a `build` script) is stale
// when its `dist` is missing or older than its sources (`src`, `scripts`), manifest or build config; all
// of them are stale when the shared build config or the lockfile is newer than their outputs.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** The packages and examples of the workspace at `root` that have a `build` script. */
export function builtPackages(root) {
  return ['packages', 'examples']
    .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)))
    .filter((dir) => {
      const manifest = join(dir, 'package.json')
      return existsSync(manifest) && Boolean(JSON.parse(readFileSync(manifest, 'utf8')).scripts?.build)
    })
}

/** The first package (a path) whose build is out of date, or undefined when every build is current. */
export function staleBuild(root) {
  const shared = ['tsup.config.base.ts', 'tsconfig.base.json', 'pnpm-lock.yaml'].map((file) => mtime(join(root, file)))
  for (const dir of builtPackages(root)) {
    const built = oldest(join(dir, 'dist'))
    if (built === undefined) return dir
    const inputs = [
      newest(join(dir, 'src')),
      newest(join(dir, 'scripts')),
      ...['package.json', 'tsup.config.ts', 'tsconfig.json'].map((file) => mtime(join(dir, file))),
      ...shared,
    ]
    if (inputs.some((time) => time !== undefined && time > built)) return dir
  }
  return undefined
}

function mtime(path) {
  return existsSync(path) ? statSync(path).mtimeMs : undefined
}

function files(dir) {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

function newest(dir) {
  const times = files(dir).map((file) => statSync(file).mtimeMs)
  return times.length ? Math.max(...times) : undefined
}

function oldest(dir) {
  const times = files(dir).map((file) => statSync(file).mtimeMs)
  return times.length ? Math.min(...times) : undefined
}

/**
 * Runs `pnpm -r run build` quietly with the pnpm that runs this script (pnpm names itself in `npm_execpath`:
 * a script for Node, or, in recent pnpm, an executable of its own); returns its exit status and output.
 */
export function buildWorkspace(root) {
  const pnpm = process.env.npm_execpath
  const args = ['-r', '--silent', 'run', 'build']
  const options = { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }
  // Run outside pnpm (`node scripts/test-all.mjs`): the pnpm that CI and the README use, through npx.
  const run = !pnpm
    ? spawnSync('npx', ['--yes', 'pnpm@12.21.0', ...args], options)
    : /\.[cm]?js$/.test(pnpm)
      ? spawnSync(process.execPath, [pnpm, ...args], options)
      : spawnSync(pnpm, args, options)
  return { status: run.status, output: `${run.stdout ?? ''}${run.stderr ?? ''}` }
}
