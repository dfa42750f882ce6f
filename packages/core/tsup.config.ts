import { defineConfig } from 'tsup'
import { baseConfig } from '../../tsup.config.base'

// The API's types for callers (`@canvass/core/openapi`) and the logic conditions the widget bundles
// (`@canvass/core/conditions`) answer formats (`@canvass/core/answer-formats`) the reserved ids the editor checks (`@canvass/core/survey-ids`) and the templates the CLI and the console start from (`@canvass/core/survey-templates`), the results summary both the console and the shared page draw (`@canvass/core/results`)
// are entries of their own.
export default defineConfig({
  ...baseConfig,
  entry: [
    'src/index.ts',
    'src/openapi-types.ts',
    'src/conditions.ts',
    'src/answer-formats.ts',
    'src/survey-ids.ts',
    'src/survey-templates.ts',
    'src/results.ts',
  ],
})
