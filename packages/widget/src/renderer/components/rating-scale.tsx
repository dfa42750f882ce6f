import type { QuestionProps } from '../questions/question-props'
import { localize } from '../i18n'
import { type ScaleQuestion, scalePoints } from '../scale-points'
import { Scale } from './scale'

/** The scale of a rating, CSAT or CES question: its points as numbers, stars or faces (scale-points.ts). */
export function RatingScale({ question, value, onChange, lang, ids, describedBy, required, t }: QuestionProps<ScaleQuestion>) {
  const picked = typeof value === 'number' ? value : undefined
  const points = scalePoints(question, lang, t)
  const last = points.length - 1
  const options = points.map((point, i) => ({
    value: point.value,
    label: point.label,
    content:
      question.scale === 'star' ? (
        <Star on={picked !== undefined && point.value <= picked} />
      ) : question.scale === 'smiley' ? (
        <Smiley position={last === 0 ? 1 : i / last} />
      ) : (
        String(point.value)
      ),
    className: point.tone ? `cv-tone-${point.tone}` : undefined,
  }))
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
      lowerLabel={localize(question.lowerLabel, lang)}
      upperLabel={localize(question.upperLabel, lang)}
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
