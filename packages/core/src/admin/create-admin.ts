import type { ApiKeyRecord, EnvironmentType, ProjectSummary, Storage } from '../ports/storage'
import { apiKeyPrefix, generateApiKey, hashApiKey, isWellFormedApiKey } from '../auth/api-key'
import { CanvassError } from '../errors'
import type { AuditEvent } from '../domain/audit-log'
import { appendAuditEntry } from '../domain/audit-log'
import type { FormbricksImportOptions, FormbricksImportReport } from './import'
import type { ConsoleAccountsAdmin } from './console-accounts-admin'
import { createConsoleAccountsAdmin } from './console-accounts-admin'
import type { ConsoleAccountSettings } from '../domain/console-accounts'
import { consoleAccountSettings } from '../domain/console-accounts'

/**
 * Administration that the HTTP API does not offer (docs/design.md, "Authentication"): projects and API keys are created here,
 * by the embedding application or the standalone server's bootstrap, never over HTTP.
 */
export interface CanvassAdmin extends ConsoleAccountsAdmin {
  /**
   * Creates an organization and a project with its `production` and `development` environments, and the
   * given API keys of those environments, all in one transaction: either everything exists afterwards or
   * nothing does. A key must be well-formed and not in use (live or revoked).
   */
  createProject(options: {
    name: string
    organizationName?: string
    apiKeys?: { environment: EnvironmentType; key: string; label?: string }[]
    /**
     * Ids the environments are to have instead of new ones: an import keeps the source environment's id, so
     * that the SDKs' `environmentId` stays as it is (`canvass import formbricks --environment source`).
     */
    environmentIds?: Partial<Record<EnvironmentType, string>>
    /** The id the project is to have instead of a new one (the reference's workspace id, which its SDKs may name). */
    projectId?: string
  }): Promise<ProjectSummary>
  /** The projects that exist (empty on a fresh database). */
  listProjects(): Promise<ProjectSummary[]>
  /** Creates a key for an environment. The plain key is returned here once and never stored. */
  createApiKey(options: { environmentId: string; label?: string }): Promise<{ id: string; key: string }>
  /**
   * Makes sure this exact key works for the environment (headless setups and tests); creates it if absent.
   * Throws if the key is not of a supported format or already belongs to another environment.
   */
  ensureApiKey(options: { environmentId: string; key: string; label?: string }): Promise<{ id: string }>
  /**
   * Every key of the environment, revoked ones included, newest first: id, label, `prefix` (the start of
   * the plain key), `createdAt`, `lastUsedAt` (to the minute) and `revokedAt`; never the key or its hash.
   */
  listApiKeys(environmentId: string): Promise<Omit<ApiKeyRecord, 'hash'>[]>
  /** Revokes a key; it stops working on the next request. Returns false when there is no such live key. */
  revokeApiKey(id: string): Promise<boolean>
  /**
   * Copies an environment of a Formbricks instance (or another Canvass) into `options.environmentId`
   * through the source's management API: see `docs/migrating.md`. Safe to run again; resumes after a kill.
   */
  importFormbricks(options: FormbricksImportOptions): Promise<FormbricksImportReport>
}

export function createAdmin(
  storage: Storage,
  newId: () => string,
  now: () => Date,
  importFormbricks: CanvassAdmin['importFormbricks'],
  auditFailed: (event: AuditEvent, error: unknown) => void = () => {},
  consoleAccounts: ConsoleAccountSettings = consoleAccountSettings(true),
): CanvassAdmin {
  /**
   * An admin action is written to the environment's audit log as an API write is, without a key, method or
   * route (see docs/data-rights.md#audit-log); a failed append is reported and does not undo the action.
   */
  async function record(event: AuditEvent): Promise<void> {
    await appendAuditEntry(storage, event, now()).catch((error: unknown) => auditFailed(event, error))
  }

  async function insertKey(environmentId: string, key: string, label: string | undefined) {
    const environment = await storage.environments.get(environmentId)
    if (!environment) throw new CanvassError('not_found', `Environment ${environmentId} does not exist`)
    const created: ApiKeyRecord = {
      id: newId(),
      environmentId,
      hash: await hashApiKey(key),
      label: label ?? null,
      createdAt: now(),
      revokedAt: null,
      prefix: apiKeyPrefix(key),
      lastUsedAt: null,
    }
    await storage.apiKeys.insert(created)
    await record({ environmentId, action: 'create', resourceType: 'apiKey', resourceId: created.id })
    return created
  }

  /** The environment of a key by its id: only an admin's revoke asks, so the keys of every project are looked through. */
  async function environmentOfKey(id: string): Promise<string | null> {
    for (const project of await storage.projects.list())
      for (const environmentId of Object.values(project.environments))
        if ((await storage.apiKeys.list(environmentId)).some((k) => k.id === id)) return environmentId
    return null
  }

  return {
    createProject: (options) => createProject({ storage, newId, now, record }, options),
    listProjects: () => storage.projects.list(),
    async createApiKey({ environmentId, label }) {
      const key = generateApiKey()
      const { id } = await insertKey(environmentId, key, label)
      return { id, key }
    },
    async ensureApiKey({ environmentId, key, label }) {
      assertWellFormed(key)
      const hash = await hashApiKey(key)
      const existing = await storage.apiKeys.findByHash(hash)
      if (existing) {
        if (existing.environmentId !== environmentId) {
          throw new CanvassError('bad_request', 'This API key already belongs to another environment')
        }
        return { id: existing.id }
      }
      // Not live: new, or revoked (its hash stays taken, so it can never work again).
      if ((await storage.apiKeys.list(environmentId)).some((k) => k.hash === hash)) {
        throw new CanvassError('bad_request', 'This API key was revoked and cannot be used again')
      }
      try {
        return { id: (await insertKey(environmentId, key, label)).id }
      } catch (error) {
        await assertUnused(storage, hash)
        throw error
      }
    },
    async listApiKeys(environmentId) {
      const keys = await storage.apiKeys.list(environmentId)
      return keys.map(({ hash: _hash, ...key }) => key)
    },
    async revokeApiKey(id) {
      const environmentId = await environmentOfKey(id)
      const revoked = await storage.apiKeys.revoke(id, now())
      if (revoked && environmentId !== null) await record({ environmentId, action: 'revoke', resourceType: 'apiKey', resourceId: id })
      return revoked
    },
    importFormbricks,
    ...createConsoleAccountsAdmin(storage, newId, now, consoleAccounts, record),
  }
}

/** What the admin functions share: the storage, ids, the clock, and the audit log's entry for an admin action. */
interface AdminParts {
  storage: Storage
  newId: () => string
  now: () => Date
  record: (event: AuditEvent) => Promise<void>
}

async function createProject(
  { storage, newId, now, record }: AdminParts,
  { name, organizationName, apiKeys, environmentIds, projectId: givenProjectId }: Parameters<CanvassAdmin['createProject']>[0],
): Promise<ProjectSummary> {
  const createdAt = now()
  const organizationId = newId()
  for (const id of [...Object.values(environmentIds ?? {}), ...(givenProjectId === undefined ? [] : [givenProjectId])]) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id))
      throw new CanvassError(
        'bad_request',
        `An environment id must be 1 to 64 letters, digits, _ or -, not ${JSON.stringify(id.slice(0, 80))}`,
      )
  }
  const environments: Record<EnvironmentType, string> = {
    production: environmentIds?.production ?? newId(),
    development: environmentIds?.development ?? newId(),
  }
  const projectId = givenProjectId ?? newId()
  const keys: ApiKeyRecord[] = []
  for (const { environment, key, label } of apiKeys ?? []) {
    assertWellFormed(key)
    keys.push({
      id: newId(),
      environmentId: environments[environment],
      hash: await hashApiKey(key),
      label: label ?? null,
      createdAt,
      revokedAt: null,
      prefix: apiKeyPrefix(key),
      lastUsedAt: null,
    })
  }
  try {
    await storage.projects.create({
      id: projectId,
      organizationId,
      name,
      createdAt,
      environments,
      newId,
      organization: { id: organizationId, name: organizationName ?? name, createdAt },
      apiKeys: keys,
    })
  } catch (error) {
    // Nothing was created; a key that is taken is the likely reason and deserves a clear answer.
    for (const key of keys) await assertUnused(storage, key.hash)
    throw error
  }
  for (const type of ['production', 'development'] as const) {
    await record({
      environmentId: environments[type],
      action: 'create',
      resourceType: 'project',
      resourceId: projectId,
      summary: { fields: ['name', ...(environmentIds?.[type] ? ['environmentId'] : []), ...(givenProjectId ? ['projectId'] : [])] },
    })
    for (const key of keys.filter((k) => k.environmentId === environments[type]))
      await record({ environmentId: environments[type], action: 'create', resourceType: 'apiKey', resourceId: key.id })
  }
  return { organizationId, projectId, projectName: name, environments }
}

/**
 * After a failed insert: throws a clear error when the hash belongs to a key of any environment (then
 * a revoked one, as live keys are found by hash first). Only this rare path looks through every project.
 */
async function assertUnused(storage: Storage, hash: string): Promise<void> {
  for (const project of await storage.projects.list()) {
    for (const environmentId of Object.values(project.environments)) {
      const taken = (await storage.apiKeys.list(environmentId)).find((k) => k.hash === hash)
      if (taken) {
        throw new CanvassError(
          'bad_request',
          taken.revokedAt ? 'This API key was revoked and cannot be used again' : 'This API key already belongs to another environment',
        )
      }
    }
  }
}

function assertWellFormed(key: string): void {
  if (!isWellFormedApiKey(key)) {
    throw new CanvassError('bad_request', 'An API key must be `cvs_` followed by 43 letters or digits, or 32 hexadecimal characters')
  }
}
