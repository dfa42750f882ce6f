import type { Handler } from '../../context'
import { authenticate } from '../../auth/authenticate'

import { notFound } from '../../errors'
import { ok } from '../../http/respond'
import type { BodyHandler, RouteTable } from '../../http/route-table'

import { dataOf, environmentAnswer } from '../../schemas/answers'
import { environmentUpdateSchema } from '../../schemas/environment'
import { managedEnvironmentOutput } from '../../domain/environment-output'

/**
 * `/api/v1/management/environment`: the key's environment with its settings, and `PUT` of the one a key may
 * change, the default retention of responses (docs/data-rights.md, "Retention").
 */
export function registerEnvironmentRoutes(routes: RouteTable): void {
  routes.get('/api/v1/management/environment', getEnvironment, {
    summary: "The key's environment, with its default retention of responses",
    auth: 'apiKey',
    answer: dataOf(environmentAnswer),
  })
  routes.put('/api/v1/management/environment', updateEnvironment, {
    audit: { action: 'update', resourceType: 'environment', resourceId: 'answer' },
    summary: "Set the environment's default retention of responses (`responseRetentionDays`, null keeps them)",
    auth: 'apiKey',
    body: environmentUpdateSchema,
    answer: dataOf(environmentAnswer),
  })
}

const getEnvironment: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const environment = await ctx.storage.environments.get(environmentId)
  if (!environment) throw notFound('Environment', environmentId)
  return ok(managedEnvironmentOutput(environment))
}

const updateEnvironment: BodyHandler<typeof environmentUpdateSchema> = async (request, ctx, _info, body) => {
  const { environmentId } = await authenticate(request, ctx)
  const { responseRetentionDays } = await body()
  const environment = await ctx.storage.environments.setResponseRetentionDays(environmentId, responseRetentionDays, ctx.now())
  if (!environment) throw notFound('Environment', environmentId)
  return ok(managedEnvironmentOutput(environment))
}
