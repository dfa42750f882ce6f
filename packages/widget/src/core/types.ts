/**
 * What the in-app core keeps: the environment state and the user state, as the server sends them, plus what
 * the core learns on the page (displays and responses of an anonymous visitor, their language).
 */
import type { WidgetProject, WidgetSurvey } from '../shared/survey'

export type UrlRule = 'exactMatch' | 'contains' | 'startsWith' | 'endsWith' | 'notMatch' | 'notContains' | 'matchesRegex'

export interface UrlFilter {
  value: string
  rule: UrlRule | string
}

/** When a no-code action fires (`noCodeConfig` of an action class). */
export interface NoCodeConfig {
  type: 'click' | 'pageView' | 'exitIntent' | 'fiftyPercentScroll' | string
  urlFilters?: UrlFilter[]
  urlFiltersConnector?: 'or' | 'and'
  elementSelector?: { cssSelector?: string; innerHtml?: string }
}

export interface ActionClass {
  id: string
  name: string
  /** `code` (fired by `track(key)`), `noCode` (fired by the page) or `automatic` (`New Session`). */
  type: string
  key: string | null
  noCodeConfig: NoCodeConfig | null
}

/** The `data` of `GET /client/{env}/environment`. */
export interface EnvironmentData {
  surveys: WidgetSurvey[]
  actionClasses: ActionClass[]
  project: WidgetProject
}

/** The `data` of the user state `POST /client/{env}/user` answers, for an anonymous visitor kept locally. */
export interface UserData {
  userId: string | null
  contactId: string | null
  /** Ids of the segments the contact is in, as the server computed them. */
  segments: string[]
  displays: { surveyId: string; createdAt: string }[]
  /** Ids of the surveys the user responded to. */
  responses: string[]
  lastDisplayAt: string | null
  language?: string
}

/** The state kept across page loads (localStorage). Times are epoch milliseconds. */
export interface CoreState {
  version: 1
  appUrl: string
  environmentId: string
  environment: { data: EnvironmentData; etag: string | null; expiresAt: number; ttlMs: number }
  /** `expiresAt` null: an anonymous visitor, whose state only this page knows. */
  user: { data: UserData; expiresAt: number | null }
}

export const anonymousUser = (): UserData => ({
  userId: null,
  contactId: null,
  segments: [],
  displays: [],
  responses: [],
  lastDisplayAt: null,
})
