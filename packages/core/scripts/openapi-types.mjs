// The TypeScript types of an OpenAPI document, as `@canvass/core/openapi` exports them: openapi-typescript's
// `paths`, `operations` and `components`, with a header saying where they come from.

/** The module's text (openapi-typescript is a devDependency of @canvass/core, resolved from here). */
export async function openApiTypes(document) {
  const { default: openapiTS, astToString } = await import('openapi-typescript')
  const body = astToString(await openapiTS(document))
  return (
    '/**\n' +
    ' * The Canvass API as TypeScript types, generated from docs/openapi.json by openapi-typescript (`pnpm openapi`;\n' +
    ' * do not edit). Use them with openapi-fetch: `createClient<paths>({ baseUrl })`.\n' +
    ' */\n' +
    body
  )
}
