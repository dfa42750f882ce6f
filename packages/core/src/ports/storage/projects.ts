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
  /**
   * The project's custom CSS (docs/api.md, "Workspace custom CSS in v3"): the stored value and the one before it; `null`
   * when the project does not exist. An adapter MUST return what `setCustomCss` stored, unchanged.
   */
  getCustomCss(projectId: string): Promise<ProjectCustomCss | null>
  /**
   * Replaces the project's custom CSS with `next` (`null` clears it) in one statement, unless its `source`
   * equals the stored one (then nothing is written). What was current becomes `previous`. Concurrent calls
   * MUST each replace a different value (no lost update); `null` when the project does not exist.
   */
  setCustomCss(projectId: string, next: StoredCustomCss | null, now: Date): Promise<CustomCssWrite | null>
  /**
   * The project's theme (docs/api.md, "Workspace styling"): its `styling` and `logo` as `setStyling` stored them
   * (both `null` until one is set); `null` when the project does not exist.
   */
  getStyling(projectId: string): Promise<ProjectStyling | null>
  /** Replaces both fields of the project's theme as given (core has checked them); `null` when the project does not exist. */
  setStyling(projectId: string, next: ProjectStyling, now: Date): Promise<ProjectStyling | null>
}

/** A project's theme: the reference's project `styling` and `logo`, JSON objects an adapter stores unchanged. */
export interface ProjectStyling {
  styling: Record<string, unknown> | null
  logo: Record<string, unknown> | null
}

/** Custom CSS as stored: the source a caller wrote, and what core compiled from it with which processor. */
export interface StoredCustomCss {
  source: { light: string | null; dark: string | null }
  compiled: { light: string | null; dark: string | null }
  processorVersion: number
}

export interface ProjectCustomCss {
  current: StoredCustomCss | null
  previous: StoredCustomCss | null
}

/** What `setCustomCss` did: `changed: false` when the source was already stored. */
export type CustomCssWrite =
  | { changed: false; current: StoredCustomCss | null; previous: StoredCustomCss | null }
  | { changed: true; replaced: StoredCustomCss | null; current: StoredCustomCss | null }

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
