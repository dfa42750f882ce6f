import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { defineConfig } from 'tsup'
import { baseConfig } from '../../tsup.config.base'
import { UNBUNDLED } from './scripts/unbundled.mjs'

export default defineConfig({
  ...baseConfig,
  entry: ['src/main.ts', 'src/cli.ts', 'src/index.ts'],
  // Declarations for the package's one export (`start`); the bin and `main.js` need none.
  dts: { entry: 'src/index.ts' },
  // One file per entry, with the workspace packages and libraries in it: a start then reads and links one module
  // instead of several hundred, which halves the CPU time from launch to listening. Left as imports: PGlite and
  // the widget, which read files next to their own module (the database's WebAssembly, the browser bundles),
  // and pg's optional native binding. What it bundles is a dev dependency in package.json, so that an install gets
  // it once, in this file; the rest are its dependencies. The workspace build rebuilds this one when the sources
  // of a workspace package it bundles change (`BUNDLES` in scripts/stale.mjs).
  noExternal: [new RegExp(`^(?!(${UNBUNDLED.join('|')})(/|$))`)],
  external: UNBUNDLED,
  // Bundled CommonJS (pg, commander, prom-client) calls `require`, which an ES module has not by itself.
  banner: { js: "import { createRequire as __canvassRequire } from 'node:module'; const require = __canvassRequire(import.meta.url);" },
  onSuccess: latin1Source,
})

/**
 * V8 holds a module's source text for the life of the process, in two bytes a character when any of them is
 * beyond Latin-1. esbuild writes such characters in code as escapes but copies comments as they are, and the few
 * dashes and arrows in the bundled comments doubled the ~2 MB of its own bundle an idle server holds: they are
 * written as `\uXXXX` too.
 */
async function latin1Source(): Promise<void> {
  for (const name of ['main.js', 'cli.js', 'index.js']) {
    // tsup's `dist`, under the folder it runs in (the package's).
    const file = join('dist', name)
    const source = await readFile(file, 'utf8').catch(() => undefined)
    if (source === undefined) continue
    const escaped = source.replace(/[\u0100-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
    if (escaped !== source) await writeFile(file, escaped)
  }
}
