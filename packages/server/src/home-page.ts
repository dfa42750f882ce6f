/**
 * `GET /` (and `HEAD /`): a small page saying what this server is, with links to its API reference, its
 * OpenAPI document, its health check and the documentation. It loads nothing: its one style element is
 * allowed by its hash, and its policy refuses everything else. Links are relative, so that the page works
 * behind a proxy that serves the server under a prefix.
 */
import { createHash } from 'node:crypto'

/**
 * Where the documentation is: this server's own copy of the repository's `docs` folder (docs-pages.ts), of
 * the version it runs, rather than an address on the web that may not be there.
 */
export const DOCS_URL = 'docs/'

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fff}
main{max-width:40rem;margin:0 auto;padding:2rem 1rem}
a{color:#0645ad}a:focus-visible{outline:3px solid #0645ad;outline-offset:2px}
code{font-family:ui-monospace,monospace}`

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Canvass</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Canvass</h1>
<p>This is a Canvass server: a survey-feedback backend that answers the Formbricks v1 HTTP API, so that
Formbricks SDKs and the <code>@formbricks/js</code> widget work against it unchanged.</p>
<h2>On this server</h2>
<ul>
<li><a href="api/v1/docs">API reference</a>: every route, with its parameters and answers</li>
<li><a href="api/v1/openapi.json">OpenAPI document</a> (OpenAPI 3.1, JSON)</li>
<li><a href="health">Health check</a>: <code>{"status":"ok"}</code> while the database answers</li>
</ul>
<h2>Documentation</h2>
<p>Settings, deployment, the widget and webhooks: <a href="${DOCS_URL}">the documentation of this version</a>.</p>
</main>
</body>
</html>
`

const HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-cache',
  'content-security-policy': [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'referrer-policy': 'no-referrer',
}

/** The page for GET, its headers alone for HEAD. */
export function homePage(request: Request): Response {
  return new Response(request.method === 'HEAD' ? null : PAGE, { status: 200, headers: HEADERS })
}

/**
 * Whether `url` (a request's, absolute) is the server's root, `/`, with or without a query: found without
 * parsing the URL, which every request would otherwise pay for.
 */
export function isRootUrl(url: string): boolean {
  const scheme = url.indexOf('://')
  if (scheme < 0) return false
  const path = url.indexOf('/', scheme + 3)
  if (path < 0) return true
  const next = url.charCodeAt(path + 1)
  // The end of the URL, `?` or `#`.
  return Number.isNaN(next) || next === 0x3f || next === 0x23
}
