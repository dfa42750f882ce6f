import type { SurveyRecord } from './survey-records'

/** What a widget loads for an environment (`GET /client/{environmentId}/environment`). */
export interface EnvironmentStateStore {
  /**
   * The environment's surveys a widget may show (type `app` or `website`, stored status `inProgress` or
   * `scheduled`: core applies the dates) and its action classes. `null` when the environment does not exist.
   */
  get(environmentId: string): Promise<EnvironmentStateRecord | null>
  /** Marks the environment's app and website setup as completed (`/me` shows it); a no-op when already so. */
  markSetupCompleted(environmentId: string, now: Date): Promise<void>
}

export interface EnvironmentStateRecord {
  environmentId: string
  projectId: string
  appSetupCompleted: boolean
  websiteSetupCompleted: boolean
  surveys: SurveyRecord[]
  actionClasses: ClientActionClass[]
}

export interface ClientActionClass {
  id: string
  name: string
  type: string
  key: string | null
  noCodeConfig: unknown
}
