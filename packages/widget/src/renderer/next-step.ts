/**
 * Where a survey goes: the first step (the welcome card or the first question), the step after an answered
 * question (the logic's jump, else the question's `logicFallback`, else the next question, else the first
 * ending), and how far along a step is.
 */
import type { LogicContext } from './logic'
import { runLogic } from './logic'
import type { Ending, Question, ResponseData, SurveyVariable, Variables } from './types'

/** The welcome card's step id (also reserved as a question id by the server). */
export const WELCOME = 'start'

export interface Flow {
  questions: readonly Question[]
  endings: readonly Ending[]
  variables: readonly SurveyVariable[]
  welcomeEnabled: boolean
}

export interface NextStep {
  /** A question id, an ending id, or undefined for the built-in end screen. */
  next: string | undefined
  /** True when `next` is no question: the response is finished with this answer. */
  finished: boolean
  /** The ending shown, when `next` is one. */
  endingId: string | undefined
  /** Variables after the logic's calculations. */
  values: Variables
  /** Questions the logic made required. */
  requiredIds: string[]
}

/** The step a survey opens on. */
export function firstStep(flow: Flow): string | undefined {
  if (flow.welcomeEnabled) return WELCOME
  return flow.questions[0]?.id ?? flow.endings[0]?.id
}

/** The step after `currentId` was answered with the answers in `data` (this answer included). */
export function nextStep(flow: Flow, currentId: string, data: ResponseData, values: Variables): NextStep {
  const firstEnding = flow.endings[0]?.id
  const done = (next: string | undefined, outcome: { values: Variables; requiredIds: string[] }): NextStep => {
    const isQuestion = next !== undefined && flow.questions.some((question) => question.id === next)
    const ending = isQuestion ? undefined : flow.endings.find((e) => e.id === next)
    return { next: isQuestion ? next : ending?.id, finished: !isQuestion, endingId: ending?.id, ...outcome }
  }
  if (currentId === WELCOME) return done(flow.questions[0]?.id ?? firstEnding, { values, requiredIds: [] })
  const index = flow.questions.findIndex((question) => question.id === currentId)
  const question = flow.questions[index]
  if (!question) return done(firstEnding, { values, requiredIds: [] })
  const ctx: LogicContext = { questions: flow.questions, variables: flow.variables, data, values }
  const outcome = runLogic(question, ctx)
  const known = (id: string | undefined) =>
    id !== undefined && (flow.questions.some((q) => q.id === id) || flow.endings.some((e) => e.id === id))
  // `end` is the first logic's way of saying "finish here".
  const jump = outcome.jumpTarget === 'end' ? (firstEnding ?? 'end') : outcome.jumpTarget
  let next: string | undefined
  if (jump === 'end') next = undefined
  else if (known(jump)) next = jump
  else if (known(question.logicFallback)) next = question.logicFallback
  else next = flow.questions[index + 1]?.id ?? firstEnding
  return done(next, { values: outcome.values, requiredIds: outcome.requiredIds })
}

/** How far along `stepId` is, from 0 (welcome, first question) to 1 (an ending). */
export function progress(flow: Flow, stepId: string | undefined): number {
  if (stepId === WELCOME) return 0
  const index = flow.questions.findIndex((question) => question.id === stepId)
  if (index === -1) return 1
  return flow.questions.length === 0 ? 1 : index / flow.questions.length
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
