import type { Handler } from '../../context'
import { authenticate } from '../../auth/authenticate'
import { CanvassError } from '../../errors'
import { json } from '../../http/respond'
import type { RouteTable } from '../../http/route-table'
import { meAnswer } from '../../schemas/answers'
import { environmentOutput } from '../../domain/environment-output'

/**
 * `GET /api/v1/me`: the key's environment, unwrapped, in both of the spec's shapes at once; the reference's
 * current clients ask `GET /api/v1/management/me`, answered alike. Its project is also its `workspace`, the
 * reference's current name for it.
 */
export function registerMeRoutes(routes: RouteTable): void {
  routes.get('/api/v1/me', me, { summary: 'The environment of the API key (not wrapped in `data`)', auth: 'apiKey', answer: meAnswer })
  routes.get('/api/v1/management/me', me, {
    summary: "As `GET /api/v1/me`, at the path of the reference's current clients",
    auth: 'apiKey',
    answer: meAnswer,
  })
}

const me: Handler = async (request, ctx) => {
  const caller = await authenticate(request, ctx).catch((error: unknown) => {
    if (error instanceof CanvassError && error.code === 'not_authenticated') return null
    throw error
  })
  const environment = caller && (await ctx.storage.environments.get(caller.environmentId))
  if (!environment) {
    return new Response('Not authenticated', {
      status: 401,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' },
    })
  }
  return json(environmentOutput(environment))
}
