// Builds the two browser bundles the @formbricks/js loader and link pages load, and fails when either is
// over its gzipped size budget (20 KiB and 80 KiB: the in-app core stays small because every page of a
// customer's app loads it; the renderer loads only when a survey is shown).
import { copyFile, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const KIB = 1024
const bundles = [
  { entry: 'src/core/index.ts', out: 'dist/formbricks.umd.cjs', budget: 20 * KIB },
  { entry: 'src/renderer/index.tsx', out: 'dist/surveys.umd.cjs', budget: 80 * KIB },
]

const root = new URL('..', import.meta.url).pathname
let over = false
for (const bundle of bundles) {
  await build({
    absWorkingDir: root,
    entryPoints: [bundle.entry],
    outfile: bundle.out,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    // Safari 14.0 has a destructuring bug esbuild cannot work around; 14.1 fixed it.
    target: ['es2020', 'chrome90', 'firefox90', 'safari14.1'],
    minify: true,
    legalComments: 'none',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  })
  const bytes = await readFile(new URL(bundle.out, `file://${root}`))
  const gzipped = gzipSync(bytes, { level: 9 }).length
  const fits = gzipped <= bundle.budget
  if (!fits) over = true
  console.log(
    `${bundle.out}: ${(bytes.length / KIB).toFixed(1)} KiB, ${(gzipped / KIB).toFixed(1)} KiB gzipped ` +
      `(budget ${bundle.budget / KIB} KiB)${fits ? '' : ' OVER BUDGET'}`,
  )
}
// The API reference page's viewer (`GET /api/v1/docs`): RapiDoc's own minified build, with its licence file.
const rapidoc = createRequire(import.meta.url).resolve('rapidoc/dist/rapidoc-min.js')
await copyFile(rapidoc, new URL('dist/api-reference.js', `file://${root}`))
await copyFile(`${rapidoc}.LICENSE.txt`, new URL('dist/api-reference.js.LICENSE.txt', `file://${root}`))

if (over) {
  console.error('A widget bundle is over its gzipped size budget.')
  process.exit(1)
}
