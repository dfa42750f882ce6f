import { routeNotFound } from '../http/route-not-found'
import * as v from 'valibot'
import type { Handler } from '../context'
import { etagMatches, strongTag, strongTagOf } from '../http/etag'
import { escapeHtml } from '../http/html'
import type { RouteTable } from '../http/route-table'
import { SAFE_HEADERS } from '../http/respond'
import type { OpenApiDocument } from '../openapi/document'

/**
 * `GET /api/v1/openapi.json` (the OpenAPI 3.1 document of the routes this instance serves) and `GET
 * /api/v1/docs` (a reference page of it). With the viewer bundle (`apiReference`) the page runs RapiDoc,
 * served at `/api/v1/docs/reference.js`, with its font loading off and a policy that lets nothing load
 * from another origin; without it the page lists the operations as plain HTML.
 */
export function registerDocumentationRoutes(
  routes: RouteTable,
  document: () => OpenApiDocument,
  viewerSource: string | undefined | (() => Promise<string | undefined>),
): void {
  const viewerOf = typeof viewerSource === 'function' ? viewerSource : async () => viewerSource
  let cached: { body: string; etag: string } | undefined
  const documentJson = () => {
    if (!cached) {
      const body = JSON.stringify(document())
      cached = { body, etag: strongTag(body) }
    }
    return cached
  }

  const openApi: Handler = async (request) => {
    const { body, etag } = documentJson()
    const headers = { ...SAFE_HEADERS, ...CACHE_HEADERS, etag, 'access-control-allow-origin': '*' }
    if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers })
    return new Response(body, { status: 200, headers: { ...headers, 'content-type': 'application/json; charset=utf-8' } })
  }

  const page: Handler = async () => {
    const viewer = await viewerOf()
    const html = viewer === undefined ? plainPage(document()) : viewerPage()
    return new Response(html, { status: 200, headers: { ...PAGE_HEADERS, 'content-type': 'text/html; charset=utf-8' } })
  }

  routes.get('/api/v1/openapi.json', openApi, {
    summary: 'This OpenAPI 3.1 document',
    auth: 'none',
    answer: v.looseObject({ openapi: v.string(), info: v.looseObject({}), paths: v.looseObject({}) }),
    etag: true,
  })
  routes.get('/api/v1/docs', page, { summary: 'A reference page of this document', auth: 'none', produces: 'text/html' })
  if (viewerSource !== undefined) {
    let tagged: { viewer: string; etag: () => string } | undefined
    const script: Handler = async (request) => {
      const viewer = await viewerOf()
      if (viewer === undefined) throw routeNotFound(new URL(request.url).pathname)
      if (tagged?.viewer !== viewer) tagged = { viewer, etag: strongTagOf(viewer) }
      const headers = { ...SAFE_HEADERS, ...CACHE_HEADERS, etag: tagged.etag() }
      return etagMatches(request.headers.get('if-none-match'), headers.etag)
        ? new Response(null, { status: 304, headers })
        : new Response(viewer, { status: 200, headers: { ...headers, 'content-type': 'text/javascript; charset=utf-8' } })
    }
    routes.get('/api/v1/docs/reference.js', script, {
      summary: "The reference page's viewer (RapiDoc)",
      auth: 'none',
      produces: 'text/javascript',
      etag: true,
    })
  }
}

const CACHE_HEADERS = { 'cache-control': 'public, max-age=300' }

/**
 * Nothing but the server itself: the viewer, the document it fetches, and inline styles (RapiDoc styles its
 * shadow DOM inline); no fonts, images or connections elsewhere.
 */
const PAGE_HEADERS = {
  ...SAFE_HEADERS,
  'cache-control': 'no-cache',
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; '),
  'referrer-policy': 'no-referrer',
}

/** The start of both pages: no favicon request, nothing from elsewhere. */
const PAGE_HEAD = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Canvass API reference</title>
<link rel="icon" href="data:,">
`

/** The page with RapiDoc; relative URLs, so that it works under any mount prefix or proxy. */
function viewerPage(): string {
  return `${PAGE_HEAD}<script defer src="docs/reference.js"></script>
</head>
<body>
<rapi-doc spec-url="openapi.json" load-fonts="false" render-style="read" show-header="false" allow-try="true"
  allow-server-selection="false" regular-font="system-ui, sans-serif" mono-font="ui-monospace, monospace"
  schema-style="table" show-method-in-nav-bar="as-colored-block" theme="light">
</rapi-doc>
</body>
</html>
`
}

/** Without the viewer: every operation as a list, linking to the document. */
function plainPage(document: OpenApiDocument): string {
  const rows: string[] = []
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const summary = (operation as { summary?: string }).summary ?? ''
      rows.push(`<li><code>${method.toUpperCase()} ${escapeHtml(path)}</code>: ${escapeHtml(summary)}</li>`)
    }
  }
  return `${PAGE_HEAD}</head>
<body>
<main>
<h1>Canvass API reference</h1>
<p>The machine-readable document: <a href="openapi.json">openapi.json</a> (OpenAPI 3.1).</p>
<ul>
${rows.join('\n')}
</ul>
</main>
</body>
</html>
`
}
