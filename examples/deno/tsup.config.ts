import { defineConfig } from 'tsup'
import { baseConfig } from '../../tsup.config.base'

// Deno needs the `node:` prefix on built-in modules: keep it. The embedded database's thread is a module of its own
// beside main.js, as in the Node server's build (packages/server/src/pglite-thread.ts finds it there).
export default defineConfig({
  ...baseConfig,
  entry: { main: 'src/main.ts', 'pglite-worker': '../../packages/server/src/pglite-worker.ts' },
  dts: false,
  removeNodeProtocol: false,
})
