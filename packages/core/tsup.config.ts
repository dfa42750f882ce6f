import { defineConfig } from 'tsup'
import { baseConfig } from '../../tsup.config.base'

// The API's types for callers (`@canvass/core/openapi`), the logic conditions the widget bundles
// (`@canvass/core/conditions`), answer formats (`@canvass/core/answer-formats`), the matching of a requested
// language to a survey's (`@canvass/core/language-match`), the reserved ids the editor
// checks (`@canvass/core/survey-ids`), the element types the widget and the editor read
// (`@canvass/core/element-types`), the design tokens of every page (`@canvass/core/design-tokens`), the templates the CLI and the console start from
// (`@canvass/core/survey-templates`) and the results both the console and the shared page draw (`@canvass/core/results`) are entries of their own, so that a bundle takes only what it uses.
export default defineConfig({
  ...baseConfig,
  entry: [
    'src/index.ts',
    'src/openapi-types.ts',
    'src/conditions.ts',
    'src/answer-formats.ts',
    'src/language-match.ts',
    'src/survey-ids.ts',
    'src/element-types.ts',
    'src/design-tokens.ts',
    'src/survey-templates.ts',
    'src/results.ts',
  ],
})
