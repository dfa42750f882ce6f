/**
 * The object the `@formbricks/js` loader finds on `globalThis.formbricks`: its methods, its events, and the
 * decisions between an action and a survey on screen. Every method resolves (failures are reported on the
 * console): a survey widget must never break the app that embeds it.
 */
import type { Endpoint } from '../shared/client-api'
import { createCommandQueue } from './command-queue'
import { createEmitter } from './events'
import type { Emitter, EventName, EventPayloads } from './events'
import { setAttributes, setUserId, signOut } from './identity'
import type { AttributeValue } from './identity'
import { watchPage } from './page-listeners'
import { clickMatches } from './rules/click-match'
import { passesDisplayPercentage, secureRandom } from './rules/display-percentage'
import { clearEmbeddedData, mergeEmbeddedData } from './rules/embedded-data'
import type { EmbeddedDataInput } from './rules/embedded-data'
import { surveysForAction } from './rules/eligible-surveys'
import { pickHiddenFields } from './rules/hidden-fields'
import { surveyLanguageCode } from './rules/language'
import { passesUrlFilters } from './rules/url-filters'
import type { Session } from './session'
import { readState, writeState } from './state-storage'
import { loadRenderer } from './renderer-loader'
import { createSurveyRunner } from './survey-runner'
import type { SurveyRunner } from './survey-runner'
import { fetchEnvironment, refreshExpired } from './sync'
import { anonymousUser } from './types'
import type { ActionClass } from './types'

export interface SetupConfig {
  appUrl: string
  /** The Canvass environment id (the loader's newer name for it). */
  workspaceId?: string
  environmentId?: string
}

export interface Formbricks {
  setup(config: SetupConfig): Promise<void>
  setUserId(userId: string): Promise<void>
  setEmail(email: string): Promise<void>
  setAttribute(key: string, value: AttributeValue): Promise<void>
  setAttributes(attributes: Record<string, AttributeValue>): Promise<void>
  setLanguage(language: string): Promise<void>
  logout(): Promise<void>
  track(key: string, properties?: { hiddenFields?: Record<string, unknown> }): Promise<void>
  registerRouteChange(): Promise<void>
  setNonce(nonce: string | undefined): Promise<void>
  setEmbeddedData(data: EmbeddedDataInput): Promise<void>
  clearEmbeddedData(...args: [] | [key: string]): Promise<void>
  on<E extends EventName>(event: E, handler: (payload: EventPayloads[E]) => void): () => void
  off<E extends EventName>(event: E, handler: (payload: EventPayloads[E]) => void): void
}

/** Marks this tab's session, for the automatic `New Session` action. */
const SESSION_KEY = 'formbricks-canvass-session'

export function createFormbricks(): Formbricks {
  const events = createEmitter()
  const enqueue = createCommandQueue()
  const runner = createSurveyRunner()
  let session: Session | undefined
  let embeddedData: Session['embeddedData'] = {}
  let nonce: string | undefined

  const { fire, checkPage, fireMatching, resumeOutbox, newSession, actionClasses } = createActions(() => session, runner, events)

  /** Runs a command after those before it; reports instead of rejecting. */
  const command =
    <A extends unknown[]>(name: string, run: (...args: A) => Promise<void> | void) =>
    (...args: A): Promise<void> =>
      enqueue(async () => {
        if (!session) {
          console.warn(`🧱 Formbricks - ${name}() needs setup() to have succeeded first`)
          return
        }
        await run(...args)
      }).catch((error: unknown) => console.error(`🧱 Formbricks - ${name}() failed`, error))

  async function setup(config: SetupConfig): Promise<void> {
    const environmentId = config?.workspaceId ?? config?.environmentId
    const appUrl = typeof config?.appUrl === 'string' ? config.appUrl.replace(/\/+$/, '') : ''
    if (!isHttpUrl(appUrl) || typeof environmentId !== 'string' || environmentId === '') {
      console.error('🧱 Formbricks - setup() needs an http(s) appUrl and a workspaceId (or environmentId)')
      return
    }
    if (session) {
      const same = session.endpoint.appUrl === appUrl && session.endpoint.environmentId === environmentId
      if (!same) console.warn('🧱 Formbricks - already set up for another environment; reload the page to change it')
      return
    }
    const endpoint: Endpoint = { appUrl, environmentId }
    let state = readState()
    if (!state || state.appUrl !== appUrl || state.environmentId !== environmentId) {
      const environment = await fetchEnvironment(endpoint)
      if (!environment) return
      state = { version: 1, appUrl, environmentId, environment, user: { data: anonymousUser(), expiresAt: null } }
    }
    const current: Session = {
      endpoint,
      state,
      save: () => writeState(current.state),
      events,
      get embeddedData() {
        return embeddedData
      },
      get nonce() {
        return nonce
      },
      retryAt: 0,
    }
    session = current
    await refreshExpired(current)
    current.save()
    watchPage({
      onLocationChange: () => void enqueue(() => checkPage(false)),
      onClick: (target) => void enqueue(() => fireMatching('click', (config) => clickMatches(target, config.elementSelector))),
      onExitIntent: () => void enqueue(() => fireMatching('exitIntent')),
      onHalfScroll: () => void enqueue(() => fireMatching('fiftyPercentScroll')),
    })
    events.emit('formbricks_setup_successful', { workspaceId: environmentId })
    // After the calls the loader replays once setup resolves (setUserId, …), so that they count for the
    // first page view.
    setTimeout(() => {
      void enqueue(resumeOutbox)
      void enqueue(newSession)
      void enqueue(() => checkPage(true))
    }, 0)
  }

  return {
    setup: (config) => enqueue(() => setup(config)).catch((error: unknown) => console.error('🧱 Formbricks - setup() failed', error)),
    setUserId: command('setUserId', (userId: string) => setUserId(session as Session, runner, userId)),
    setEmail: command('setEmail', (email: string) => setAttributes(session as Session, { email })),
    setAttribute: command('setAttribute', (key: string, value: AttributeValue) => setAttributes(session as Session, { [key]: value })),
    setAttributes: command('setAttributes', (attributes: Record<string, AttributeValue>) => setAttributes(session as Session, attributes)),
    setLanguage: command('setLanguage', (language: string) => setAttributes(session as Session, { language })),
    logout: command('logout', () => signOut(session as Session, runner)),
    track: command('track', async (key: string, properties?: { hiddenFields?: Record<string, unknown> }) => {
      const action = actionClasses().find((candidate) => candidate.type === 'code' && candidate.key === key)
      if (!action) {
        console.warn(`🧱 Formbricks - no code action has the key "${key}": create it before tracking it`)
        return
      }
      await fire(action, key, properties?.hiddenFields)
    }),
    registerRouteChange: command('registerRouteChange', () => checkPage(true)),
    setNonce: async (value) => {
      nonce = typeof value === 'string' && value !== '' ? value : undefined
      globalThis.formbricksSurveys?.setNonce(nonce)
    },
    setEmbeddedData: async (data) => {
      const merged = mergeEmbeddedData(embeddedData, data)
      embeddedData = merged.bag
      if (merged.refused.length > 0) console.warn(`🧱 Formbricks - embedded data refused: ${merged.refused.join(', ')}`)
    },
    clearEmbeddedData: async (...args) => {
      embeddedData = clearEmbeddedData(embeddedData, args)
    },
    on: (event, handler) => events.on(event, handler),
    off: (event, handler) => events.off(event, handler),
  }
}

/**
 * The decisions between an action and a survey on screen: which actions fire on this page, and which survey
 * (if any) an action shows. `sessionOf` gives the session once `setup()` has succeeded.
 */
function createActions(sessionOf: () => Session | undefined, runner: SurveyRunner, events: Emitter) {
  let lastPage: string | undefined

  /** Decides whether an action shows a survey, and shows the first that passes every rule. */
  async function fire(action: ActionClass, label: string, hiddenFields?: Record<string, unknown>): Promise<void> {
    const current = sessionOf() as Session
    events.emit('formbricks_action_tracked', { action: label })
    if (runner.busy()) return
    await refreshExpired(current)
    for (const survey of surveysForAction(current.state, action, new Date())) {
      if (!passesDisplayPercentage(survey.displayPercentage, secureRandom())) continue
      const languageCode = surveyLanguageCode(survey.languages, current.state.user.data.language)
      if (languageCode === undefined) continue
      const picked = pickHiddenFields(survey.hiddenFields, hiddenFields)
      if (picked.ignored.length > 0) {
        console.warn(`🧱 Formbricks - hidden fields the survey does not declare were left out: ${picked.ignored.join(', ')}`)
      }
      runner.start(current, survey, { action: action.name, languageCode, hiddenFields: picked.fields })
      return
    }
  }

  const actionClasses = () => (sessionOf() as Session).state.environment.data.actionClasses

  /** Fires the no-code actions of one type whose URL filters pass on this page (and `also`, when given). */
  async function fireMatching(type: string, also?: (config: NonNullable<ActionClass['noCodeConfig']>) => boolean): Promise<void> {
    if (!sessionOf()) return
    for (const action of actionClasses()) {
      const config = action.noCodeConfig
      if (action.type !== 'noCode' || config?.type !== type) continue
      if (!passesUrlFilters(location.href, config.urlFilters, config.urlFiltersConnector)) continue
      if (also && !also(config)) continue
      await fire(action, action.name)
    }
  }

  /** Page views: on setup, on every URL change, on `registerRouteChange` (`force`: even on the same URL). */
  async function checkPage(force: boolean): Promise<void> {
    if (!sessionOf()) return
    const href = location.href
    if (!force && href === lastPage) return
    lastPage = href
    for (const action of actionClasses()) {
      const config = action.noCodeConfig
      if (action.type !== 'noCode' || config?.type !== 'pageView') continue
      if (passesUrlFilters(href, config.urlFilters, config.urlFiltersConnector)) await fire(action, action.name)
      else runner.cancelPending(action.name)
    }
  }

  /**
   * What the renderer's outbox left on this device (its `canvass-outbox` index): answers still to send are
   * sent now, and an unfinished response is shown again to go on with, before any action shows another survey.
   */
  async function resumeOutbox(): Promise<void> {
    const current = sessionOf() as Session
    const { appUrl, environmentId } = current.endpoint
    let waiting: { appUrl: string; environmentId: string; surveyId: string; resume: boolean }[] = []
    try {
      waiting = JSON.parse(localStorage.getItem('canvass-outbox') ?? '[]').filter(
        (entry: { appUrl: string; environmentId: string }) => entry.appUrl === appUrl && entry.environmentId === environmentId,
      )
    } catch {}
    if (!waiting.length) return
    const renderer = await loadRenderer(appUrl, current.nonce).catch(() => undefined)
    renderer?.flush?.(current.endpoint)
    const resumed = waiting.find((entry) => entry.resume)
    const survey = current.state.environment.data.surveys.find((candidate) => candidate.id === resumed?.surveyId)
    if (!renderer || !survey || runner.busy()) return
    const languageCode = surveyLanguageCode(survey.languages, current.state.user.data.language) ?? 'default'
    runner.start(current, { ...survey, delay: 0 }, { action: 'resume', languageCode, hiddenFields: {} })
  }

  /** The automatic `New Session` action, once per browser tab. */
  async function newSession(): Promise<void> {
    try {
      if (sessionStorage.getItem(SESSION_KEY)) return
      sessionStorage.setItem(SESSION_KEY, '1')
    } catch {
      return
    }
    for (const action of actionClasses()) if (action.type === 'automatic' && action.name === 'New Session') await fire(action, action.name)
  }

  return { fire, fireMatching, checkPage, resumeOutbox, newSession, actionClasses }
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
