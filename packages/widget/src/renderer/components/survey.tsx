/**
 * One shown survey, from the first card to the ending: keeps the answers, the time spent on each question,
 * the variables and the way back; asks `next-step.ts` where to go and `validation.ts` whether an answer may
 * be submitted; records the display and saves the response after every answer (`response-saver.ts`).
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks'
import type { RenderSurveyOptions } from '../../shared/protocol'
import { createDisplay, uploadFile } from '../../shared/client-api'
import type { Endpoint } from '../../shared/client-api'
import { addTime, storedAnswer } from '../answers'
import { languageCode, localize, resolveLanguage, surveyLanguages } from '../i18n'
import { initialValues } from '../logic'
import type { Flow } from '../next-step'
import { WELCOME, firstStep, nextStep, progress } from '../next-step'
import { isSupported, questionView } from '../questions'
import type { QuestionProps, RenderEnv } from '../questions/question-props'
import { recall } from '../recall'
import type { SaveFailure } from '../response-saver'
import { createResponseSaver } from '../response-saver'
import type { Theme } from '../theme'
import type { Answer, Ending, Question, ResponseData, SurveyVariable, Variables, WelcomeCard as WelcomeSettings } from '../types'
import type { UiKey } from '../ui-text'
import { uiText } from '../ui-text'
import type { AnswerState, ValidationError } from '../validation'
import { validateAnswer } from '../validation'
import { ActionRow, PrimaryButton, SecondaryButton } from './buttons'
import { EndingCard } from './ending-card'
import { LanguageSwitch } from './language-switch'
import { ProgressBar } from './progress-bar'
import { QuestionFrame } from './question-frame'
import { WelcomeCard } from './welcome-card'

export interface SurveyProps {
  options: RenderSurveyOptions
  theme: Theme
  /** Removes the survey (its close button, Escape, a click outside, `autoClose`). */
  onClose(): void
}

export function Survey({ options, theme, onClose }: SurveyProps) {
  const survey = options.survey
  const modal = options.mode === 'modal'
  const endpoint: Endpoint = useMemo(() => ({ appUrl: options.appUrl.replace(/\/+$/, ''), environmentId: options.environmentId }), [])
  const flow = useMemo(() => toFlow(survey), [survey])
  const languages = useMemo(() => surveyLanguages(survey), [survey])
  const hidden = useMemo(() => ({ ...embeddedValues(flow, options.embeddedData), ...hiddenFieldValues(survey, options.hiddenFields) }), [])
  const prefix = useId()

  const [lang, setLang] = useState(() => resolveLanguage(survey, options.languageCode))
  const [step, setStep] = useState<string | undefined>(() => firstStep(flow))
  const [finished, setFinished] = useState(false)
  const [data, setData] = useState<ResponseData>(() => ({ ...hidden }))
  const [drafts, setDrafts] = useState<Record<string, { value: Answer; state?: AnswerState }>>({})
  const [values, setValues] = useState<Variables>(() => initialValues(flow.variables))
  const [requiredBy, setRequiredBy] = useState<Record<string, string[]>>({})
  const [error, setError] = useState<ValidationError | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<SaveFailure | undefined>(undefined)
  const [redirectTo, setRedirectTo] = useState<string | undefined>(undefined)
  const history = useRef<{ id: string; values: Variables }[]>([])
  const ttc = useRef<Record<string, number>>({})
  const shownAt = useRef(now())
  const hiddenSent = useRef(false)
  const stepRef = useRef<HTMLDivElement>(null)
  const firstRender = useRef(true)
  const interacted = useRef(false)

  const code = languageCode(survey, lang)
  const locale = code === 'default' ? 'en' : code
  const t = (key: UiKey, vars?: Record<string, string | number>) => uiText(locale, key, vars)
  const recalled = (text: string) => recall(text, data, values, locale)

  // The display is recorded once; the first save waits for its id so the response links to it.
  const display = useMemo(() => {
    let settle: (id: string | undefined) => void = () => {}
    const promise = new Promise<string | undefined>((resolve) => (settle = resolve))
    return { promise, settle }
  }, [])
  const saver = useMemo(
    () =>
      createResponseSaver({
        endpoint,
        surveyId: survey.id,
        ...(options.userId ? { userId: options.userId } : {}),
        ...(options.singleUseId ? { singleUseId: options.singleUseId } : {}),
        ...(options.pinAuthToken ? { pinAuthToken: options.pinAuthToken } : {}),
        ...(options.meta ? { meta: options.meta } : {}),
        displayId: display.promise,
        onSaved: (responseId, done) => options.callbacks?.onResponse?.({ responseId, finished: done }),
        // A full quota ended the response: its ending is shown (or followed, for a redirect), whatever comes next.
        onQuotaEnded: (endingId) => {
          const quotaEnding = flow.endings.find((e) => e.id === endingId)
          setStep(endingId)
          setFinished(true)
          const target = quotaEnding?.type === 'redirectToUrl' ? resolveUrl(quotaEnding.url, endpoint.appUrl) : undefined
          if (target) {
            setRedirectTo(target)
            leave(target)
          }
        },
        onFailure: setFailure,
      }),
    [],
  )
  useEffect(() => {
    createDisplay(endpoint, { surveyId: survey.id, ...(options.userId ? { userId: options.userId } : {}) }).then((result) => {
      const id = result.ok ? result.data.id : undefined
      display.settle(id)
      options.callbacks?.onDisplay?.(id)
    })
  }, [])

  const env: RenderEnv = useMemo(
    () => ({
      resolveUrl: (url) => resolveUrl(url, endpoint.appUrl),
      async upload(file, allowedFileExtensions) {
        const result = await uploadFile(endpoint, {
          file,
          fileName: file.name,
          fileType: file.type || 'application/octet-stream',
          surveyId: survey.id,
          ...(allowedFileExtensions?.length ? { allowedFileExtensions } : {}),
        })
        return result.ok ? { ok: true, url: result.data.fileUrl } : { ok: false }
      },
    }),
    [],
  )

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
    const target = root?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? root?.querySelector<HTMLElement>(`#${cssId(idsOf(prefix, step ?? '').input)}`)
    target?.focus()
  }, [error])

  // A modal survey nobody touches closes after `autoClose` seconds.
  useEffect(() => {
    const seconds = typeof survey.autoClose === 'number' ? survey.autoClose : 0
    if (!modal || seconds <= 0) return
    const timer = setTimeout(() => {
      if (!interacted.current) onClose()
    }, seconds * 1000)
    return () => clearTimeout(timer)
  }, [])

  const question = flow.questions.find((q) => q.id === step)
  const ending = flow.endings.find((e) => e.id === step)
  const isRequired = (q: Question) => isSupported(q) && (q.required !== false || Object.values(requiredBy).some((ids) => ids.includes(q.id)))

  function answer(q: Question, raw: Answer | undefined) {
    const required = isRequired(q)
    const problem = validateAnswer(q, raw, required, drafts[q.id]?.state)
    if (problem) {
      setError(problem)
      return
    }
    setError(undefined)
    const value = storedAnswer(q, raw, lang)
    ttc.current[q.id] = addTime(ttc.current[q.id], now() - shownAt.current)
    const nextData = { ...data, [q.id]: value }
    const outcome = nextStep(flow, q.id, nextData, values)
    history.current.push({ id: q.id, values })
    setRequiredBy((current) => ({ ...current, [q.id]: outcome.requiredIds }))
    setData(nextData)
    setValues(outcome.values)
    const first = !hiddenSent.current
    hiddenSent.current = true
    const saved = saver.save({
      data: first ? { ...hidden, [q.id]: value } : { [q.id]: value },
      ttc: { [q.id]: ttc.current[q.id] as number },
      variables: outcome.values,
      finished: outcome.finished,
      language: code,
      ...(outcome.endingId ? { endingId: outcome.endingId } : {}),
    })
    setStep(outcome.next)
    if (!outcome.finished) return
    setFinished(true)
    const endingAfter = flow.endings.find((e) => e.id === outcome.endingId)
    const redirect =
      endingAfter?.type === 'redirectToUrl' ? endingAfter.url : !endingAfter && flow.endings.length === 0 ? (survey.redirectUrl ?? undefined) : undefined
    const target = resolveUrl(redirect, endpoint.appUrl)
    if (target) {
      setRedirectTo(target)
      void saved.then((ok) => ok && leave(target))
    }
  }

  function back() {
    const previous = history.current.pop()
    if (!previous) return
    setValues(previous.values)
    setRequiredBy(({ [previous.id]: _dropped, ...rest }) => rest)
    setError(undefined)
    setStep(previous.id)
  }

  async function retry() {
    const ok = await saver.retry()
    if (ok && redirectTo) leave(redirectTo)
  }

  function leave(url: string) {
    options.callbacks?.onClose?.()
    window.location.assign(url)
  }

  const ids = idsOf(prefix, step ?? 'end')
  const canGoBack = !survey.isBackButtonHidden && history.current.length > 0 && question !== undefined
  const backControl = canGoBack ? { label: localize(question?.backButtonLabel, lang) || t('back'), onBack: back } : undefined

  let content
  if (step === WELCOME) {
    content = (
      <WelcomeCard
        card={survey.welcomeCard as WelcomeSettings}
        questions={flow.questions}
        lang={lang}
        headlineId={ids.headline}
        env={env}
        t={t}
        recall={recalled}
        onStart={() => setStep(nextStep(flow, WELCOME, data, values).next)}
      />
    )
  } else if (question) {
    const view = questionView(question)
    const draft = drafts[question.id]
    const value = draft ? draft.value : data[question.id]
    const required = isRequired(question)
    const describedBy = [question.subheader && localize(question.subheader, lang) ? ids.description : '', error ? ids.error : ''].filter(Boolean).join(' ') || undefined
    const isLast = nextIsEnd(flow, question)
    const submitLabel = localize(question.buttonLabel, lang) || t(isLast ? 'finish' : 'next')
    const props: QuestionProps = {
      question,
      value,
      onChange: (next, state) => {
        interacted.current = true
        setDrafts((current) => ({ ...current, [question.id]: { value: next, ...(state ? { state } : {}) } }))
        if (error) setError(undefined)
      },
      lang,
      locale,
      t,
      ids,
      describedBy: describedBy as string,
      error,
      required,
      env,
      submitWith: (next) => answer(question, next),
      setBusy,
      renderActions: (extra = {}) => (
        <ActionRow back={backControl}>
          {extra.extra}
          <PrimaryButton
            label={extra.primaryLabel ?? submitLabel}
            type={extra.onPrimary ? 'button' : 'submit'}
            onClick={extra.onPrimary}
            disabled={busy}
          />
        </ActionRow>
      ),
    }
    content = (
      <QuestionFrame
        key={question.id}
        headline={recalled(localize(question.headline, lang))}
        subheader={recalled(localize(question.subheader, lang))}
        imageUrl={question.imageUrl}
        videoUrl={question.videoUrl}
        required={required}
        error={error}
        ids={ids}
        t={t}
        env={env}
        back={backControl}
        submitLabel={submitLabel}
        busy={busy}
        onSubmit={() => answer(question, value)}
        ownsActions={view.ownsActions}
      >
        <view.view {...props} />
      </QuestionFrame>
    )
  } else {
    content = <EndingCard ending={ending} lang={lang} headlineId={ids.headline} env={env} t={t} recall={recalled} redirectTo={redirectTo} />
  }

  const showLanguages = survey.showLanguageSwitch === true && languages.length > 1 && !finished
  const card = (
    <div class={`cv-stack cv-arr-${theme.cardArrangement}`}>
      {theme.cardArrangement !== 'simple' && !finished ? (
        <>
          <div class="cv-back-card" aria-hidden="true" />
          <div class="cv-back-card" aria-hidden="true" />
        </>
      ) : null}
      <div
        class="cv-card"
        role={modal ? 'dialog' : undefined}
        aria-modal={modal && theme.overlay !== 'none' ? true : undefined}
        aria-labelledby={modal ? ids.headline : undefined}
        onKeyDown={(event) => {
          interacted.current = true
          if (modal && event.key === 'Escape') onClose()
        }}
        onPointerDown={() => (interacted.current = true)}
      >
        <div class="cv-top">
          {showLanguages ? (
            <LanguageSwitch languages={languages} value={lang} label={t('language')} id={`${prefix}-language`} onChange={setLang} />
          ) : null}
          {modal ? (
            <button type="button" class="cv-icon-btn" aria-label={t('close')} onClick={onClose}>
              ×
            </button>
          ) : null}
        </div>
        {failure ? (
          <div class="cv-banner" role="alert">
            <span>{failure === 'used' ? t('alreadyAnswered') : failure === 'closed' ? t('closed') : t('saveFailed')}</span>
            {failure === 'network' || failure === 'rejected' ? <SecondaryButton small label={t('retry')} onClick={() => void retry()} /> : null}
          </div>
        ) : null}
        <div class="cv-body" ref={stepRef}>
          {content}
        </div>
        {theme.hideProgressBar ? null : <ProgressBar value={finished ? 1 : progress(flow, step)} label={t('progress')} />}
      </div>
    </div>
  )

  if (!modal) return <div class="cv-root cv-page">{card}</div>
  return (
    <div class={`cv-root cv-modal cv-place-${theme.placement}`}>
      {theme.overlay !== 'none' ? (
        <div class={`cv-backdrop cv-overlay-${theme.overlay}`} aria-hidden="true" onClick={theme.clickOutsideClose ? onClose : undefined} />
      ) : null}
      {card}
    </div>
  )
}

function toFlow(survey: RenderSurveyOptions['survey']): Flow {
  const welcome = survey.welcomeCard as WelcomeSettings | undefined
  return {
    questions: (Array.isArray(survey.questions) ? survey.questions : []) as Question[],
    endings: (Array.isArray(survey.endings) ? survey.endings : []) as Ending[],
    variables: (Array.isArray(survey.variables) ? survey.variables : []) as SurveyVariable[],
    welcomeEnabled: welcome?.enabled === true,
  }
}

/** Whether answering `question` ends the survey when no logic says otherwise (its button says "Finish"). */
function nextIsEnd(flow: Flow, question: Question): boolean {
  const index = flow.questions.indexOf(question)
  return index === flow.questions.length - 1 && !(question.logic?.length || question.logicFallback)
}

/** The hidden fields the survey lists, with the values the caller gave for them. */
function hiddenFieldValues(survey: RenderSurveyOptions['survey'], given: RenderSurveyOptions['hiddenFields']): ResponseData {
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
function embeddedValues(flow: Flow, given: RenderSurveyOptions['embeddedData']): ResponseData {
  if (!given) return {}
  const values: ResponseData = {}
  for (const [key, value] of Object.entries(given)) {
    if (flow.questions.some((question) => question.id === key)) continue
    if (typeof value === 'string' || typeof value === 'number') values[key] = value
    else if (typeof value === 'boolean') values[key] = String(value)
  }
  return values
}

function idsOf(prefix: string, stepId: string) {
  const base = `${prefix}-${stepId}`
  return { headline: `${base}-headline`, description: `${base}-description`, error: `${base}-error`, input: `${base}-input` }
}

/** A URL of the survey made absolute against the server; only http and https are ever used. */
function resolveUrl(url: string | null | undefined, appUrl: string): string | undefined {
  if (!url) return undefined
  try {
    const resolved = new URL(url, `${appUrl}/`)
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : undefined
  } catch {
    return undefined
  }
}

/** The first thing to work with in a new step: a control marked for it, the first input, else the headline. */
function focusStep(root: HTMLElement | null) {
  if (!root) return
  const target =
    root.querySelector<HTMLElement>('[data-autofocus]') ??
    root.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled]), textarea, select') ??
    root.querySelector<HTMLElement>('h2')
  target?.focus({ preventScroll: false })
}

const cssId = (id: string) => (typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(id) : id)
const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now())
