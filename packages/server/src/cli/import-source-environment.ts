import type { Canvass } from '@canvass/core'
import { createSourceClient } from '@canvass/core'
import { print } from './output'
import { UsageError } from './usage-error'
import { noKeyYet } from './with-canvass'

/**
 * A new Canvass environment with the id of the source key's environment (`GET /api/v1/management/me`, which
 * the reference and Canvass both answer with the environment's `id`), made with a project of its own. Never an
 * environment that exists: the id comes from the source, which could name another project's environment here
 * (see docs/migrating.md). Read with the import's own client: the same origin, deadline and messages.
 */
export async function sourceEnvironment(canvass: Canvass, url: URL, apiKey: string, dryRun: boolean): Promise<string> {
  const source = createSourceClient({ url: url.toString(), apiKey })
  const body = await source.document('api/v1/management/me')
  const workspace = typeof body?.workspace === 'object' && body.workspace !== null ? (body.workspace as Record<string, unknown>) : {}
  if (typeof body?.id !== 'string')
    throw new UsageError(`${source.base}/api/v1/management/me does not tell the source environment's id: use --environment <id>`)
  const id = body.id
  const projects = await canvass.admin.listProjects()
  const owner = projects.find((p) => p.environments.production === id || p.environments.development === id)
  if (owner)
    throw new UsageError(
      `The source's environment id ${id} is already an environment here (of the project ${owner.projectName}): ` +
        '--environment source only creates a new one. To import into that environment again, name it: --environment ' +
        id,
    )
  // The reference's current SDKs may name the workspace (a project here) rather than the environment: its id is
  // kept too, when no project here has it.
  const workspaceId = typeof workspace.id === 'string' && workspace.id !== id ? workspace.id : undefined
  const keepWorkspace = workspaceId !== undefined && !projects.some((p) => p.projectId === workspaceId)
  if (dryRun) {
    print(`Would create a project with the environment ${id} (with no API key: the run says how to make one)`)
    return id
  }
  const name = typeof workspace.name === 'string' ? workspace.name : `Imported from ${url.host}`
  const project = await canvass.admin.createProject({
    name,
    environmentIds: { production: id },
    ...(keepWorkspace ? { projectId: workspaceId } : {}),
  })
  print(`Created project ${project.projectName} (${project.projectId}) whose production environment keeps the source's id ${id}`)
  if (workspaceId !== undefined && !keepWorkspace)
    print(`  (the source's workspace id ${workspaceId} is a project here already: this project has a new id)`)
  print(noKeyYet(id))
  return id
}
