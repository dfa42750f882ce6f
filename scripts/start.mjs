// `pnpm start`: builds the workspace only when a source is newer than what was built (and then prints one
// line, or the build's output if it failed), then runs the standalone server in this process, so that its
// own lines are all there is to read and its exit code is the command's.
import { join } from 'node:path'
import { buildWorkspace, staleBuild } from './stale.mjs'

const root = new URL('..', import.meta.url).pathname
const server = join(root, 'examples', 'standalone', 'dist', 'main.js')

if (staleBuild(root) !== undefined) {
  console.log('Building Canvass (sources changed since the last build)…')
  const build = buildWorkspace(root)
  if (build.status !== 0) {
    process.stderr.write(build.output)
    console.error('Canvass could not start: the build failed (output above)')
    process.exit(1)
  }
}
await import(server)
