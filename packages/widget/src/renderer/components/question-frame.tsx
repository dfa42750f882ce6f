import type { ComponentChildren } from 'preact'
import type { RenderEnv } from '../questions/question-props'
import type { UiKey } from '../ui-text'
import type { ValidationError } from '../validation'
import { ActionRow, PrimaryButton } from './buttons'
import { Media } from './media'

export interface FrameProps {
  headline: string
  subheader: string
  imageUrl?: string | undefined
  videoUrl?: string | undefined
  required: boolean
  error: ValidationError | undefined
  ids: { headline: string; description: string; error: string }
  t(key: UiKey, values?: Record<string, string | number>): string
  env: RenderEnv
  back?: { label: string; onBack(): void } | undefined
  submitLabel: string
  busy: boolean
  onSubmit(): void
  /** Set when the question renders its own action row. */
  ownsActions?: boolean
  /** One of several elements of a page: a labelled group inside the page's form, without the page's buttons. */
  embedded?: boolean
  children: ComponentChildren
}

/** What every question shares: its media, headline, description, error and the back and next buttons. */
export function QuestionFrame(props: FrameProps) {
  const { ids, t } = props
  const body = (
    <>
      <Media imageUrl={props.imageUrl} videoUrl={props.videoUrl} env={props.env} videoLabel={t('video')} />
      <h2 class="cv-headline" id={ids.headline} tabIndex={-1}>
        {props.headline}
        {props.required ? null : <span class="cv-required">({t('optional')})</span>}
      </h2>
      {props.subheader ? (
        <p class="cv-subheader" id={ids.description}>
          {props.subheader}
        </p>
      ) : null}
      <div class="cv-field">{props.children}</div>
      <p class="cv-error" id={ids.error} role="alert">
        {props.error ? t(props.error.key, props.error.values) : ''}
      </p>
      {props.ownsActions || props.embedded ? null : (
        <ActionRow back={props.back}>
          <PrimaryButton label={props.submitLabel} disabled={props.busy} />
        </ActionRow>
      )}
    </>
  )
  if (props.embedded) {
    return (
      <div class="cv-step cv-element" role="group" aria-labelledby={ids.headline}>
        {body}
      </div>
    )
  }
  return (
    <form
      class="cv-step"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!props.busy) props.onSubmit()
      }}
    >
      {body}
    </form>
  )
}
