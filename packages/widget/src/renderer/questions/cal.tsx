import type { CalQuestion } from '../types'
import type { QuestionProps, QuestionView } from './question-props'

/** What the reference stores once the respondent has booked a time. */
export const BOOKED = 'booked'

/**
 * The booking page of a cal question: `https://{calHost}/{calUserName}` (cal.com when the question has no
 * host), each path segment encoded; undefined when the question's fields cannot make a safe https address.
 */
export function calBookingUrl(question: Pick<CalQuestion, 'calUserName' | 'calHost'>): string | undefined {
  const host = typeof question.calHost === 'string' && question.calHost !== '' ? question.calHost : 'cal.com'
  const user = typeof question.calUserName === 'string' ? question.calUserName : ''
  if (!/^[a-z0-9.-]+(?::\d{1,5})?$/i.test(host) || user === '') return undefined
  const segments = user.split('/')
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined
  try {
    const url = new URL(`https://${host}/${segments.map(encodeURIComponent).join('/')}`)
    return url.protocol === 'https:' && url.hostname !== '' ? url.href : undefined
  } catch {
    return undefined
  }
}

/**
 * A cal question without Cal.com's embed (no script of another origin runs on the page): a link that opens
 * the booking page in a new tab, then a box the respondent ticks once booked, which answers `booked`. A
 * required one cannot be submitted until it is ticked; an optional one left unticked answers with an empty text.
 */
function Cal({ question, value, onChange, ids, describedBy, error, required, t }: QuestionProps<CalQuestion>) {
  const url = calBookingUrl(question)
  const linkId = `${ids.input}-link`
  return (
    <>
      {url ? (
        <p class="cv-cal-link">
          <a id={linkId} class="cv-btn cv-btn-secondary" href={url} target="_blank" rel="noopener noreferrer">
            {t('calBook', { host: new URL(url).host })} <span class="cv-sr">{t('opensInNewTab')}</span>
          </a>
        </p>
      ) : (
        <p class="cv-note">{t('calUnavailable')}</p>
      )}
      <label class="cv-option">
        <input
          type="checkbox"
          id={ids.input}
          checked={value === BOOKED}
          aria-describedby={describedBy}
          aria-required={required}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange((event.currentTarget as HTMLInputElement).checked ? BOOKED : '')}
        />
        <span>{t('calBooked')}</span>
      </label>
    </>
  )
}

export const cal: QuestionView<CalQuestion> = { view: Cal }
