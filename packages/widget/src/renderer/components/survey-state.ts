/**
 * A shown survey's state: where the respondent is, what they answered and the way back (`useSurveyState`),
 * and what submitting a page or going back does with it (`usePage`).
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import type { RenderSurveyOptions } from '../../shared/protocol'
import { languageCode, resolveLanguage } from '../i18n'
import { initialValues } from '../logic'
import type { Flow, Page } from '../next-step'
import { firstStep, nextStep, pagesOf, resumeStep } from '../next-step'
import { isSupported } from '../questions'
import type { ResponseUpdate, Resumed } from '../response-saver'
import type { Answer, Question, ResponseData, Variables } from '../types'
import type { AnswerState, ValidationError } from '../validation'
import { validateAnswer } from '../validation'
import { hasOwn, now, pageRecord, redirectAfter } from './survey-parts'

/** Answers being edited on the page, by element id, with what their component knows of them. */
export type Drafts = Record<string, { value: Answer; state?: AnswerState }>

/** The first answer of the page that cannot be submitted, and why. */
export interface PageError {
  at: string
  problem: ValidationError
}

export function useSurveyState(survey: RenderSurveyOptions['survey'], flow: Flow, hidden: ResponseData, requested: string | undefined) {
  const [lang, setLang] = useState(() => resolveLanguage(survey, requested))
  const [step, setStep] = useState<string | undefined>(() => firstStep(flow))
  const [finished, setFinished] = useState(false)
  const [data, setData] = useState<ResponseData>(() => ({ ...hidden }))
  const [drafts, setDrafts] = useState<Drafts>({})
  const [values, setValues] = useState<Variables>(() => initialValues(flow.variables))
  const [requiredBy, setRequiredBy] = useState<Record<string, string[]>>({})
  const [error, setError] = useState<PageError | undefined>(undefined)
  const history = useRef<{ id: string; values: Variables }[]>([])
  const ttc = useRef<Record<string, number>>({})
  const hiddenSent = useRef(false)
  /** The last move was back: a prefilled page shown again is not passed over. */
  const wentBack = useRef(false)

  /** An unfinished response of this survey kept on this device goes on where it stopped, answers filled in. */
  const resume = (resumed: Resumed | undefined) => {
    const point = resumed && resumeStep(flow, resumed.answered.data, initialValues(flow.variables))
    if (!resumed || !point?.step) return
    history.current = point.history
    ttc.current = { ...resumed.answered.ttc }
    hiddenSent.current = true
    setData({ ...hidden, ...resumed.answered.data })
    setValues(point.values)
    setRequiredBy(point.requiredBy)
    if (resumed.answered.language) setLang(resolveLanguage(survey, resumed.answered.language))
    setStep(point.step)
  }

  return {
    lang,
    setLang,
    step,
    setStep,
    finished,
    setFinished,
    data,
    setData,
    drafts,
    setDrafts,
    values,
    setValues,
    requiredBy,
    setRequiredBy,
    error,
    setError,
    history,
    ttc,
    hiddenSent,
    wentBack,
    resume,
  }
}

export type SurveyState = ReturnType<typeof useSurveyState>

export interface PageOptions {
  options: RenderSurveyOptions
  flow: Flow
  state: SurveyState
  hidden: ResponseData
  prefill: ResponseData
  appUrl: string
  /** When the step was shown, for the time spent on it. */
  shownAt: { current: number }
  save(update: ResponseUpdate, step?: string): Promise<boolean>
  /** Leaves for a redirect ending once `saved` says the answers are kept. */
  redirect(target: string, saved: Promise<boolean>): void
}

/** The current page, its answers as they stand, and what submitting it or going back does. */
export function usePage({ options, flow, state, hidden, prefill, appUrl, shownAt, save, redirect }: PageOptions) {
  const { step, finished, data, drafts, values, requiredBy, lang } = state
  const page = pagesOf(flow).find((p) => p.id === step)
  const isRequired = (q: Question) =>
    isSupported(q) && (q.required !== false || Object.values(requiredBy).some((ids) => ids.includes(q.id)))
  const currentValue = (q: Question) => {
    const draft = drafts[q.id]
    return draft ? draft.value : hasOwn(data, q.id) ? data[q.id] : hasOwn(prefill, q.id) ? prefill[q.id] : undefined
  }

  // `skipPrefilled`: a page reached going forward whose every element has a prefilled answer (and none an answer
  // of the respondent's) is submitted with them at once; it stays on screen, with the error shown, when one of
  // them cannot be submitted.
  useEffect(() => {
    if (!options.skipPrefilled || !page || state.wentBack.current || finished) return
    if (!page.elements.every((q) => hasOwn(prefill, q.id) && !hasOwn(data, q.id) && !hasOwn(drafts, q.id))) return
    submitPage(page, pageAnswers(page))
  }, [step])

  /** Submits the page with these answers (by element id): each is validated, the first at fault is shown. */
  function submitPage(p: Page, raws: Record<string, Answer | undefined>) {
    state.wentBack.current = false
    for (const q of p.elements) {
      const problem = validateAnswer(q, raws[q.id], isRequired(q), drafts[q.id]?.state)
      if (problem) {
        state.setError({ at: q.id, problem })
        return
      }
    }
    state.setError(undefined)
    const { answers, times } = pageRecord(p, raws, lang, state.ttc.current, now() - shownAt.current)
    const nextData = { ...data, ...answers }
    const outcome = nextStep(flow, p.id, nextData, values)
    state.history.current.push({ id: p.id, values })
    state.setRequiredBy((current) => ({ ...current, [p.id]: outcome.requiredIds }))
    state.setData(nextData)
    state.setValues(outcome.values)
    const first = !state.hiddenSent.current
    state.hiddenSent.current = true
    const saved = save(
      {
        data: first ? { ...hidden, ...answers } : answers,
        ttc: times,
        variables: outcome.values,
        finished: outcome.finished,
        language: languageCode(options.survey, lang),
        ...(outcome.endingId ? { endingId: outcome.endingId } : {}),
      },
      outcome.next,
    )
    state.setStep(outcome.next)
    if (!outcome.finished) return
    state.setFinished(true)
    const target = redirectAfter(flow, options.survey, outcome.endingId, appUrl)
    if (target) redirect(target, saved)
  }

  /** The page's answers as they stand, `override` for one element (a CTA's button). */
  function pageAnswers(p: Page, override?: { id: string; value: Answer }): Record<string, Answer | undefined> {
    const raws: Record<string, Answer | undefined> = {}
    for (const q of p.elements) raws[q.id] = override?.id === q.id ? override.value : currentValue(q)
    return raws
  }

  function back() {
    const previous = state.history.current.pop()
    if (!previous) return
    state.wentBack.current = true
    state.setValues(previous.values)
    state.setRequiredBy(({ [previous.id]: _dropped, ...rest }) => rest)
    state.setError(undefined)
    state.setStep(previous.id)
  }

  return { page, isRequired, currentValue, submitPage, pageAnswers, back }
}
