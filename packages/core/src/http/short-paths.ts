/**
 * The reference's short paths: its web app redirects `/api/v1/surveys` and `/api/v1/responses` permanently to
 * their management routes, and tools written against it (the Formbricks node for n8n lists surveys at
 * `/api/v1/surveys`) rely on that. They are redirects before routing, as the reference's are, not routes:
 * every method gets the same `308` (which keeps the method and body), the query is kept, and an API key is
 * asked for by the route redirected to. See docs/api.md#short-paths.
 */
const SHORT_PATHS: ReadonlyMap<string, string> = new Map([
  ['/api/v1/surveys', '/api/v1/management/surveys'],
  ['/api/v1/responses', '/api/v1/management/responses'],
])

/** The `308` for a short path under `basePath` (the query kept), or undefined for any other path. */
export function shortPathRedirect(basePath: string, pathname: string, search: string): Response | undefined {
  if (!pathname.startsWith(basePath)) return undefined
  const target = SHORT_PATHS.get(pathname.slice(basePath.length))
  if (target === undefined) return undefined
  return new Response(null, {
    status: 308,
    headers: { location: `${basePath}${target}${search ? `?${search}` : ''}`, 'x-content-type-options': 'nosniff' },
  })
}
