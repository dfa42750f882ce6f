import { RichText } from '../components/rich-text'
import { localize } from '../i18n'
import type { ConsentQuestion } from '../types'
import type { QuestionProps, QuestionView } from './question-props'

/** A consent: ticking its box answers `accepted`; an optional consent left unticked answers with an empty text. */
function Consent({ question, value, onChange, lang, ids, describedBy, error, required }: QuestionProps<ConsentQuestion>) {
  return (
    <>
      <RichText html={localize(question.html, lang)} />
      <label class="cv-option">
        <input
          type="checkbox"
          id={ids.input}
          checked={value === 'accepted'}
          aria-describedby={describedBy}
          aria-required={required}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange((event.currentTarget as HTMLInputElement).checked ? 'accepted' : '')}
        />
        <span>{localize(question.label, lang)}</span>
      </label>
    </>
  )
}

export const consent: QuestionView<ConsentQuestion> = { view: Consent }
