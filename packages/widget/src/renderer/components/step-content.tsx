/**
 * What a step shows: the welcome card, a page of one element (which owns the form and the buttons), a page of
 * several (one form, each element validated), or the ending.
 */
import { localize } from '../i18n'
import type { Flow, Page } from '../next-step'
import { WELCOME } from '../next-step'
import { questionView } from '../questions'
import type { QuestionProps, RenderEnv } from '../questions/question-props'
import type { Answer, Ending, Question, WelcomeCard as WelcomeSettings } from '../types'
import type { AnswerState } from '../validation'
import { ActionRow, PrimaryButton, SecondaryButton } from './buttons'
import { EndingCard } from './ending-card'
import { QuestionFrame } from './question-frame'
import { idsOf, nextIsEnd } from './survey-parts'
import type { PageError } from './survey-state'
import { WelcomeCard } from './welcome-card'

/** What every element of a page is drawn with. */
export interface PageContext {
  prefix: string
  lang: string
  locale: string
  t: QuestionProps['t']
  env: RenderEnv
  error: PageError | undefined
  busy: boolean
  setBusy(busy: boolean): void
  /** The way back, when there is one. */
  back: { label: string; onBack(): void } | undefined
  recalled(text: string): string
  isRequired(q: Question): boolean
  currentValue(q: Question): Answer | undefined
  /** The respondent changed an answer (with what its component knows of it, for validation). */
  onDraft(id: string, value: Answer, state?: AnswerState): void
  /** Submits the page with its answers as they stand, `override` for one element (a CTA's button). */
  submit(page: Page, override?: { id: string; value: Answer }): void
}

interface StepContentProps {
  ctx: PageContext
  flow: Flow
  step: string | undefined
  page: Page | undefined
  ending: Ending | undefined
  welcomeCard: WelcomeSettings
  headlineId: string
  redirectTo: string | undefined
  onStart(): void
}

export function StepContent({ ctx, flow, step, page, ending, welcomeCard, headlineId, redirectTo, onStart }: StepContentProps) {
  const { lang, env, t, recalled, busy } = ctx
  if (step === WELCOME) {
    return (
      <WelcomeCard
        card={welcomeCard}
        questions={flow.questions}
        lang={lang}
        headlineId={headlineId}
        env={env}
        t={t}
        recall={recalled}
        onStart={onStart}
      />
    )
  }
  if (!page)
    return <EndingCard ending={ending} lang={lang} headlineId={headlineId} env={env} t={t} recall={recalled} redirectTo={redirectTo} />
  const submitLabel = localize(page.buttonLabel, lang) || t(nextIsEnd(flow, page) ? 'finish' : 'next')
  if (page.elements.length === 1) {
    const only = page.elements[0] as Question
    return <PageElement key={only.id} ctx={ctx} page={page} shown={only} alone submitLabel={submitLabel} />
  }
  return (
    <form
      key={page.id}
      class="cv-step cv-block"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!busy) ctx.submit(page)
      }}
    >
      {page.elements.map((q) => (
        <PageElement key={q.id} ctx={ctx} page={page} shown={q} alone={false} submitLabel={submitLabel} />
      ))}
      <ActionRow back={ctx.back}>
        <PrimaryButton label={submitLabel} disabled={busy} />
      </ActionRow>
    </form>
  )
}

interface PageElementProps {
  ctx: PageContext
  page: Page
  shown: Question
  /** The page's only element: it then owns the form and the buttons. */
  alone: boolean
  submitLabel: string
}

/** One element of the page, in its frame. */
function PageElement({ ctx, page: p, shown, alone, submitLabel }: PageElementProps) {
  const { lang, t, env, busy, error } = ctx
  // A page of one CTA: the page's button label is the CTA's (a question's `buttonLabel` moves to its block).
  const q = alone && shown.type === 'cta' && p.buttonLabel && !shown.buttonLabel ? { ...shown, buttonLabel: p.buttonLabel } : shown
  const view = questionView(q)
  const own = idsOf(ctx.prefix, q.id)
  const required = ctx.isRequired(q)
  const problem = error?.at === q.id ? error.problem : undefined
  const describedBy =
    [q.subheader && localize(q.subheader, lang) ? own.description : '', problem ? own.error : ''].filter(Boolean).join(' ') || undefined
  const setDraft = (next: Answer, state?: AnswerState) => ctx.onDraft(q.id, next, state)
  const props: QuestionProps = {
    question: q,
    value: ctx.currentValue(q),
    onChange: setDraft,
    lang,
    locale: ctx.locale,
    t,
    ids: own,
    describedBy: describedBy as string,
    error: problem,
    required,
    env,
    // On a page of several elements a CTA's button answers it without leaving the page.
    submitWith: (next) => (alone ? ctx.submit(p, { id: q.id, value: next }) : setDraft(next)),
    setBusy: ctx.setBusy,
    renderActions: (extra = {}) =>
      alone ? (
        <ActionRow back={ctx.back}>
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
      headline={ctx.recalled(localize(q.headline, lang))}
      subheader={ctx.recalled(localize(q.subheader, lang))}
      imageUrl={q.imageUrl}
      videoUrl={q.videoUrl}
      required={required}
      error={problem}
      ids={own}
      t={t}
      env={env}
      back={ctx.back}
      submitLabel={submitLabel}
      busy={busy}
      onSubmit={() => ctx.submit(p)}
      ownsActions={view.ownsActions}
      embedded={!alone}
    >
      <view.view {...props} />
    </QuestionFrame>
  )
}
