import { SecondaryButton } from '../components/buttons'
import { RichText } from '../components/rich-text'
import { localize } from '../i18n'
import type { CtaQuestion } from '../types'
import type { QuestionProps, QuestionView } from './question-props'

/**
 * A call to action: its button answers `clicked` (and opens `buttonUrl` in a new tab when the button is
 * external); an optional CTA can be dismissed, which answers with an empty text.
 */
function Cta({ question, lang, env, t, submitWith, renderActions, ids }: QuestionProps<CtaQuestion>) {
  const url = question.buttonExternal ? env.resolveUrl(question.buttonUrl) : undefined
  const label = localize(question.ctaButtonLabel, lang) || localize(question.buttonLabel, lang) || t('next')
  return (
    <>
      <RichText html={localize(question.html, lang)} id={ids.input} />
      {renderActions({
        primaryLabel: url ? `${label} ${t('opensInNewTab')}` : label,
        onPrimary() {
          if (url) window.open(url, '_blank', 'noopener,noreferrer')
          submitWith('clicked')
        },
        extra: question.required ? null : (
          <SecondaryButton label={localize(question.dismissButtonLabel, lang) || t('skip')} onClick={() => submitWith('')} />
        ),
      })}
    </>
  )
}

export const cta: QuestionView<CtaQuestion> = { view: Cta, ownsActions: true }
