// `pnpm openapi`: writes docs/openapi.json, the OpenAPI 3.1 document of every route Canvass can serve (upload
// and widget routes included), from the built @canvass/core (`pnpm build` first). `packages/core/test/
// openapi.test.ts` fails while the committed copy differs from what this writes.
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describeRoutes } from '../packages/core/dist/index.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const file = join(root, 'docs', 'openapi.json')
writeFileSync(file, `${JSON.stringify(describeRoutes().openApi, null, 2)}\n`)
console.log(`Wrote ${file}`)
