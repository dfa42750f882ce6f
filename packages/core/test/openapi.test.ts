/**
 * The OpenAPI document: generated from the route table the router is built from, committed as
 * docs/openapi.json (this fails while the copy is stale: `pnpm openapi` rewrites it), valid by an
 * independent OpenAPI 3.1 validator, listing every route of docs/routes.md, and served by the handler
 * with its prefix and public URL.
 */
import { readFile } from 'node:fs/promises'
import { Validator } from '@seriousme/openapi-schema-validator'
import { suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { createCanvass, describeRoutes } from '../src/index'

const OPENAPI_JSON = new URL('../../../docs/openapi.json', import.meta.url)
const ROUTES_MD = new URL('../../../docs/routes.md', import.meta.url)

const { test, bed } = suiteWithBed('OpenAPI document', { widgetBundles: false })

test('docs/openapi.json is what the route table generates (run `pnpm openapi` after changing a route)', async () => {
  const committed = JSON.parse(await readFile(OPENAPI_JSON, 'utf8'))
  assert.equal(committed, JSON.parse(JSON.stringify(describeRoutes().openApi)))
})

test('src/openapi-types.ts is what openapi-typescript makes of the document (run `pnpm openapi`)', async () => {
  // @ts-expect-error: a plain JavaScript module of this package's scripts, without types
  const { openApiTypes } = await import('../scripts/openapi-types.mjs')
  const committed = await readFile(new URL('../src/openapi-types.ts', import.meta.url), 'utf8')
  assert.ok(committed === (await openApiTypes(JSON.parse(JSON.stringify(describeRoutes().openApi)))), 'the committed types are current')
})

test('the document is valid OpenAPI 3.1 by @seriousme/openapi-schema-validator', async () => {
  const validator = new Validator()
  const result = await validator.validate(JSON.parse(JSON.stringify(describeRoutes().openApi)))
  assert.equal(result.errors ?? [], [], 'no validation errors')
  assert.ok(result.valid)
  assert.is(validator.version, '3.1')
})

test('a broken document is refused by the validator (the check can fail)', async () => {
  const broken = JSON.parse(JSON.stringify(describeRoutes().openApi))
  broken.paths['/api/v1/me'].get.responses = 'none'
  assert.not.ok((await new Validator().validate(broken)).valid)
})

test('every route of docs/routes.md is an operation of the document, and every operation a route', async () => {
  const rows = [...(await readFile(ROUTES_MD, 'utf8')).matchAll(/^\|\s*([A-Z]+)\s*\|\s*`([^`]+)`\s*\|/gm)].map(
    ([, method, path]) => `${method} ${path!.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`,
  )
  const operations = Object.entries(describeRoutes().openApi.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  )
  assert.ok(rows.length > 60)
  assert.equal(
    rows.filter((row) => !operations.includes(row)),
    [],
    'rows without an operation',
  )
  assert.equal(
    operations.filter((operation) => !rows.includes(operation)),
    [],
    'operations without a row',
  )
})

test('operation summaries are plain text: the reference page shows them as titles, where markdown is not rendered', () => {
  const summaries = Object.values(describeRoutes().openApi.paths).flatMap((operations) =>
    Object.values(operations as Record<string, { summary: string }>).map((operation) => operation.summary),
  )
  assert.ok(
    summaries.some((summary) => summary.includes('New Session')),
    'a summary whose route table entry has code spans',
  )
  assert.equal(
    summaries.filter((summary) => summary.includes('`')),
    [],
  )
})

test('every operation documents its 200, and the errors its kind of route can answer', () => {
  const { openApi, routes } = describeRoutes()
  for (const route of routes) {
    const operation = openApi.paths[route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]![route.method.toLowerCase()] as {
      responses: Record<string, unknown>
    }
    const statuses = Object.keys(operation.responses)
    // Its success status (201, 204 on some v3 routes), or the 501 of a route Canvass does not implement.
    // A route every key is refused on (the reference's visibility) documents that 403 instead.
    const success = route.notImplemented ? '501' : route.noSuccess ? '403' : String(route.status ?? 200)
    assert.ok(statuses.includes(success), `${route.method} ${route.path} documents ${success}`)
    assert.ok(statuses.includes('429') && statuses.includes('503'), `${route.method} ${route.path} documents 429 and 503`)
    if (route.auth === 'apiKey') assert.ok(statuses.includes('401'), `${route.method} ${route.path} documents 401`)
    if (route.body) assert.ok(statuses.includes('400') && statuses.includes('413'), `${route.method} ${route.path} documents 400 and 413`)
    if (route.path.includes(':')) assert.ok(statuses.includes('404'), `${route.method} ${route.path} documents 404`)
  }
})

test('the handler serves the document of its own routes, with its prefix and public URL', async () => {
  const { storage, blobStore } = bed()
  const plain = createCanvass({ storage })
  const answer = await plain.fetch(new Request('http://localhost/api/v1/openapi.json'))
  assert.is(answer.status, 200)
  assert.match(answer.headers.get('content-type') ?? '', /^application\/json/)
  const document = await answer.json()
  assert.is(document.openapi, '3.1.1')
  assert.equal(document.servers, [{ url: '/' }])
  assert.ok(document.paths['/api/v1/management/surveys'], 'lists the surveys')
  assert.not.ok(document.paths['/api/v1/management/storage'], 'no upload routes without a blob store')

  const mounted = createCanvass({ storage, basePath: '/feedback', blobStore, secret: 'a-secret-of-enough-length' })
  const prefixed = await (await mounted.fetch(new Request('http://localhost/feedback/api/v1/openapi.json'))).json()
  assert.equal(prefixed.servers, [{ url: '/feedback' }])
  assert.ok(prefixed.paths['/api/v1/management/storage'], 'upload routes with a blob store')
  assert.equal(prefixed, JSON.parse(JSON.stringify(mounted.openApi())))

  const behindProxy = createCanvass({ storage, basePath: '/feedback', publicUrl: 'https://example.com/feedback/' })
  const proxied = await (await behindProxy.fetch(new Request('http://localhost/feedback/api/v1/openapi.json'))).json()
  assert.equal(proxied.servers, [{ url: 'https://example.com/feedback' }])
})

test('the document carries an ETag and answers 304 to it', async () => {
  const { storage } = bed()
  const canvass = createCanvass({ storage })
  const first = await canvass.fetch(new Request('http://localhost/api/v1/openapi.json'))
  const etag = first.headers.get('etag')
  assert.ok(etag)
  const again = await canvass.fetch(new Request('http://localhost/api/v1/openapi.json', { headers: { 'if-none-match': etag } }))
  assert.is(again.status, 304)
})

test('/api/v1/docs: the viewer page when given the viewer, a plain list otherwise; nothing from another origin', async () => {
  const { storage } = bed()
  const withViewer = createCanvass({ storage, apiReference: 'console.log("viewer")' })
  const page = await withViewer.fetch(new Request('http://localhost/api/v1/docs'))
  assert.is(page.status, 200)
  const html = await page.text()
  assert.match(html, /<script defer src="docs\/reference.js">/)
  assert.match(html, /spec-url="openapi.json"/)
  assert.match(html, /load-fonts="false"/)
  assert.not.match(html, /https?:\/\//, 'no absolute URL in the page')
  const policy = page.headers.get('content-security-policy') ?? ''
  assert.match(policy, /default-src 'none'/)
  assert.match(policy, /script-src 'self'(;|$)/)
  const script = await withViewer.fetch(new Request('http://localhost/api/v1/docs/reference.js'))
  assert.is(await script.text(), 'console.log("viewer")')
  assert.match(script.headers.get('content-type') ?? '', /^text\/javascript/)
  const tag = script.headers.get('etag') ?? ''
  assert.match(tag, /^"[0-9a-f]{32}"$/, 'a strong ETag of the viewer')
  const unchanged = await withViewer.fetch(new Request('http://localhost/api/v1/docs/reference.js', { headers: { 'if-none-match': tag } }))
  assert.equal([unchanged.status, unchanged.headers.get('etag'), await unchanged.text()], [304, tag, ''])
  const other = createCanvass({ storage, apiReference: 'console.log("another viewer")' })
  const otherTag = (await other.fetch(new Request('http://localhost/api/v1/docs/reference.js'))).headers.get('etag')
  assert.ok(otherTag && otherTag !== tag, 'another viewer, another ETag')

  const plain = createCanvass({ storage, apiReference: false })
  const list = await (await plain.fetch(new Request('http://localhost/api/v1/docs'))).text()
  assert.match(list, /<code>GET \/api\/v1\/management\/surveys<\/code>: List surveys/)
  assert.is((await plain.fetch(new Request('http://localhost/api/v1/docs/reference.js'))).status, 404)
})

test.run()
