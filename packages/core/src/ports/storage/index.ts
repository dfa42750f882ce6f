import type { ApiKeyStore } from './api-keys'
import type { EnvironmentStore } from './environments'
import type { ProjectStore } from './projects'
import type { ResponseStore } from './responses'
import type { SurveyStore } from './surveys'

/**
 * The storage port: everything Canvass keeps, grouped by resource (`storage.surveys`, `storage.responses`,
 * …), one small interface per file of this folder. An adapter (e.g. `@canvass/storage-kysely`) implements
 * it; core assigns ids and timestamps, validates input and decides every HTTP answer.
 *
 * Rules every implementation MUST follow:
 * - Every method that takes an `environmentId` MUST only read or change rows of that environment.
 * - A method that changes more than one row MUST do it atomically (one transaction or one statement).
 * - Lookups by id MUST accept any string: an id that cannot exist returns `null`, never throws.
 * - Timestamps are stored with millisecond precision and returned as `Date`.
 * - Lists are ordered by `createdAt` descending, then `id` descending, and return at most `limit + 1`
 *   rows so that core can tell whether another page exists.
 * - JSON values (survey parts, response data) are stored and returned unchanged.
 */
export interface Storage {
  projects: ProjectStore
  environments: EnvironmentStore
  apiKeys: ApiKeyStore
  surveys: SurveyStore
  responses: ResponseStore
  /** Answers true when the database is reachable (health checks). */
  ping(): Promise<boolean>
}

export type * from './api-keys'
export type * from './common'
export type * from './environments'
export type * from './projects'
export type * from './responses'
export type * from './surveys'
