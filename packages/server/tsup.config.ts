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
})
