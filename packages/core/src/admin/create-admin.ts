import type { ApiKeyRecord, EnvironmentType, ProjectSummary, Storage } from '../ports/storage'
import { generateApiKey, hashApiKey, isWellFormedApiKey } from '../http/api-key'
import { CanvassError } from '../http/errors'

/**
 * Administration that the HTTP API does not offer (contract §2): projects and API keys are created here,
 * by the embedding application or the standalone server's bootstrap, never over HTTP.
 */
export interface CanvassAdmin {
  /** Creates an organization and a project with its `production` and `development` environments. */
  createProject(options: { name: string; organizationName?: string }): Promise<ProjectSummary>
  /** The projects that exist (empty on a fresh database). */
  listProjects(): Promise<ProjectSummary[]>
  /** Creates a key for an environment. The plain key is returned here once and never stored. */
  createApiKey(options: { environmentId: string; label?: string }): Promise<{ id: string; key: string }>
  /**
   * Makes sure this exact key works for the environment (headless setups and tests); creates it if absent.
   * Throws if the key is not of a supported format or already belongs to another environment.
   */
  ensureApiKey(options: { environmentId: string; key: string; label?: string }): Promise<{ id: string }>
  listApiKeys(environmentId: string): Promise<Omit<ApiKeyRecord, 'hash'>[]>
  /** Revokes a key; it stops working on the next request. Returns false when there is no such live key. */
  revokeApiKey(id: string): Promise<boolean>
}

export function createAdmin(storage: Storage, newId: () => string, now: () => Date): CanvassAdmin {
  async function insertKey(environmentId: string, key: string, label: string | undefined) {
    const environment = await storage.environments.get(environmentId)
    if (!environment) throw new CanvassError('not_found', `Environment ${environmentId} does not exist`)
    const record: ApiKeyRecord = {
      id: newId(),
      environmentId,
      hash: await hashApiKey(key),
      label: label ?? null,
      createdAt: now(),
      revokedAt: null,
    }
    await storage.apiKeys.insert(record)
    return record
  }

  return {
    async createProject({ name, organizationName }) {
      const createdAt = now()
      const organizationId = newId()
      await storage.projects.createOrganization({ id: organizationId, name: organizationName ?? name, createdAt })
      const environments: Record<EnvironmentType, string> = { production: newId(), development: newId() }
      const projectId = newId()
      await storage.projects.create({ id: projectId, organizationId, name, createdAt, environments, newId })
      return { organizationId, projectId, projectName: name, environments }
    },
    listProjects: () => storage.projects.list(),
    async createApiKey({ environmentId, label }) {
      const key = generateApiKey()
      const { id } = await insertKey(environmentId, key, label)
      return { id, key }
    },
    async ensureApiKey({ environmentId, key, label }) {
      if (!isWellFormedApiKey(key)) {
        throw new CanvassError(
          'bad_request',
          'An API key must be `cvs_` followed by 43 letters or digits, or 32 hexadecimal characters',
        )
      }
      const existing = await storage.apiKeys.findByHash(await hashApiKey(key))
      if (existing) {
        if (existing.environmentId !== environmentId) {
          throw new CanvassError('bad_request', 'This API key already belongs to another environment')
        }
        return { id: existing.id }
      }
      return { id: (await insertKey(environmentId, key, label)).id }
    },
    async listApiKeys(environmentId) {
      const keys = await storage.apiKeys.list(environmentId)
      return keys.map(({ hash: _hash, ...key }) => key)
    },
    revokeApiKey: (id) => storage.apiKeys.revoke(id, now()),
  }
}
