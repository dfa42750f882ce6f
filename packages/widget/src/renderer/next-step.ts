/**
 * Where a survey goes, page by page. A page is one of the survey's `blocks` (its elements shown together,
 * with one submit), or, for a survey sent without blocks, one question. The first step is the welcome card
 * or the first page; after a page was answered, the page's logic's jump (to a block, an ending, or, in a
 * question's logic, a question: the page that holds it), else its `logicFallback`, else the next page, else
 * the first ending.
 */
import type { LogicContext } from './logic'
import { runLogic } from './logic'
import type { Block, Ending, LogicRule, Localized, Question, ResponseData, SurveyVariable, Variables } from './types'

/** The welcome card's step id (also reserved as a question id by the server). */
export const WELCOME = 'start'

export interface Flow {
  questions: readonly Question[]
  /** The survey's blocks; when absent or empty, each question is a page of its own. */
  blocks?: readonly Block[]
  endings: readonly Ending[]
  variables: readonly SurveyVariable[]
  welcomeEnabled: boolean
}

/** One page: the elements shown together, and the logic and buttons of leaving it. */
export interface Page {
  id: string
  elements: readonly Question[]
  logic?: LogicRule[] | undefined
  logicFallback?: string | undefined
  buttonLabel?: Localized | undefined
  backButtonLabel?: Localized | undefined
}

export interface NextStep {
  /** A page id, an ending id, or undefined for the built-in end screen. */
  next: string | undefined
  /** True when `next` is no page: the response is finished with this answer. */
  finished: boolean
  /** The ending shown, when `next` is one. */
  endingId: string | undefined
  /** Variables after the logic's calculations. */
  values: Variables
  /** Questions the logic made required. */
  requiredIds: string[]
}

const pageCache = new WeakMap<Flow, Page[]>()

/** The pages of a flow, in order. */
export function pagesOf(flow: Flow): readonly Page[] {
  let pages = pageCache.get(flow)
  if (pages) return pages
  const blocks = Array.isArray(flow.blocks)
    ? flow.blocks.filter((block) => Array.isArray(block?.elements) && block.elements.length > 0)
    : []
  pages =
    blocks.length > 0
      ? blocks.map((block) => ({ ...block, elements: block.elements }))
      : flow.questions.map((question) => ({
          id: question.id,
          elements: [question],
          logic: question.logic,
          logicFallback: question.logicFallback,
          buttonLabel: question.buttonLabel,
          backButtonLabel: question.backButtonLabel,
        }))
  pageCache.set(flow, pages)
  return pages
}

/** The step a survey opens on. */
export function firstStep(flow: Flow): string | undefined {
  if (flow.welcomeEnabled) return WELCOME
  return pagesOf(flow)[0]?.id ?? flow.endings[0]?.id
}

/** The step after page `currentId` was answered with the answers in `data` (this page's included). */
export function nextStep(flow: Flow, currentId: string, data: ResponseData, values: Variables): NextStep {
  const pages = pagesOf(flow)
  const firstEnding = flow.endings[0]?.id
  const done = (next: string | undefined, outcome: { values: Variables; requiredIds: string[] }): NextStep => {
    const isPage = next !== undefined && pages.some((page) => page.id === next)
    const ending = isPage ? undefined : flow.endings.find((e) => e.id === next)
    return { next: isPage ? next : ending?.id, finished: !isPage, endingId: ending?.id, ...outcome }
  }
  if (currentId === WELCOME) return done(pages[0]?.id ?? firstEnding, { values, requiredIds: [] })
  const index = pages.findIndex((page) => page.id === currentId)
  const page = pages[index]
  if (!page) return done(firstEnding, { values, requiredIds: [] })
  const ctx: LogicContext = { questions: flow.questions, variables: flow.variables, data, values }
  const outcome = runLogic(page, ctx)
  // A block id or an ending id; a question id (a question's logic, or a reference client's) is its page.
  const resolve = (id: string | undefined): string | undefined => {
    if (id === undefined) return undefined
    if (pages.some((p) => p.id === id) || flow.endings.some((e) => e.id === id)) return id
    return pages.find((p) => p.elements.some((element) => element.id === id))?.id
  }
  // `end` is the first logic's way of saying "finish here".
  const jump = outcome.jumpTarget === 'end' ? (firstEnding ?? 'end') : outcome.jumpTarget
  let next: string | undefined
  if (jump === 'end') next = undefined
  else next = resolve(jump) ?? resolve(page.logicFallback) ?? pages[index + 1]?.id ?? firstEnding
  return done(next, { values: outcome.values, requiredIds: outcome.requiredIds })
}

/** How far along `stepId` is, from 0 (welcome, first page) to 1 (an ending). */
export function progress(flow: Flow, stepId: string | undefined): number {
  if (stepId === WELCOME) return 0
  const pages = pagesOf(flow)
  const index = pages.findIndex((page) => page.id === stepId)
  if (index === -1) return 1
  return pages.length === 0 ? 1 : index / pages.length
}

/** A rough time to answer, in whole minutes (at least one), for the welcome card's "Takes about…". */
export function minutesToFinish(questions: readonly Question[]): number {
  const seconds = questions.reduce((sum, question) => sum + (SECONDS[question.type] ?? 15), 0)
  return Math.max(1, Math.round(seconds / 60))
}

const SECONDS: Partial<Record<Question['type'], number>> = {
  openText: 30,
  matrix: 30,
  ranking: 25,
  address: 40,
  contactInfo: 35,
  fileUpload: 45,
  cta: 5,
  consent: 5,
}

/** Where an unfinished response goes on (see `resumeStep`). */
export interface ResumePoint {
  step: string | undefined
  /** The pages passed, with the variables each was shown with: the way back. */
  history: { id: string; values: Variables }[]
  values: Variables
  requiredBy: Record<string, string[]>
}

/**
 * Where a resumed response goes on: from the first page, every page whose elements all have an answer in
 * `data` (a submitted page stores one for each, empty when skipped) is passed through the survey's logic, as if
 * submitted again, so that branching and calculations are honoured; the first page not answered is the step.
 */
export function resumeStep(flow: Flow, data: ResponseData, values: Variables): ResumePoint {
  const pages = pagesOf(flow)
  const point: ResumePoint = { step: pages[0]?.id, history: [], values, requiredBy: {} }
  for (let passed = 0; passed < pages.length; passed++) {
    const page = pages.find((p) => p.id === point.step)
    if (!page?.elements.every((q) => Object.prototype.hasOwnProperty.call(data, q.id))) break
    const outcome = nextStep(flow, page.id, data, point.values)
    point.history.push({ id: page.id, values: point.values })
    point.requiredBy[page.id] = outcome.requiredIds
    point.values = outcome.values
    point.step = outcome.next
    if (outcome.finished) break
  }
  return point
}
