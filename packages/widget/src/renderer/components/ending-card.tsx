import { localize } from '../i18n'
import type { RenderEnv } from '../questions/question-props'
import type { Ending } from '../types'
import type { UiKey } from '../ui-text'
import { ActionRow } from './buttons'
import { Media } from './media'

/**
 * The end of the survey: the survey's end screen (its texts, image and an optional link button), the built-in
 * thank-you when it has none, or the note shown while a redirect ending leaves the page.
 */
export function EndingCard(props: {
  ending: Ending | undefined
  lang: string
  headlineId: string
  env: RenderEnv
  t(key: UiKey, values?: Record<string, string | number>): string
  recall(text: string): string
  redirectTo: string | undefined
}) {
  const { ending, lang, t } = props
  if (props.redirectTo) {
    return (
      <div class="cv-step cv-center">
        <h2 class="cv-headline" id={props.headlineId} tabIndex={-1}>
          {t('thankYou')}
        </h2>
        <p class="cv-subheader">
          <a href={props.redirectTo}>{ending?.type === 'redirectToUrl' && ending.label ? ending.label : props.redirectTo}</a>
        </p>
      </div>
    )
  }
  const screen = ending?.type === 'endScreen' ? ending : undefined
  const headline = props.recall(localize(screen?.headline, lang)) || t('thankYou')
  const subheader = screen ? props.recall(localize(screen.subheader, lang)) : t('thankYouSub')
  const link = props.env.resolveUrl(screen?.buttonLink)
  const label = localize(screen?.buttonLabel, lang)
  return (
    <div class="cv-step cv-center">
      <Media imageUrl={screen?.imageUrl} env={props.env} videoLabel={t('video')} />
      <h2 class="cv-headline" id={props.headlineId} tabIndex={-1}>
        {headline}
      </h2>
      {subheader ? <p class="cv-subheader">{subheader}</p> : null}
      {link && label ? (
        <ActionRow>
          <a class="cv-btn cv-btn-primary" href={link} target="_blank" rel="noopener noreferrer">
            {label}
          </a>
        </ActionRow>
      ) : null}
    </div>
  )
}
