import { RichText } from '../components/rich-text'
import { formatDate } from '../recall'
import { localize } from '../i18n'
import type { DateQuestion } from '../types'
import type { QuestionProps, QuestionView } from './question-props'

/** A date, through the browser's own date input (keyboard and screen reader friendly); stored as `yyyy-mm-dd`. */
function DateInput({ question, value, onChange, lang, locale, ids, describedBy, error, required }: QuestionProps<DateQuestion>) {
  const text = typeof value === 'string' ? value : ''
  return (
    <>
      <RichText html={localize(question.html, lang)} />
      <input
        class="cv-input"
        type="date"
        id={ids.input}
        value={text}
        min="1000-01-01"
        max="9999-12-31"
        aria-labelledby={ids.headline}
        aria-describedby={describedBy}
        aria-required={required}
        aria-invalid={error ? true : undefined}
        onInput={(event) => onChange((event.currentTarget as HTMLInputElement).value)}
      />
      {text ? (
        <p class="cv-note" aria-live="polite">
          {formatDate(text, locale)}
        </p>
      ) : null}
    </>
  )
}

export const date: QuestionView<DateQuestion> = { view: DateInput }
