/**
 * The card a survey is drawn in: the language switch and close button on top, the banner of a failed save or
 * the note of answers kept offline, the step, and the progress bar; in a modal, over its backdrop.
 */
import type { ComponentChildren, Ref } from 'preact'
import type { SurveyLanguage } from '../i18n'
import type { QuestionProps } from '../questions/question-props'
import type { SaveFailure } from '../response-saver'
import type { Theme } from '../theme'
import { SecondaryButton } from './buttons'
import { LanguageSwitch } from './language-switch'
import { ProgressBar } from './progress-bar'

interface SurveyCardProps {
  theme: Theme
  modal: boolean
  finished: boolean
  /** The languages to switch between, when the survey offers a switch. */
  languages: SurveyLanguage[] | undefined
  lang: string
  onLanguage(lang: string): void
  t: QuestionProps['t']
  prefix: string
  headlineId: string
  failure: SaveFailure | undefined
  /** Answers wait on this device (the network is gone, or the server unreachable). */
  keptOffline: boolean
  progress: number
  stepRef: Ref<HTMLDivElement>
  /** The respondent pressed a key or the pointer in the card (a modal nobody touches closes by itself). */
  onInteract(): void
  onRetry(): void
  onClose(): void
  children: ComponentChildren
}

export function SurveyCard(props: SurveyCardProps) {
  const { theme, modal, finished, languages, t, failure, onClose } = props
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
        aria-labelledby={modal ? props.headlineId : undefined}
        onKeyDown={(event) => {
          props.onInteract()
          if (modal && event.key === 'Escape') onClose()
        }}
        onPointerDown={() => props.onInteract()}
      >
        <div class="cv-top">
          {theme.logo && !modal ? (
            <img class="cv-logo" src={theme.logo.url} alt="" style={theme.logo.bgColor ? { background: theme.logo.bgColor } : undefined} />
          ) : null}
          {languages ? (
            <LanguageSwitch
              languages={languages}
              value={props.lang}
              label={t('language')}
              id={`${props.prefix}-language`}
              onChange={props.onLanguage}
            />
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
            {failure === 'network' || failure === 'rejected' ? <SecondaryButton small label={t('retry')} onClick={props.onRetry} /> : null}
          </div>
        ) : null}
        {props.keptOffline && !failure ? (
          <p class="cv-note cv-offline" role="status">
            {t('savedOffline')}
          </p>
        ) : null}
        <div class="cv-body" ref={props.stepRef}>
          {props.children}
        </div>
        {theme.hideProgressBar ? null : <ProgressBar value={props.progress} label={t('progress')} />}
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
