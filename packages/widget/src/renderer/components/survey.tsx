/**
 * One shown survey, from the first card to the ending: keeps the answers, the time spent on each question,
 * the variables and the way back (`survey-state.ts`); asks `next-step.ts` where to go and `validation.ts`
 * whether an answer may be submitted; records the display and saves the response after every page
 * (`survey-saving.ts`). A page is a block: its elements are shown together and submitted with one button,
 * each validated (`step-content.tsx`).
 */
import type { RefObject } from 'preact'
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks'
import type { Endpoint } from '../../shared/client-api'
import type { RenderSurveyOptions } from '../../shared/protocol'
import { languageCode, localize, surveyLanguages } from '../i18n'
import { WELCOME, nextStep, progress } from '../next-step'
import { recall } from '../recall'
import type { Theme } from '../theme'
import type { WelcomeCard as WelcomeSettings } from '../types'
import type { UiKey } from '../ui-text'
import { uiText } from '../ui-text'
import type { PageContext } from './step-content'
import { StepContent } from './step-content'
import { SurveyCard } from './survey-card'
import { cssId, embeddedValues, focusStep, hiddenFieldValues, idsOf, now, prefillValues, toFlow } from './survey-parts'
import { renderEnv, useOffline, useSaving } from './survey-saving'
import type { PageError } from './survey-state'
import { usePage, useSurveyState } from './survey-state'

export interface SurveyProps {
  options: RenderSurveyOptions
  theme: Theme
  /** Removes the survey (its close button, Escape, a click outside, `autoClose`). */
  onClose(): void
}

export function Survey({ options, theme, onClose: close }: SurveyProps) {
  const survey = options.survey
  const modal = options.mode === 'modal'
  const endpoint: Endpoint = useMemo(() => ({ appUrl: options.appUrl.replace(/\/+$/, ''), environmentId: options.environmentId }), [])
  const flow = useMemo(() => toFlow(survey), [survey])
  const languages = useMemo(() => surveyLanguages(survey), [survey])
  const hidden = useMemo(() => ({ ...embeddedValues(flow, options.embeddedData), ...hiddenFieldValues(survey, options.hiddenFields) }), [])
  const prefill = useMemo(() => prefillValues(flow, options.prefillResponseData), [])
  const prefix = useId()
  const state = useSurveyState(survey, flow, hidden, options.languageCode)
  const { lang, step, finished, data, values, error } = state
  const [busy, setBusy] = useState(false)
  const stepRef = useRef<HTMLDivElement>(null)
  const interacted = useRef(false)

  const code = languageCode(survey, lang)
  const locale = code === 'default' ? 'en' : code
  const t = (key: UiKey, vars?: Record<string, string | number>) => uiText(locale, key, vars)
  const recalled = (text: string) => recall(text, data, values, locale)

  const saving = useSaving(options, endpoint, flow, state, close)
  const offline = useOffline()
  // A respondent who closes the survey chose to stop: the core does not show it again by itself to resume it.
  const onClose = () => {
    saving.saver.dismiss()
    close()
  }
  const env = useMemo(() => renderEnv(options, endpoint, saving.saver), [])

  const shownAt = useStepFocus(stepRef, prefix, step, finished, error)

  // A modal survey nobody touches closes after `autoClose` seconds.
  useEffect(() => {
    const seconds = typeof survey.autoClose === 'number' ? survey.autoClose : 0
    if (!modal || seconds <= 0) return
    const timer = setTimeout(() => {
      if (!interacted.current) onClose()
    }, seconds * 1000)
    return () => clearTimeout(timer)
  }, [])

  const { page, isRequired, currentValue, submitPage, pageAnswers, back } = usePage({
    options,
    flow,
    state,
    hidden,
    prefill,
    appUrl: endpoint.appUrl,
    shownAt,
    save: (update, next) => saving.saver.save(update, next),
    redirect: saving.redirect,
  })

  // The card is labelled by the page's first headline (or the welcome card's, or the ending's).
  const ids = idsOf(prefix, page?.elements[0]?.id ?? step ?? 'end')
  const canGoBack = !survey.isBackButtonHidden && state.history.current.length > 0 && page !== undefined
  const ctx: PageContext = {
    prefix,
    lang,
    locale,
    t,
    env,
    error,
    busy,
    setBusy,
    back: canGoBack ? { label: localize(page?.backButtonLabel, lang) || t('back'), onBack: back } : undefined,
    recalled,
    isRequired,
    currentValue,
    onDraft: (id, next, answerState) => {
      interacted.current = true
      state.setDrafts((current) => ({ ...current, [id]: { value: next, ...(answerState ? { state: answerState } : {}) } }))
      if (error) state.setError(undefined)
    },
    submit: (p, override) => submitPage(p, pageAnswers(p, override)),
  }

  return (
    <SurveyCard
      theme={theme}
      modal={modal}
      finished={finished}
      languages={survey.showLanguageSwitch === true && languages.length > 1 && !finished ? languages : undefined}
      lang={lang}
      onLanguage={state.setLang}
      t={t}
      prefix={prefix}
      headlineId={ids.headline}
      failure={saving.failure}
      keptOffline={saving.waiting || offline}
      progress={finished ? 1 : progress(flow, step)}
      stepRef={stepRef}
      onInteract={() => (interacted.current = true)}
      onRetry={() => void saving.retry()}
      onClose={onClose}
    >
      {saving.loaded ? (
        <StepContent
          ctx={ctx}
          flow={flow}
          step={step}
          page={page}
          ending={flow.endings.find((e) => e.id === step)}
          welcomeCard={survey.welcomeCard as WelcomeSettings}
          headlineId={ids.headline}
          redirectTo={saving.redirectTo}
          onStart={() => state.setStep(nextStep(flow, WELCOME, data, values).next)}
        />
      ) : null}
    </SurveyCard>
  )
}

/**
 * A new step starts its clock and takes the focus, and an answer that cannot be submitted takes it too; the
 * clock of the step on screen.
 */
function useStepFocus(
  stepRef: RefObject<HTMLDivElement | null>,
  prefix: string,
  step: string | undefined,
  finished: boolean,
  error: PageError | undefined,
) {
  const shownAt = useRef(now())
  const firstRender = useRef(true)
  // A new step starts its clock and, once the respondent is under way, takes the focus (before any further
  // key press, which would otherwise land on the step that left).
  useLayoutEffect(() => {
    shownAt.current = now()
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    focusStep(stepRef.current)
  }, [step, finished])

  // An answer that cannot be submitted: the focus goes to the input at fault.
  useLayoutEffect(() => {
    if (!error) return
    const root = stepRef.current
    const target =
      root?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      root?.querySelector<HTMLElement>(`#${cssId(idsOf(prefix, error.at).input)}`)
    target?.focus()
  }, [error])
  return shownAt
}
