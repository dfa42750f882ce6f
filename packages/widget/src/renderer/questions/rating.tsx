import { Scale } from '../components/scale'
import { localize } from '../i18n'
import type { RatingQuestion } from '../types'
import type { QuestionProps, QuestionView } from './question-props'

function Rating({ question, value, onChange, lang, ids, describedBy, required, t }: QuestionProps<RatingQuestion>) {
  const range = [3, 4, 5, 6, 7, 10].includes(question.range) ? question.range : 5
  const picked = typeof value === 'number' ? value : undefined
  const lower = localize(question.lowerLabel, lang)
  const upper = localize(question.upperLabel, lang)
  const options = Array.from({ length: range }, (_, i) => {
    const n = i + 1
    const content =
      question.scale === 'star' ? <Star on={picked !== undefined && n <= picked} /> : question.scale === 'smiley' ? <Smiley position={i / (range - 1)} /> : String(n)
    const name = t('ratingOf', { n, max: range })
    return { value: n, content, label: n === 1 && lower ? `${name}, ${lower}` : n === range && upper ? `${name}, ${upper}` : name }
  })
  return (
    <Scale
      name={ids.input}
      firstId={ids.input}
      options={options}
      value={picked}
      onPick={onChange}
      labelledBy={ids.headline}
      describedBy={describedBy}
      required={required}
      icons={question.scale !== 'number'}
      lowerLabel={lower}
      upperLabel={upper}
    />
  )
}

function Star({ on }: { on: boolean }) {
  return (
    <svg viewBox="0 0 24 24" class={on ? 'cv-star cv-star-on' : 'cv-star'}>
      <path d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z" stroke-linejoin="round" />
    </svg>
  )
}

/** A face from unhappy (`position` 0) to happy (1): the mouth bends with the position. */
function Smiley({ position }: { position: number }) {
  const bend = Math.round((position - 0.5) * 8)
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round">
      <circle cx="12" cy="12" r="9.5" />
      <circle cx="9" cy="10" r="0.8" fill="currentColor" />
      <circle cx="15" cy="10" r="0.8" fill="currentColor" />
      <path d={`M8 ${15 - bend / 4} Q12 ${15 + bend} 16 ${15 - bend / 4}`} />
    </svg>
  )
}

export const rating: QuestionView<RatingQuestion> = { view: Rating }
