/**
 * CORS for client routes (contract §4): any origin, no credentials, on every answer. Management routes send
 * none.
 */
export const CLIENT_CORS_HEADERS: Readonly<Record<string, string>> = { 'access-control-allow-origin': '*' }

/** The answer to a preflight of a client route: 204 echoing the requested headers. */
export function clientPreflight(request: Request): Response {
  const headers: Record<string, string> = {
    ...CLIENT_CORS_HEADERS,
    'access-control-allow-methods': 'GET, POST, PUT, OPTIONS',
    'access-control-max-age': '86400',
    'x-content-type-options': 'nosniff',
  }
  const requested = request.headers.get('access-control-request-headers')
  if (requested) headers['access-control-allow-headers'] = requested
  return new Response(null, { status: 204, headers })
}
