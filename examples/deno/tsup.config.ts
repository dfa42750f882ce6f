import { defineConfig } from 'tsup'
import { baseConfig } from '../../tsup.config.base'

// Deno needs the `node:` prefix on built-in modules: keep it.
export default defineConfig({ ...baseConfig, entry: ['src/main.ts'], dts: false, removeNodeProtocol: false })
