/**
 * CORS for client routes (contract §4): any origin, no credentials. Management routes send none.
 */
export function withClientCors(response: Response): Response {
  response.headers.set('access-control-allow-origin', '*')
  response.headers.append('vary', 'Origin')
  return response
}

/** The answer to a preflight of a client route: 204 echoing the requested headers. */
export function clientPreflight(request: Request): Response {
  const headers = new Headers({
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, PUT, OPTIONS',
    'access-control-max-age': '86400',
  })
  const requested = request.headers.get('access-control-request-headers')
  if (requested) headers.set('access-control-allow-headers', requested)
  return new Response(null, { status: 204, headers })
}
