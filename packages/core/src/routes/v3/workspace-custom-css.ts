import type { IRequest } from 'itty-router'
import type { V3BodyHandler } from '../../http/v3'
import * as v from 'valibot'
import type { CanvassContext } from '../../context'
import { param } from '../../context'

import type { Caller } from '../../auth/authenticate'
import type { RouteTable } from '../../http/route-table'
import { checkWorkspace, noV3Query, v3Forbidden, v3Ok, v3Route } from '../../http/v3'
import { customCssHealth, normalizeCustomCss } from '../../domain/custom-css'
import { customCssForSave } from '../../domain/workspace-custom-css'
import { customCssSourceSchema } from '../../schemas/custom-css'
import type { StoredCustomCss } from '../../ports/storage'

/**
 * `GET|PATCH /api/v3/workspaces/{workspaceId}/custom-css` (docs/api.md, "Workspace custom CSS in v3"): the CSS every
 * survey of the workspace gets, on its link page and in the widget. The workspace is the key's project (or its
 * environment's id); any other id is a 403.
 */
export function registerV3WorkspaceCustomCssRoutes(routes: RouteTable): void {
  const common = { auth: 'apiKey', problems: true } as const
  routes.get('/api/v3/workspaces/:workspaceId/custom-css', v3Route(getCustomCss), {
    ...common,
    summary: "Read the workspace's custom CSS: its source, the one previous revision, and whether it is served",
    answer: v.object({ data: resourceSchema }),
    errors: [403],
  })
  routes.patch('/api/v3/workspaces/:workspaceId/custom-css', v3Route(patchCustomCss), {
    ...common,
    audit: { action: 'update', resourceType: 'workspace', resourceId: { param: 'workspaceId' } },
    summary: "Save or clear the workspace's custom CSS (sanitized: it can only style the survey)",
    description:
      '`customCss` replaces both fields; `null` clears them. What the processor removes comes back as `warnings`; CSS it ' +
      'refuses (a syntax error, over 100,000 bytes, over a limit) is a 422 with `details.errors`, and the saved CSS stays. ' +
      'The same source again writes nothing. Saves that process CSS count against 60 a minute per key (429 past them).',
    body: patchSchema,
    answer: v.object({ data: resourceSchema, warnings: v.array(v.unknown()) }),
    errors: [403, 422],
  })
}

const patchSchema = v.strictObject({ customCss: v.nullable(customCssSourceSchema) })

const sourceSchema = v.nullable(v.object({ light: v.nullable(v.string()), dark: v.nullable(v.string()) }))
const resourceSchema = v.object({
  workspaceId: v.string(),
  customCss: sourceSchema,
  previous: sourceSchema,
  status: v.picklist(['ok', 'stale', 'withheld']),
  errors: v.optional(v.array(v.unknown())),
  canEdit: v.boolean(),
  planAllowed: v.boolean(),
})

const getCustomCss = async (request: IRequest, ctx: CanvassContext, { environmentId }: Caller) => {
  noV3Query(request)
  const projectId = await projectOf(ctx, environmentId, param(request, 'workspaceId'))
  const stored = await ctx.storage.projects.getCustomCss(projectId)
  if (!stored) throw v3Forbidden()
  return v3Ok({ data: resource(param(request, 'workspaceId'), stored.current, stored.previous) })
}

const patchCustomCss: V3BodyHandler<typeof patchSchema> = async (request, ctx, caller, body) => {
  const { environmentId } = caller
  noV3Query(request)
  const { customCss } = await body()
  const workspaceId = param(request, 'workspaceId')
  const projectId = await projectOf(ctx, environmentId, workspaceId)
  const source = normalizeCustomCss(customCss)
  let next: StoredCustomCss | null = null
  let warnings: unknown[] = []
  if (source !== null) {
    const stored = await ctx.storage.projects.getCustomCss(projectId)
    if (!stored) throw v3Forbidden()
    const same = JSON.stringify(stored.current?.source ?? null) === JSON.stringify(source)
    // Re-saving what is stored costs nothing; clearing never does either.
    const saved = await customCssForSave(ctx, caller, source, 'workspace', !same)
    next = saved.stored
    warnings = saved.warnings
  }
  const written = await ctx.storage.projects.setCustomCss(projectId, next, ctx.now())
  if (!written) throw v3Forbidden()
  const previous = written.changed ? written.replaced : written.previous
  return v3Ok({ data: resource(workspaceId, written.current, previous), warnings })
}

/** The key's project, when `workspaceId` names it or one of its environments; else the 403 of a foreign id. */
async function projectOf(ctx: CanvassContext, environmentId: string, workspaceId: string): Promise<string> {
  await checkWorkspace(ctx, environmentId, workspaceId)
  const environment = await ctx.storage.environments.get(environmentId)
  if (!environment) throw v3Forbidden()
  return environment.projectId
}

function resource(workspaceId: string, current: StoredCustomCss | null, previous: StoredCustomCss | null) {
  const health = customCssHealth(current)
  return {
    workspaceId,
    customCss: current?.source ?? null,
    previous: previous?.source ?? null,
    status: health.status,
    ...(health.status === 'withheld' ? { errors: health.errors } : {}),
    // A management key may do anything in its environment, and self-hosted Canvass has no plans.
    canEdit: true,
    planAllowed: true,
  }
}
