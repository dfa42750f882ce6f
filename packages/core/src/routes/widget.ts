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

/**
 * `GET /js/formbricks.umd.cjs` (what the `@formbricks/js` loader loads) and `GET /js/surveys.umd.cjs` (the
 * renderer), served as the host handed them in. Each has a strong `ETag`, computed at its first request.
 */
export function registerWidgetRoutes(routes: RouteTable, bundles: WidgetBundles): void {
  if (typeof bundles?.formbricks !== 'string' || typeof bundles.surveys !== 'string') {
    throw new TypeError('widget needs both bundles as text: pass `await readWidgetBundles()` from @canvass/widget')
  }
  routes.get('/js/formbricks.umd.cjs', bundleHandler(bundles.formbricks), {
    summary: 'The in-app widget the `@formbricks/js` loader loads',
    auth: 'none',
    produces: 'text/javascript',
    requires: 'widget',
    etag: true,
  })
  routes.get('/js/surveys.umd.cjs', bundleHandler(bundles.surveys), {
    summary: 'The survey renderer the widget and link pages load',
    auth: 'none',
    produces: 'text/javascript',
    requires: 'widget',
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
