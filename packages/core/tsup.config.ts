import { defineConfig } from 'tsup'
import { baseConfig } from '../../tsup.config.base'

// The API's types for callers (`@canvass/core/openapi`) and the logic conditions the widget bundles
// (`@canvass/core/conditions`) and answer formats (`@canvass/core/answer-formats`) are entries of their own.
export default defineConfig({
  ...baseConfig,
  entry: ['src/index.ts', 'src/openapi-types.ts', 'src/conditions.ts', 'src/answer-formats.ts'],
})
