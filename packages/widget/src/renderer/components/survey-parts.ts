/**
 * The pure parts of a shown survey: its flow from the survey as sent, the values it starts with, the DOM ids
 * of a step, what a submitted page records and where a finished response leaves for.
 */
import type { RenderSurveyOptions } from '../../shared/protocol'
import { addTime, storedAnswer } from '../answers'
import type { Flow, Page } from '../next-step'
import { pagesOf } from '../next-step'
import type { Answer, Block, Ending, Question, ResponseData, SurveyVariable, WelcomeCard as WelcomeSettings } from '../types'

export function toFlow(survey: RenderSurveyOptions['survey']): Flow {
  const welcome = survey.welcomeCard as WelcomeSettings | undefined
  return {
    questions: (Array.isArray(survey.questions) ? survey.questions : []) as Question[],
    blocks: (Array.isArray(survey.blocks) ? survey.blocks : []) as Block[],
    endings: (Array.isArray(survey.endings) ? survey.endings : []) as Ending[],
    variables: (Array.isArray(survey.variables) ? survey.variables : []) as SurveyVariable[],
    welcomeEnabled: welcome?.enabled === true,
  }
}

/** Whether submitting `page` ends the survey when no logic says otherwise (its button says "Finish"). */
export function nextIsEnd(flow: Flow, page: Page): boolean {
  const pages = pagesOf(flow)
  return pages[pages.length - 1] === page && !(page.logic?.length || page.logicFallback)
}

/** The hidden fields the survey lists, with the values the caller gave for them. */
export function hiddenFieldValues(survey: RenderSurveyOptions['survey'], given: RenderSurveyOptions['hiddenFields']): ResponseData {
  if (!given || survey.hiddenFields?.enabled === false) return {}
  const listed = new Set(survey.hiddenFields?.fieldIds ?? [])
  const values: ResponseData = {}
  for (const [id, value] of Object.entries(given)) {
    if (listed.has(id) && (typeof value === 'string' || typeof value === 'number' || Array.isArray(value))) values[id] = value
  }
  return values
}

/**
 * Embedded data (`setEmbeddedData`) goes into the response's data with the first answer, like hidden
 * fields; a key that is a question's id is left out, so that it can never stand in for an answer.
 */
export function embeddedValues(flow: Flow, given: RenderSurveyOptions['embeddedData']): ResponseData {
  if (!given) return {}
  const values: ResponseData = {}
  for (const [key, value] of Object.entries(given)) {
    if (flow.questions.some((question) => question.id === key)) continue
    if (typeof value === 'string' || typeof value === 'number') values[key] = value
    else if (typeof value === 'boolean') values[key] = String(value)
  }
  return values
}

/** The DOM ids of a step's headline, description, error and input. */
export function idsOf(prefix: string, stepId: string) {
  const base = `${prefix}-${stepId}`
  return { headline: `${base}-headline`, description: `${base}-description`, error: `${base}-error`, input: `${base}-input` }
}

/** The prefilled answers of the flow's questions, of an answer's shape (a text, a number, a list of texts). */
export function prefillValues(flow: Flow, given: RenderSurveyOptions['prefillResponseData']): ResponseData {
  if (!given || typeof given !== 'object') return {}
  const values: [string, Answer][] = []
  for (const question of flow.questions) {
    if (!hasOwn(given, question.id)) continue
    const value = given[question.id]
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) values.push([question.id, value])
    else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) values.push([question.id, value])
  }
  // One object from entries: an id such as `__proto__` is a key like any other.
  return Object.fromEntries(values)
}

/** Whether `key` is the object's own (an id such as `constructor` is no answer of every object). */
export const hasOwn = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key)

/** A URL of the survey made absolute against the server; only http and https are ever used. */
export function resolveUrl(url: string | null | undefined, appUrl: string): string | undefined {
  if (!url) return undefined
  try {
    const resolved = new URL(url, `${appUrl}/`)
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : undefined
  } catch {
    return undefined
  }
}

/** The first thing to work with in a new step: a control marked for it, the first input, else the headline. */
export function focusStep(root: HTMLElement | null) {
  if (!root) return
  const target =
    root.querySelector<HTMLElement>('[data-autofocus]') ??
    root.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled]), textarea, select') ??
    root.querySelector<HTMLElement>('h2')
  target?.focus({ preventScroll: false })
}

export const cssId = (id: string) => (typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(id) : id)
export const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now())

/**
 * A submitted page's answers as stored, and each element's time on it so far: the page's time is each
 * element's, as they were answered together (`ttc` keeps the totals and is updated).
 */
export function pageRecord(
  page: Page,
  raws: Record<string, Answer | undefined>,
  lang: string,
  ttc: Record<string, number>,
  spent: number,
): { answers: ResponseData; times: Record<string, number> } {
  const answers: ResponseData = {}
  const times: Record<string, number> = {}
  for (const q of page.elements) {
    answers[q.id] = storedAnswer(q, raws[q.id], lang)
    const total = addTime(ttc[q.id], spent)
    ttc[q.id] = total
    times[q.id] = total
  }
  return { answers, times }
}

/** Where a finished response leaves for: its redirect ending, or the survey's redirect when it has no endings. */
export function redirectAfter(
  flow: Flow,
  survey: RenderSurveyOptions['survey'],
  endingId: string | undefined,
  appUrl: string,
): string | undefined {
  const ending = flow.endings.find((e) => e.id === endingId)
  const redirect =
    ending?.type === 'redirectToUrl' ? ending.url : !ending && flow.endings.length === 0 ? (survey.redirectUrl ?? undefined) : undefined
  return resolveUrl(redirect, appUrl)
}
