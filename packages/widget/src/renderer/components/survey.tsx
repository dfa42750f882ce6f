/**
 * One shown survey, from the first card to the ending: keeps the answers, the time spent on each question,
 * the variables and the way back; asks `next-step.ts` where to go and `validation.ts` whether an answer may
 * be submitted; records the display and saves the response after every page (`response-saver.ts`). A page
 * is a block: its elements are shown together and submitted with one button, each validated.
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks'
import type { RenderSurveyOptions } from '../../shared/protocol'
import { uploadFile } from '../../shared/client-api'
import type { Endpoint } from '../../shared/client-api'
import { addTime, storedAnswer } from '../answers'
import { ENDING_CLOSE_MS, closesAfterEnding } from '../ending-close'
import { languageCode, localize, resolveLanguage, surveyLanguages } from '../i18n'
import { initialValues } from '../logic'
import type { Flow, Page } from '../next-step'
import { WELCOME, firstStep, nextStep, pagesOf, progress, resumeStep } from '../next-step'
import { isSupported, questionView } from '../questions'
import type { QuestionProps, RenderEnv } from '../questions/question-props'
import { recall } from '../recall'
import type { SaveFailure } from '../response-saver'
import { createResponseSaver, saveFailure } from '../response-saver'
import { PREVIEW_RESPONSE_ID, createPreviewSaver } from '../preview-saver'
import type { Theme } from '../theme'
import type { Answer, Block, Ending, Question, ResponseData, SurveyVariable, Variables, WelcomeCard as WelcomeSettings } from '../types'
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

export function Survey({ options, theme, onClose: close }: SurveyProps) {
  const survey = options.survey
  const modal = options.mode === 'modal'
  const endpoint: Endpoint = useMemo(() => ({ appUrl: options.appUrl.replace(/\/+$/, ''), environmentId: options.environmentId }), [])
  const flow = useMemo(() => toFlow(survey), [survey])
  const languages = useMemo(() => surveyLanguages(survey), [survey])
  const hidden = useMemo(() => ({ ...embeddedValues(flow, options.embeddedData), ...hiddenFieldValues(survey, options.hiddenFields) }), [])
  const prefill = useMemo(() => prefillValues(flow, options.prefillResponseData), [])
  const prefix = useId()

  const [lang, setLang] = useState(() => resolveLanguage(survey, options.languageCode))
  const [step, setStep] = useState<string | undefined>(() => firstStep(flow))
  const [finished, setFinished] = useState(false)
  const [data, setData] = useState<ResponseData>(() => ({ ...hidden }))
  const [drafts, setDrafts] = useState<Record<string, { value: Answer; state?: AnswerState }>>({})
  const [values, setValues] = useState<Variables>(() => initialValues(flow.variables))
  const [requiredBy, setRequiredBy] = useState<Record<string, string[]>>({})
  /** The first answer of the page that cannot be submitted, and why. */
  const [error, setError] = useState<{ at: string; problem: ValidationError } | undefined>(undefined)
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
  /** The last move was back: a prefilled page shown again is not passed over. */
  const wentBack = useRef(false)
  /** The survey leaves the page for a redirect ending: it does not close itself after it. */
  const redirecting = useRef(false)
  const endingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const code = languageCode(survey, lang)
  const locale = code === 'default' ? 'en' : code
  const t = (key: UiKey, vars?: Record<string, string | number>) => uiText(locale, key, vars)
  const recalled = (text: string) => recall(text, data, values, locale)

  // A respondent who closes the survey chose to stop: the core does not show it again by itself to resume it.
  const onClose = () => {
    saver.dismiss()
    close()
  }
  const [waiting, setWaiting] = useState(false)
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && navigator.onLine === false)
  // The display and every answer go through the outbox: kept on this device until the server has them.
  // A preview (a link page's `?preview=` token) sends nothing: `preview-saver.ts`.
  const saver = useMemo(
    () =>
      (options.preview ? createPreviewSaver : createResponseSaver)({
        endpoint,
        surveyId: survey.id,
        ...(options.userId ? { userId: options.userId } : {}),
        ...(options.contactId ? { contactId: options.contactId } : {}),
        ...(options.singleUseId ? { singleUseId: options.singleUseId } : {}),
        ...(options.pinAuthToken ? { pinAuthToken: options.pinAuthToken } : {}),
        ...(options.meta ? { meta: options.meta } : {}),
        ...(options.resumeDays !== undefined ? { resumeDays: options.resumeDays } : {}),
        onDisplay: (id) => options.callbacks?.onDisplay?.(id),
        onWaiting: setWaiting,
        onSaved: (responseId, done) => {
          options.callbacks?.onResponse?.({ responseId, finished: done })
          // A finished modal survey shows its ending for a few seconds, then closes itself (see ../ending-close.ts).
          if (done && endingTimer.current === undefined) {
            endingTimer.current = setTimeout(() => {
              if (closesAfterEnding(modal ? 'modal' : 'page', redirecting.current)) close()
            }, ENDING_CLOSE_MS)
          }
        },
        // A full quota ended the response: its ending is shown (or followed, for a redirect), whatever comes next.
        onQuotaEnded: (endingId) => {
          const quotaEnding = flow.endings.find((e) => e.id === endingId)
          setStep(endingId)
          setFinished(true)
          const target = quotaEnding?.type === 'redirectToUrl' ? resolveUrl(quotaEnding.url, endpoint.appUrl) : undefined
          if (target) {
            redirecting.current = true
            setRedirectTo(target)
            leave(target)
          }
        },
        onFailure: setFailure,
      }),
    [],
  )
  // An unfinished response of this survey kept on this device goes on where it stopped, answers filled in.
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    saver.display()
    void saver.ready.then((resumed) => {
      const point = resumed && resumeStep(flow, resumed.answered.data, initialValues(flow.variables))
      if (resumed && point?.step) {
        history.current = point.history
        ttc.current = { ...resumed.answered.ttc }
        hiddenSent.current = true
        setData({ ...hidden, ...resumed.answered.data })
        setValues(point.values)
        setRequiredBy(point.requiredBy)
        if (resumed.answered.language) setLang(resolveLanguage(survey, resumed.answered.language))
        setStep(point.step)
      }
      setLoaded(true)
    })
    const online = () => setOffline(false)
    const gone = () => setOffline(true)
    window.addEventListener('online', online)
    window.addEventListener('offline', gone)
    return () => {
      window.removeEventListener('online', online)
      window.removeEventListener('offline', gone)
      clearTimeout(endingTimer.current)
    }
  }, [])

  const env: RenderEnv = useMemo(
    () => ({
      resolveUrl: (url) => resolveUrl(url, endpoint.appUrl),
      async upload(file, elementId, allowedFileExtensions) {
        // A preview stores nothing, files included: the answer names the file only.
        if (options.preview) return { ok: true, url: `${PREVIEW_RESPONSE_ID}:${file.name}` }
        const result = await uploadFile(endpoint, {
          file,
          fileName: file.name,
          fileType: file.type || 'application/octet-stream',
          surveyId: survey.id,
          elementId,
          ...(allowedFileExtensions?.length ? { allowedFileExtensions } : {}),
        })
        if (result.ok) return { ok: true, url: result.data.fileUrl }
        // Offline (or the server unreachable): the file waits in the outbox and goes before the answer naming it.
        const kept =
          saveFailure(result.status, result.message) === 'network'
            ? await saver.keepFile(file, elementId, allowedFileExtensions)
            : undefined
        return kept ? { ok: true, url: kept } : { ok: false }
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
    const target =
      root?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      root?.querySelector<HTMLElement>(`#${cssId(idsOf(prefix, error.at).input)}`)
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

  const page = pagesOf(flow).find((p) => p.id === step)
  const ending = flow.endings.find((e) => e.id === step)
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
    if (!options.skipPrefilled || !page || wentBack.current || finished) return
    if (!page.elements.every((q) => hasOwn(prefill, q.id) && !hasOwn(data, q.id) && !hasOwn(drafts, q.id))) return
    submitPage(page, pageAnswers(page))
  }, [step])

  /** Submits the page with these answers (by element id): each is validated, the first at fault is shown. */
  function submitPage(p: Page, raws: Record<string, Answer | undefined>) {
    wentBack.current = false
    for (const q of p.elements) {
      const problem = validateAnswer(q, raws[q.id], isRequired(q), drafts[q.id]?.state)
      if (problem) {
        setError({ at: q.id, problem })
        return
      }
    }
    setError(undefined)
    const spent = now() - shownAt.current
    const answers: ResponseData = {}
    const times: Record<string, number> = {}
    for (const q of p.elements) {
      answers[q.id] = storedAnswer(q, raws[q.id], lang)
      // The page's time is each element's: they were answered together.
      const total = addTime(ttc.current[q.id], spent)
      ttc.current[q.id] = total
      times[q.id] = total
    }
    const nextData = { ...data, ...answers }
    const outcome = nextStep(flow, p.id, nextData, values)
    history.current.push({ id: p.id, values })
    setRequiredBy((current) => ({ ...current, [p.id]: outcome.requiredIds }))
    setData(nextData)
    setValues(outcome.values)
    const first = !hiddenSent.current
    hiddenSent.current = true
    const saved = saver.save(
      {
        data: first ? { ...hidden, ...answers } : answers,
        ttc: times,
        variables: outcome.values,
        finished: outcome.finished,
        language: code,
        ...(outcome.endingId ? { endingId: outcome.endingId } : {}),
      },
      outcome.next,
    )
    setStep(outcome.next)
    if (!outcome.finished) return
    setFinished(true)
    const endingAfter = flow.endings.find((e) => e.id === outcome.endingId)
    const redirect =
      endingAfter?.type === 'redirectToUrl'
        ? endingAfter.url
        : !endingAfter && flow.endings.length === 0
          ? (survey.redirectUrl ?? undefined)
          : undefined
    const target = resolveUrl(redirect, endpoint.appUrl)
    if (target) {
      redirecting.current = true
      setRedirectTo(target)
      void saved.then((ok) => ok && leave(target))
    }
  }

  /** The page's answers as they stand, `override` for one element (a CTA's button). */
  function pageAnswers(p: Page, override?: { id: string; value: Answer }): Record<string, Answer | undefined> {
    const raws: Record<string, Answer | undefined> = {}
    for (const q of p.elements) raws[q.id] = override?.id === q.id ? override.value : currentValue(q)
    return raws
  }

  function back() {
    const previous = history.current.pop()
    if (!previous) return
    wentBack.current = true
    setValues(previous.values)
    setRequiredBy(({ [previous.id]: _dropped, ...rest }) => rest)
    setError(undefined)
    setStep(previous.id)
  }

  async function retry() {
    options.callbacks?.onRetry?.()
    const ok = await saver.retry()
    if (ok && redirectTo) leave(redirectTo)
  }

  function leave(url: string) {
    options.callbacks?.onClose?.()
    window.location.assign(url)
  }

  // The card is labelled by the page's first headline (or the welcome card's, or the ending's).
  const ids = idsOf(prefix, page?.elements[0]?.id ?? step ?? 'end')
  const canGoBack = !survey.isBackButtonHidden && history.current.length > 0 && page !== undefined
  const backControl = canGoBack ? { label: localize(page?.backButtonLabel, lang) || t('back'), onBack: back } : undefined

  /** One element of the page; `alone` when it is the page's only one (it then owns the form and buttons). */
  const element = (p: Page, shown: Question, alone: boolean, submitLabel: string) => {
    // A page of one CTA: the page's button label is the CTA's (a question's `buttonLabel` moves to its block).
    const q = alone && shown.type === 'cta' && p.buttonLabel && !shown.buttonLabel ? { ...shown, buttonLabel: p.buttonLabel } : shown
    const view = questionView(q)
    const own = idsOf(prefix, q.id)
    const value = currentValue(q)
    const required = isRequired(q)
    const problem = error?.at === q.id ? error.problem : undefined
    const describedBy =
      [q.subheader && localize(q.subheader, lang) ? own.description : '', problem ? own.error : ''].filter(Boolean).join(' ') || undefined
    const setDraft = (next: Answer, state?: AnswerState) => {
      interacted.current = true
      setDrafts((current) => ({ ...current, [q.id]: { value: next, ...(state ? { state } : {}) } }))
      if (error) setError(undefined)
    }
    const props: QuestionProps = {
      question: q,
      value,
      onChange: setDraft,
      lang,
      locale,
      t,
      ids: own,
      describedBy: describedBy as string,
      error: problem,
      required,
      env,
      // On a page of several elements a CTA's button answers it without leaving the page.
      submitWith: (next) => (alone ? submitPage(p, pageAnswers(p, { id: q.id, value: next })) : setDraft(next)),
      setBusy,
      renderActions: (extra = {}) =>
        alone ? (
          <ActionRow back={backControl}>
            {extra.extra}
            <PrimaryButton
              label={extra.primaryLabel ?? submitLabel}
              type={extra.onPrimary ? 'button' : 'submit'}
              onClick={extra.onPrimary}
              disabled={busy}
            />
          </ActionRow>
        ) : (
          <div class="cv-actions cv-actions-end">
            {extra.extra}
            {extra.onPrimary ? <SecondaryButton label={extra.primaryLabel ?? submitLabel} onClick={extra.onPrimary} /> : null}
          </div>
        ),
    }
    return (
      <QuestionFrame
        key={q.id}
        headline={recalled(localize(q.headline, lang))}
        subheader={recalled(localize(q.subheader, lang))}
        imageUrl={q.imageUrl}
        videoUrl={q.videoUrl}
        required={required}
        error={problem}
        ids={own}
        t={t}
        env={env}
        back={backControl}
        submitLabel={submitLabel}
        busy={busy}
        onSubmit={() => submitPage(p, pageAnswers(p))}
        ownsActions={view.ownsActions}
        embedded={!alone}
      >
        <view.view {...props} />
      </QuestionFrame>
    )
  }

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
  } else if (page && page.elements.length === 1) {
    const only = page.elements[0] as Question
    content = element(page, only, true, localize(page.buttonLabel, lang) || t(nextIsEnd(flow, page) ? 'finish' : 'next'))
  } else if (page) {
    const submitLabel = localize(page.buttonLabel, lang) || t(nextIsEnd(flow, page) ? 'finish' : 'next')
    content = (
      <form
        key={page.id}
        class="cv-step cv-block"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (!busy) submitPage(page, pageAnswers(page))
        }}
      >
        {page.elements.map((q) => element(page, q, false, submitLabel))}
        <ActionRow back={backControl}>
          <PrimaryButton label={submitLabel} disabled={busy} />
        </ActionRow>
      </form>
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
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the card notes that the visitor interacted, and a modal card (a dialog) closes on Escape */}
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
            {failure === 'network' || failure === 'rejected' ? (
              <SecondaryButton small label={t('retry')} onClick={() => void retry()} />
            ) : null}
          </div>
        ) : null}
        {(waiting || offline) && !failure ? (
          <p class="cv-note cv-offline" role="status">
            {t('savedOffline')}
          </p>
        ) : null}
        <div class="cv-body" ref={stepRef}>
          {loaded ? content : null}
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
    blocks: (Array.isArray(survey.blocks) ? survey.blocks : []) as Block[],
    endings: (Array.isArray(survey.endings) ? survey.endings : []) as Ending[],
    variables: (Array.isArray(survey.variables) ? survey.variables : []) as SurveyVariable[],
    welcomeEnabled: welcome?.enabled === true,
  }
}

/** Whether submitting `page` ends the survey when no logic says otherwise (its button says "Finish"). */
function nextIsEnd(flow: Flow, page: Page): boolean {
  const pages = pagesOf(flow)
  return pages[pages.length - 1] === page && !(page.logic?.length || page.logicFallback)
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

/** The prefilled answers of the flow's questions, of an answer's shape (a text, a number, a list of texts). */
function prefillValues(flow: Flow, given: RenderSurveyOptions['prefillResponseData']): ResponseData {
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
const hasOwn = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key)

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
