import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { defineConfig } from 'tsup'
import { baseConfig } from '../../tsup.config.base'
import { UNBUNDLED } from './scripts/unbundled.mjs'

export default defineConfig({
  ...baseConfig,
  entry: ['src/main.ts', 'src/cli.ts', 'src/index.ts', 'src/pglite-worker.ts'],
  // Declarations for the package's one export (`start`); the bin and `main.js` need none.
  dts: { entry: 'src/index.ts' },
  // Rather than each entry a copy of everything (~2 MB, and 4 MB of source map), which npm would install thrice.
  splitting: true,
  // The workspace packages and libraries bundled, in one chunk the entries share (and a chunk of their own for what
  // is imported only when a setting asks: pg, prom-client): a start then reads and links a few modules instead of
  // several hundred, for a fifth less CPU time from launch to listening (560 against 700 ms for warm starts with
  // the packages imported by name, on a busy 2-core machine). Left as imports: PGlite and
  // the widget, which read files next to their own module (the database's WebAssembly, the browser bundles),
  // and pg's optional native binding. What it bundles is a dev dependency in package.json, so that an install
  // gets it once, in this package's dist; the rest are its dependencies. The workspace build rebuilds this one
  // when the sources of a workspace package it bundles change (`BUNDLES` in scripts/stale.mjs).
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
  for (const name of (await readdir('dist')).filter((file) => file.endsWith('.js'))) {
    // tsup's `dist`, under the folder it runs in (the package's).
    const file = join('dist', name)
    const source = await readFile(file, 'utf8').catch(() => undefined)
    if (source === undefined) continue
    const escaped = source.replace(/[\u0100-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
    if (escaped !== source) await writeFile(file, escaped)
  }
}
