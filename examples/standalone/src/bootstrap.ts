import type { Canvass } from '@canvass/core'

/**
 * First start on an empty database: an organization and a project with both environments, and a
 * production key printed once unless `CANVASS_INIT_API_KEY` names one. The init keys are ensured on every
 * start, so a headless setup can rely on them.
 */
export async function bootstrap(
  canvass: Canvass,
  keys: { initApiKey: string | undefined; initDevApiKey: string | undefined },
  print: (line: string) => void,
): Promise<void> {
  let project = (await canvass.admin.listProjects())[0]
  if (!project) {
    project = await canvass.admin.createProject({ name: 'Default project', organizationName: 'Default organization' })
    print(`Created project ${project.projectId}`)
    print(`  production environment:  ${project.environments.production}`)
    print(`  development environment: ${project.environments.development}`)
    if (!keys.initApiKey) {
      const { key } = await canvass.admin.createApiKey({
        environmentId: project.environments.production,
        label: 'bootstrap',
      })
      print(`API key for the production environment (shown once, keep it safe):\n\n  ${key}\n`)
    }
  }
  if (keys.initApiKey) {
    await canvass.admin.ensureApiKey({ environmentId: project.environments.production, key: keys.initApiKey, label: 'CANVASS_INIT_API_KEY' })
  }
  if (keys.initDevApiKey) {
    await canvass.admin.ensureApiKey({
      environmentId: project.environments.development,
      key: keys.initDevApiKey,
      label: 'CANVASS_INIT_DEV_API_KEY',
    })
  }
}
