// Builds the console's browser bundle (`dist/console.js`, an ES module that mounts the app into the /console page), and
// fails when it is over its gzipped size budget of 150 KiB: the /console page loads it whole, styles included.
import { readFile } from 'node:fs/promises'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const KIB = 1024
const BUDGET = 150 * KIB
const OUT = 'dist/console.js'

const root = new URL('..', import.meta.url).pathname
await build({
  absWorkingDir: root,
  entryPoints: ['src/main.tsx'],
  outfile: OUT,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2020', 'chrome90', 'firefox90', 'safari14.1'],
  minify: true,
  legalComments: 'none',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  // One Preact: core's results components (`@canvass/core/results`) render with the console's own copy.
  alias: { preact: `${root}node_modules/preact` },
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
})
const bytes = await readFile(new URL(OUT, `file://${root}`))
const gzipped = gzipSync(bytes, { level: 9 }).length
const fits = gzipped <= BUDGET
console.log(
  `${OUT}: ${(bytes.length / KIB).toFixed(1)} KiB, ${(gzipped / KIB).toFixed(1)} KiB gzipped ` +
    `(budget ${BUDGET / KIB} KiB)${fits ? '' : ' OVER BUDGET'}`,
)
if (!fits) {
  console.error('The console bundle is over its gzipped size budget.')
  process.exit(1)
}
