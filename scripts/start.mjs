// `pnpm start`: builds what the standalone server runs when a source is newer than what was built (the
// JavaScript of the server and of the packages it loads, and its empty database; not the type declarations,
// which `pnpm build` adds and reuses the rest), one line per part (and the build's output if it failed), then
// runs the server in this process, so that its own lines are all there is to read and its exit code is the
// command's.
import { join } from 'node:path'
import { RUNTIME_PARTS, buildParts, runtimeOf } from './build.mjs'
import { builtPackages } from './stale.mjs'

const root = new URL('..', import.meta.url).pathname
const server = join(root, 'packages', 'server', 'dist', 'main.js')

const build = await buildParts(root, {
  packages: runtimeOf(builtPackages(root), '@canvass/server'),
  parts: RUNTIME_PARTS,
  title: 'Building what the server runs, sources changed since the last build',
  log: (line) => console.log(line),
})
if (!build.ok) {
  process.stderr.write(build.output)
  console.error('Canvass could not start: the build failed (output above)')
  process.exit(1)
}
if (build.built > 0) console.log(`Built in ${build.seconds.toFixed(1)} s`)
await import(server)
