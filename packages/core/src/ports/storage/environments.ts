/** Environments: the scope of every other record. */
export interface EnvironmentStore {
  /** The environment with its project's name, or null. */
  get(id: string): Promise<EnvironmentRecord | null>
  /**
   * The environment a client path names: `id` itself when it is an environment's id, else the production
   * environment of the project whose id it is (the reference's current clients name a workspace, its name
   * for a project); null when it is neither. MUST prefer the environment: an id of both names the environment.
   */
  resolve(id: string): Promise<string | null>
  /**
   * Sets the environment's default retention of responses (`null`: keep them) in one statement and returns the
   * environment as written, or null when there is no environment with this id. `updatedAt` becomes `now`.
   */
  setResponseRetentionDays(id: string, days: number | null, now: Date): Promise<EnvironmentRecord | null>
}

export type EnvironmentType = 'production' | 'development'

export interface EnvironmentRecord {
  id: string
  type: EnvironmentType
  projectId: string
  projectName: string
  appSetupCompleted: boolean
  websiteSetupCompleted: boolean
  /** Days responses of surveys without their own `responseRetentionDays` are kept; `null` keeps them. */
  responseRetentionDays: number | null
  createdAt: Date
  updatedAt: Date
}
