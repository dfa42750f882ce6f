import type { CanvassContext } from '../../context'
import type { CanvassError } from '../../errors'

/** What a management body or query names as the environment it is about. */
export interface NamedEnvironment {
  environmentId?: string | undefined
  workspaceId?: string | undefined
}

/**
 * Throws `refuse()` unless what a management body (or query) names is the key's environment. `environmentId`
 * must be the key's environment. `workspaceId` (the reference's current name for a project) may be the key's
 * environment's project, or the key's environment itself (the reference's legacy alias). Both absent: the
 * key's environment. Only a `workspaceId` other than the environment's own id costs a read.
 */
export function checkNamedEnvironment(
  ctx: CanvassContext,
  environmentId: string,
  body: NamedEnvironment,
  refuse: () => CanvassError,
): Promise<void> {
  return namedEnvironmentChecker(ctx, environmentId)(body, refuse)
}

/** `checkNamedEnvironment` for many bodies of one key (a bulk import): the project is read once at most. */
export function namedEnvironmentChecker(
  ctx: CanvassContext,
  environmentId: string,
): (body: NamedEnvironment, refuse: () => CanvassError) => Promise<void> {
  let projectId: Promise<string | undefined> | undefined
  return async (body, refuse) => {
    if (body.environmentId !== undefined && body.environmentId !== environmentId) throw refuse()
    const workspaceId = body.workspaceId
    if (workspaceId === undefined || workspaceId === environmentId) return
    projectId ??= ctx.storage.environments.get(environmentId).then((environment) => environment?.projectId)
    if ((await projectId) !== workspaceId) throw refuse()
  }
}
