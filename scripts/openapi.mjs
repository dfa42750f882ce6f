// `pnpm openapi`: writes docs/openapi.json, the OpenAPI 3.1 document of every route Canvass can serve (upload
// and widget routes included), from the built @canvass/core (`pnpm build` first), and the TypeScript types
// callers get from it (`@canvass/core/openapi`, made by openapi-typescript) into
// packages/core/src/openapi-types.ts. `packages/core/test/openapi.test.ts` fails while either is stale.
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describeRoutes } from '../packages/core/dist/index.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const document = describeRoutes().openApi
const file = join(root, 'docs', 'openapi.json')
writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`)
console.log(`Wrote ${file}`)

const { openApiTypes } = await import(pathToFileURL(join(root, 'packages', 'core', 'scripts', 'openapi-types.mjs')).href)
const types = join(root, 'packages', 'core', 'src', 'openapi-types.ts')
writeFileSync(types, await openApiTypes(JSON.parse(JSON.stringify(document))))
console.log(`Wrote ${types}`)
