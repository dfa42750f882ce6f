import * as v from 'valibot'
import type { Handler } from '../../context'
import { authenticate } from '../../auth/authenticate'
import { notFound } from '../../errors'
import { ok } from '../../http/respond'
import type { BodyHandler, RouteTable } from '../../http/route-table'
import { dataOf } from '../../schemas/answers'
import { projectStylingUpdateSchema } from '../../schemas/project-styling'

const stylingAnswer = v.object({
  id: v.string(),
  projectId: v.string(),
  styling: v.nullable(v.record(v.string(), v.unknown())),
  logo: v.nullable(v.record(v.string(), v.unknown())),
})

/**
 * `/api/v1/management/styling` (a Canvass addition; docs/api.md, "Workspace styling"): the theme of the key's
 * project, which every survey of its environments shows unless a survey's own styling replaces it.
 */
export function registerStylingRoutes(routes: RouteTable): void {
  routes.get('/api/v1/management/styling', getStyling, {
    summary: "The workspace's theme: its styling (colours, roundness, background, card arrangement) and logo",
    auth: 'apiKey',
    answer: dataOf(stylingAnswer),
  })
  routes.put('/api/v1/management/styling', putStyling, {
    audit: { action: 'update', resourceType: 'project', resourceId: 'answer' },
    summary: "Replace the workspace's theme: `styling` and `logo`, each a whole object or null",
    description:
      'Colours are hex (`#1e293b`); images are https addresses or files uploaded to this Canvass (`/storage/…`). ' +
      'An unknown field is a 400 naming it. Surveys of every environment of the project show it, in the widget and on link pages.',
    auth: 'apiKey',
    body: projectStylingUpdateSchema,
    answer: dataOf(stylingAnswer),
  })
}

/** The project of the key's environment, and the environment (a project that is gone is its environment's 404). */
async function projectOf(
  request: Parameters<Handler>[0],
  ctx: Parameters<Handler>[1],
): Promise<{ projectId: string; environmentId: string }> {
  const { environmentId } = await authenticate(request, ctx)
  const environment = await ctx.storage.environments.get(environmentId)
  if (!environment) throw notFound('Environment', environmentId)
  return { projectId: environment.projectId, environmentId }
}

const getStyling: Handler = async (request, ctx) => {
  const { projectId, environmentId } = await projectOf(request, ctx)
  const stored = await ctx.storage.projects.getStyling(projectId)
  if (!stored) throw notFound('Environment', environmentId)
  return ok({ id: projectId, projectId, ...stored })
}

const putStyling: BodyHandler<typeof projectStylingUpdateSchema> = async (request, ctx, _info, body) => {
  const { projectId, environmentId } = await projectOf(request, ctx)
  const { styling, logo } = await body()
  const stored = await ctx.storage.projects.setStyling(projectId, { styling, logo }, ctx.now())
  if (!stored) throw notFound('Environment', environmentId)
  return ok({ id: projectId, projectId, ...stored })
}
