// `pnpm start`: builds the workspace only when a source is newer than what was built (and then prints one
// line, or the build's output if it failed), then runs the standalone server in this process, so that its
// own lines are all there is to read and its exit code is the command's.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const server = join(root, 'examples', 'standalone', 'dist', 'main.js')

if (isStale()) {
  console.log('Building Canvass (sources changed since the last build)…')
  const pnpm = process.env.npm_execpath
  const args = ['-r', '--silent', 'run', 'build']
  const options = { cwd: root, encoding: 'utf8' }
  // pnpm names itself in npm_execpath: a script for Node, or (recent pnpm) an executable of its own.
  const build = !pnpm
    ? spawnSync('pnpm', args, { ...options, shell: true })
    : /\.[cm]?js$/.test(pnpm)
      ? spawnSync(process.execPath, [pnpm, ...args], options)
      : spawnSync(pnpm, args, options)
  if (build.status !== 0) {
    process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}`)
    console.error('Canvass could not start: the build failed (output above)')
    process.exit(1)
  }
}
await import(server)

/** Whether any package the server runs on has a source, manifest or build config newer than its build. */
function isStale() {
  const packages = [
    ...readdirSync(join(root, 'packages')).map((name) => join(root, 'packages', name)),
    join(root, 'examples', 'standalone'),
  ].filter((dir) => existsSync(join(dir, 'tsup.config.ts')))
  for (const dir of packages) {
    const built = oldest(join(dir, 'dist'))
    if (built === undefined) return true
    const inputs = [newest(join(dir, 'src')), ...['package.json', 'tsup.config.ts'].map((file) => mtime(join(dir, file)))]
    if (inputs.some((time) => time !== undefined && time > built)) return true
  }
  const shared = ['tsup.config.base.ts', 'tsconfig.base.json', 'pnpm-lock.yaml'].map((file) => mtime(join(root, file)))
  const server_ = mtime(server)
  return server_ === undefined || shared.some((time) => time !== undefined && time > server_)
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
