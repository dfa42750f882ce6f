import type { CanvassRouter } from '../context'
import { CLIENT_CORS_HEADERS } from '../http/cors'
import type { WidgetBundles } from '../widget-bundles'

/**
 * `GET /js/surveys.umd.cjs`: the survey renderer the host passed in (`widget`), for link pages and the in-app
 * widget, with CORS (any site's widget loads it), an `ETag` of its content and a short cache lifetime.
 */
export function registerRendererScriptRoute(router: CanvassRouter, widget: WidgetBundles): void {
  let etag: Promise<string> | undefined
  router.get('/js/surveys.umd.cjs', async (request) => {
    etag ??= contentTag(widget.surveys)
    const headers = {
      'content-type': 'text/javascript; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=3600',
      etag: await etag,
      ...CLIENT_CORS_HEADERS,
    }
    if (request.headers.get('if-none-match') === headers.etag) return new Response(null, { status: 304, headers })
    return new Response(widget.surveys, { headers })
  })
}

/** A strong entity tag from the SHA-256 of `text`. */
async function contentTag(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
  return `"${Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('')}"`
}
