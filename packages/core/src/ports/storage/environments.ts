/** Environments: the scope of every other record. */
export interface EnvironmentStore {
  /** The environment with its project's name, or null. */
  get(id: string): Promise<EnvironmentRecord | null>
}

export type EnvironmentType = 'production' | 'development'

export interface EnvironmentRecord {
  id: string
  type: EnvironmentType
  projectId: string
  projectName: string
  appSetupCompleted: boolean
  websiteSetupCompleted: boolean
  createdAt: Date
  updatedAt: Date
}
