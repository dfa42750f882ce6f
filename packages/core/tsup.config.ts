import { defineConfig } from 'tsup'
import { baseConfig } from '../../tsup.config.base'

// The API's types for callers (`@canvass/core/openapi`) are an entry of their own.
export default defineConfig({ ...baseConfig, entry: ['src/index.ts', 'src/openapi-types.ts'] })
