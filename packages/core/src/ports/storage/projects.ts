import type { ApiKeyRecord } from './api-keys'

/** Organizations and projects: created by the admin functions, never over HTTP (docs/design.md, "Authentication"). */
export interface ProjectStore {
  /** Creates an organization. */
  createOrganization(org: OrganizationRecord): Promise<void>
  /**
   * Creates a project with its `production` and `development` environments and each environment's
   * default rows (docs/design.md, "Data and ids"), all in one transaction; with `organization` and `apiKeys`, those too.
   */
  create(project: NewProject): Promise<void>
  /** The projects that exist with their environments, oldest first; empty when none. */
  list(): Promise<ProjectSummary[]>
}

export interface OrganizationRecord {
  id: string
  name: string
  createdAt: Date
}

export interface NewProject {
  id: string
  organizationId: string
  name: string
  createdAt: Date
  /** Ids for the two environments the project gets. */
  environments: { production: string; development: string }
  /** Generates ids for the environments' default rows. */
  newId: () => string
  /** When given, the organization is created in the same transaction, before the project. */
  organization?: OrganizationRecord
  /** API keys of the new environments, created in the same transaction (e.g. the first start's key). */
  apiKeys?: ApiKeyRecord[]
}

export interface ProjectSummary {
  organizationId: string
  projectId: string
  projectName: string
  environments: { production: string; development: string }
}
