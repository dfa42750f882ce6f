import { routeNotFound } from '../http/route-not-found'
import type { Handler } from '../context'
import { CLIENT_CORS_HEADERS } from '../http/cors'
import { etagMatches, strongTagOf } from '../http/etag'
import type { WidgetBundles } from '../widget-bundles'
import type { RouteTable } from '../http/route-table'

/**
 * How long browsers and caches keep a bundle before asking again, in seconds. The loader's URL carries no
 * version, so a new bundle must reach pages soon after a deploy; asking again costs a 304.
 */
const MAX_AGE = 300

/** Throws unless `bundles` holds both bundles as text (a host passing them itself). */
export function assertWidgetBundles(bundles: WidgetBundles): void {
  if (typeof bundles?.formbricks !== 'string' || typeof bundles.surveys !== 'string') {
    throw new TypeError('widget needs both bundles as text: pass `await readWidgetBundles()` from @canvass/widget')
  }
}

/**
 * `GET /js/formbricks.umd.cjs` (what the `@formbricks/js` loader loads) and `GET /js/surveys.umd.cjs` (the
 * renderer), served as `bundles` gives them (read once, on first use); while it gives none they answer 404 as
 * an unknown route does. Each has a strong `ETag`, computed at its first request.
 */
export function registerWidgetRoutes(routes: RouteTable, bundles: () => Promise<WidgetBundles | undefined>): void {
  const served = (pick: (given: WidgetBundles) => string): Handler => {
    let handler: { source: string; answer: Handler } | undefined
    return async (request, ctx, info) => {
      const given = await bundles()
      if (given === undefined) throw routeNotFound(new URL(request.url).pathname)
      const source = pick(given)
      if (handler?.source !== source) handler = { source, answer: bundleHandler(source) }
      return handler.answer(request, ctx, info)
    }
  }
  routes.get(
    '/js/formbricks.umd.cjs',
    served((given) => given.formbricks),
    {
      summary: 'The in-app widget the `@formbricks/js` loader loads',
      auth: 'none',
      produces: 'text/javascript',
      requires: 'widget',
      etag: true,
    },
  )
  routes.get(
    '/js/surveys.umd.cjs',
    served((given) => given.surveys),
    {
      summary: 'The survey renderer the widget and link pages load',
      auth: 'none',
      produces: 'text/javascript',
      requires: 'widget',
      etag: true,
    },
  )
}

/**
 * `GET /js/editor.js`: the survey editor's ES module (`createCanvass({ editor })`), served as the widget's bundles
 * are (strong `ETag`, CORS, a short cache): host pages load it with `<script type="module">`, which a browser
 * fetches in CORS mode, so a page on another origin needs `Access-Control-Allow-Origin`.
 */
export function registerEditorRoutes(routes: RouteTable, source: string): void {
  routes.get('/js/editor.js', bundleHandler(source), {
    summary: 'The embeddable survey editor (`<canvass-survey-editor>`), an ES module',
    auth: 'none',
    produces: 'text/javascript',
    requires: 'editor',
    etag: true,
  })
}

function bundleHandler(source: string): Handler {
  const etag = strongTagOf(source)
  const common: Record<string, string> = {
    ...CLIENT_CORS_HEADERS,
    // Pages that require CORP for cross-origin scripts (`Cross-Origin-Embedder-Policy`) may load it.
    'cross-origin-resource-policy': 'cross-origin',
    'x-content-type-options': 'nosniff',
    'cache-control': `public, max-age=${MAX_AGE}`,
  }
  return async (request) => {
    const headers = { ...common, etag: etag() }
    return etagMatches(request.headers.get('if-none-match'), headers.etag)
      ? new Response(null, { status: 304, headers })
      : new Response(source, { status: 200, headers: { ...headers, 'content-type': 'text/javascript; charset=utf-8' } })
  }
}
