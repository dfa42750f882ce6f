import type { ClientActionClass, EnvironmentStateRecord, SegmentRecord } from '../../ports/storage/index'
import { deliveredSurveyCss } from '../css/custom-css'
import { surveyBlocks } from '../surveys/survey-structure'
import { stateSegment } from '../contacts/segment-service'
import { effectiveSurveyStatus } from '../surveys/survey-status'

/**
 * Project settings a widget reads. Canvass has no settings for them yet, so every project answers the
 * reference's defaults.
 */
const PROJECT_SETTINGS = {
  recontactDays: 7,
  clickOutsideClose: true,
  darkOverlay: false,
  // The reference's newer setting beside `darkOverlay`: `none`, `light` or `dark`.
  overlay: 'none',
  placement: 'bottomRight',
  inAppSurveyBranding: true,
  styling: { allowStyleOverwrite: true },
} as const

/** A project's settings as a widget reads them (the environment state's `project`; link pages too). */
export function widgetProject(projectId: string) {
  return { id: projectId, ...PROJECT_SETTINGS }
}

/** An action class as a widget reads it, in the environment state and in each survey's triggers. */
export interface StateActionClass {
  id: string
  name: string
  type: string
  key: string | null
  noCodeConfig: unknown
}

/** A survey language as the reference's widget reads it (`survey.languages[i].language.code`). */
export interface StateSurveyLanguage {
  default: boolean
  enabled: boolean
  language: { code: string; alias: string | null }
}

/**
 * The widget's view of an environment: the `data` of the reference's environment state. The state is public
 * (any page that embeds the widget reads it), so each survey carries only what a widget reads, named here one
 * by one: never a manager's fields (`pin`, `resultShareKey`, `createdBy`, `segmentId`, `autoComplete`, its
 * name, dates or single-use settings) nor a segment's filters.
 */
export function environmentStateOutput(state: EnvironmentStateRecord, now: Date, segments: ReadonlyMap<string, SegmentRecord> = new Map()) {
  const actionClasses = state.actionClasses.map(stateActionClass)
  const resolve = triggerResolver(actionClasses)
  const surveys = state.surveys
    .filter((survey) => (survey.type === 'app' || survey.type === 'website') && effectiveSurveyStatus(survey, now) === 'inProgress')
    .map((survey) => ({
      id: survey.id,
      type: survey.type,
      status: effectiveSurveyStatus(survey, now),
      // What the renderer shows.
      welcomeCard: survey.welcomeCard,
      questions: survey.questions,
      blocks: surveyBlocks(survey),
      endings: survey.endings,
      hiddenFields: survey.hiddenFields,
      // What `calculate` logic changes and recall shows.
      variables: survey.variables,
      // Stored as sent; the widget reads `languages[i].language.code` without checking.
      languages: survey.languages.flatMap(stateLanguage),
      showLanguageSwitch: survey.showLanguageSwitch,
      styling: survey.styling,
      // The reference's current name; `projectOverwrites` for its widgets before the project → workspace rename.
      workspaceOverwrites: survey.productOverwrites,
      projectOverwrites: survey.productOverwrites,
      // Widgets of the reference before its product → project rename read `productOverwrites`.
      productOverwrites: survey.productOverwrites,
      isBackButtonHidden: survey.isBackButtonHidden,
      isAutoProgressingEnabled: survey.isAutoProgressingEnabled,
      redirectUrl: survey.redirectUrl,
      recaptcha: null,
      // When to show it. Triggers are stored as sent (names, ids or objects); the widget reads
      // `triggers[i].actionClass.name` without checking, so an entry of another shape would crash it.
      triggers: resolve(survey.triggers),
      displayOption: survey.displayOption,
      displayLimit: survey.displayLimit,
      displayPercentage: survey.displayPercentage,
      delay: survey.delay,
      recontactDays: survey.recontactDays,
      autoClose: survey.autoClose,
      // The reference's public shape: which segment, and whether it has filters, but not the filters.
      segment: survey.segmentId === null ? null : stateSegmentOf(segments.get(survey.segmentId), survey.segmentId, state.environmentId),
      // The survey's own compiled CSS, when it has some; the workspace's rides on `project`.
      ...deliveredSurveyCss(survey),
    }))
  const project = widgetProject(state.projectId)
  return {
    surveys,
    actionClasses,
    // The reference's current name for the project; `project` and `product` for its older widgets.
    workspace: project,
    project,
    // Widgets of the reference before its product → project rename read `product`.
    product: project,
  }
}

function stateActionClass(action: ClientActionClass): StateActionClass {
  return { id: action.id, name: action.name, type: action.type, key: action.key, noCodeConfig: action.noCodeConfig }
}

/**
 * Turns stored triggers into the reference's `{actionClass}` objects, resolved against the environment's
 * action classes. Writes store `{actionClass: {id, name}}` (domain/survey-triggers); a trigger may also
 * name a class by id, name or key, or be an `{actionClass: {id?, name?, key?}}` object; the id wins over the
 * name, since names can change. A trigger whose class was deleted since is dropped: a widget cannot fire it.
 */
function triggerResolver(actionClasses: StateActionClass[]): (triggers: unknown[]) => { actionClass: StateActionClass }[] {
  const byId = new Map(actionClasses.map((action) => [action.id, action]))
  const byName = new Map<string, StateActionClass>()
  const byKey = new Map<string, StateActionClass>()
  for (const action of actionClasses) {
    if (!byName.has(action.name)) byName.set(action.name, action)
    if (action.type === 'code' && action.key !== null && !byKey.has(action.key)) byKey.set(action.key, action)
  }
  const find = (trigger: unknown): StateActionClass | undefined => {
    if (typeof trigger === 'string') return byId.get(trigger) ?? byName.get(trigger) ?? byKey.get(trigger)
    if (!isRecord(trigger)) return undefined
    const ref = isRecord(trigger.actionClass) ? trigger.actionClass : trigger
    return (
      (typeof ref.id === 'string' ? byId.get(ref.id) : undefined) ??
      (typeof ref.name === 'string' ? byName.get(ref.name) : undefined) ??
      (typeof ref.key === 'string' ? byKey.get(ref.key) : undefined)
    )
  }
  return (triggers) => {
    const seen = new Set<string>()
    const resolved: { actionClass: StateActionClass }[] = []
    for (const trigger of triggers) {
      const actionClass = find(trigger)
      // The same class twice would show the survey twice for one action.
      if (!actionClass || seen.has(actionClass.id)) continue
      seen.add(actionClass.id)
      resolved.push({ actionClass })
    }
    return resolved
  }
}

/**
 * A stored language entry in the reference's shape: `{default, enabled, language: {code, alias}}`, also
 * from the flat `{code, alias?, default?, enabled?}` and from `{language: "de"}`. Entries without a code are
 * dropped.
 */
export function stateLanguage(entry: unknown): StateSurveyLanguage[] {
  if (!isRecord(entry)) return []
  const inner = isRecord(entry.language) ? entry.language : typeof entry.language === 'string' ? { code: entry.language } : entry
  const code = inner.code
  if (typeof code !== 'string' || code === '') return []
  const alias = typeof inner.alias === 'string' ? inner.alias : null
  return [
    {
      default: entry.default === true,
      // The reference's languages are enabled unless said otherwise.
      enabled: entry.enabled !== false,
      // Only what a widget reads: a language object may carry whatever a manager stored in it.
      language: { code, alias },
    },
  ]
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A segment the state cannot read (deleted meanwhile) still keeps its survey from anonymous visitors: it is
 * shown as having filters, which no contact's `segments` then names.
 */
function stateSegmentOf(record: SegmentRecord | undefined, segmentId: string, environmentId: string) {
  return stateSegment(record ?? { id: segmentId, isPrivate: true, filters: [{}] }, environmentId)
}
