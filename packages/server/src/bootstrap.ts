import { CanvassError, generateApiKey } from '@canvass/core'
import type { Canvass } from '@canvass/core'

/** The points of the first start between which it can be interrupted; see `CANVASS_TEST_KILL_AFTER`. */
export type BootstrapStep = 'key-printed' | 'project-created' | 'project-printed' | 'init-keys-ensured'

/**
 * First start on an empty database: an organization and a project with both environments, and a
 * production key printed once unless `CANVASS_INIT_API_KEY` names one. The init keys are ensured on every
 * start, so a headless setup can rely on them.
 *
 * An interrupted first start never leaves a project without a usable key. The key is printed first, then
 * the organization, project, environments and keys are created in one transaction: killed before the
 * commit, nothing exists and the next start begins again with a new key (the last key printed is the one
 * that works); killed after it, the printed key works. A project left without any key by an older version
 * gets one printed on the next start. Returns the key it printed, if any, for `firstRequestLine`.
 */
export async function bootstrap(
  canvass: Canvass,
  keys: { initApiKey: string | undefined; initDevApiKey: string | undefined },
  print: (line: string) => void,
  afterStep: (step: BootstrapStep) => void = killSwitch(process.env.CANVASS_TEST_KILL_AFTER),
): Promise<{ printedKey: string | undefined }> {
  let printedKey: string | undefined
  let project = (await canvass.admin.listProjects())[0]
  if (!project) {
    const key = keys.initApiKey ?? generateApiKey()
    if (!keys.initApiKey) {
      printKey(print, key)
      printedKey = key
    }
    afterStep('key-printed')
    const initKeys: { environment: 'production' | 'development'; key: string; label: string }[] = [
      { environment: 'production', key, label: keys.initApiKey ? 'CANVASS_INIT_API_KEY' : 'bootstrap' },
    ]
    if (keys.initDevApiKey) {
      initKeys.push({ environment: 'development', key: keys.initDevApiKey, label: 'CANVASS_INIT_DEV_API_KEY' })
    }
    const variables = [keys.initApiKey && 'CANVASS_INIT_API_KEY', keys.initDevApiKey && 'CANVASS_INIT_DEV_API_KEY']
    project = await initKeyStep(variables.filter(Boolean).join(' or '), () =>
      canvass.admin.createProject({ name: 'Default project', organizationName: 'Default organization', apiKeys: initKeys }),
    )
    afterStep('project-created')
    print(`Created project ${project.projectId}`)
    print(`  production environment:  ${project.environments.production}`)
    print(`  development environment: ${project.environments.development}`)
    afterStep('project-printed')
  } else if (!keys.initApiKey && (await canvass.admin.listApiKeys(project.environments.production)).length === 0) {
    // A first start of an older version, interrupted before its key existed: finish the job.
    const { key } = await canvass.admin.createApiKey({ environmentId: project.environments.production, label: 'bootstrap' })
    printKey(print, key)
    printedKey = key
  }
  if (keys.initApiKey) {
    const environmentId = project.environments.production
    const key = keys.initApiKey
    await initKeyStep('CANVASS_INIT_API_KEY', () => canvass.admin.ensureApiKey({ environmentId, key, label: 'CANVASS_INIT_API_KEY' }))
  }
  if (keys.initDevApiKey) {
    const environmentId = project.environments.development
    const key = keys.initDevApiKey
    await initKeyStep('CANVASS_INIT_DEV_API_KEY', () =>
      canvass.admin.ensureApiKey({ environmentId, key, label: 'CANVASS_INIT_DEV_API_KEY' }),
    )
  }
  afterStep('init-keys-ensured')
  return { printedKey }
}

/**
 * What to do with the key a first start printed, once the server listens at `baseUrl` (its `PUBLIC_URL`, or the
 * address it listens on): one request to try, and where the API reference is served.
 */
export function firstRequestLine(baseUrl: string, key: string): string {
  const base = baseUrl.replace(/\/+$/, '')
  return `Try it: curl -H "x-api-key: ${key}" ${base}/api/v1/me  (every route: ${base}/api/v1/docs)`
}

function printKey(print: (line: string) => void, key: string): void {
  print(`API key for the production environment (shown once, keep it safe):\n\n  ${key}\n`)
}

/** Runs a step that uses an init key; a key that cannot be used stops the start with what to do about it. */
async function initKeyStep<T>(variable: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    if (!(error instanceof CanvassError) || error.code !== 'bad_request') throw error
    throw new Error(`${variable}: ${error.message}. Set ${variable} to a new key (or unset it) and start again.`)
  }
}

/**
 * For fault tests only: `CANVASS_TEST_KILL_AFTER=<step>` makes the process SIGKILL itself right after that
 * step of the bootstrap, as a power cut or `kill -9` would.
 */
function killSwitch(step: string | undefined): (done: BootstrapStep) => void {
  return (done) => {
    if (step === done) process.kill(process.pid, 'SIGKILL')
  }
}
