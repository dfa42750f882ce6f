import { Scale } from '../components/scale'
import { localize } from '../i18n'
import type { NpsQuestion } from '../types'
import type { QuestionProps, QuestionView } from './question-props'

function Nps({ question, value, onChange, lang, ids, describedBy, required }: QuestionProps<NpsQuestion>) {
  const lower = localize(question.lowerLabel, lang)
  const upper = localize(question.upperLabel, lang)
  const options = Array.from({ length: 11 }, (_, n) => ({
    value: n,
    content: String(n),
    // The end labels are part of the extreme options' names, since the row under the scale is hidden.
    label: n === 0 && lower ? `0, ${lower}` : n === 10 && upper ? `10, ${upper}` : String(n),
    className: question.isColorCodingEnabled ? (n <= 6 ? 'cv-tone-low' : n <= 8 ? 'cv-tone-mid' : 'cv-tone-high') : undefined,
  }))
  return (
    <Scale
      name={ids.input}
      firstId={ids.input}
      options={options}
      value={typeof value === 'number' ? value : undefined}
      onPick={onChange}
      labelledBy={ids.headline}
      describedBy={describedBy}
      required={required}
      lowerLabel={lower}
      upperLabel={upper}
    />
  )
}

export const nps: QuestionView<NpsQuestion> = { view: Nps }
