import { localize } from '../i18n'
import { minutesToFinish } from '../next-step'
import type { RenderEnv } from '../questions/question-props'
import type { Question, WelcomeCard as WelcomeCardSettings } from '../types'
import type { UiKey } from '../ui-text'
import { ActionRow, PrimaryButton } from './buttons'
import { RichText } from './rich-text'

export function WelcomeCard(props: {
  card: WelcomeCardSettings
  questions: readonly Question[]
  lang: string
  headlineId: string
  env: RenderEnv
  t(key: UiKey, values?: Record<string, string | number>): string
  recall(text: string): string
  onStart(): void
}) {
  const { card, lang, t } = props
  const logo = props.env.resolveUrl(card.fileUrl)
  return (
    <form
      class="cv-step cv-center"
      onSubmit={(event) => {
        event.preventDefault()
        props.onStart()
      }}
    >
      {logo ? <img class="cv-logo" src={logo} alt="" /> : null}
      <h2 class="cv-headline" id={props.headlineId} tabIndex={-1}>
        {props.recall(localize(card.headline, lang))}
      </h2>
      <RichText html={props.recall(localize(card.html ?? card.subheader, lang))} />
      {card.timeToFinish ? <p class="cv-note">{t('minutes', { n: minutesToFinish(props.questions) })}</p> : null}
      <ActionRow>
        <PrimaryButton label={localize(card.buttonLabel, lang) || t('start')} autofocus />
      </ActionRow>
    </form>
  )
}
