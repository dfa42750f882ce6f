import { useMemo, useState } from 'preact/hooks'
import { OTHER_ID, choiceAnswer, choiceSelection, shuffled } from '../answers'
import { localize } from '../i18n'
import type { MultipleChoiceQuestion } from '../types'
import type { QuestionProps } from '../questions/question-props'

/**
 * The choices of a single or multiple choice question, as native radio buttons or checkboxes (arrow keys
 * and space work as everywhere), with the "other" option's text field under it once it is picked.
 */
export function ChoiceList(props: QuestionProps<MultipleChoiceQuestion> & { multiple: boolean }) {
  const { question, lang, ids, t, multiple } = props
  const [selection, setSelection] = useState(() => choiceSelection(question, props.value))
  const choices = useMemo(() => shuffled(question.choices, question.shuffleOption, Math.random), [question])
  const update = (next: typeof selection) => {
    setSelection(next)
    props.onChange(choiceAnswer(question, next, lang), { otherSelected: next.ids.includes(OTHER_ID) })
  }
  const toggle = (id: string, checked: boolean) => {
    if (!multiple) return update({ ...selection, ids: [id] })
    update({ ...selection, ids: checked ? [...selection.ids, id] : selection.ids.filter((other) => other !== id) })
  }
  const otherPicked = selection.ids.includes(OTHER_ID)
  const otherChoice = question.choices.find((choice) => choice.id === OTHER_ID)
  const otherInvalid = props.error?.field === OTHER_ID
  return (
    <div
      class="cv-options"
      role={multiple ? 'group' : 'radiogroup'}
      aria-labelledby={ids.headline}
      aria-describedby={props.describedBy}
      aria-required={multiple ? undefined : props.required}
    >
      {choices.map((choice, index) => (
        <label class="cv-option" key={choice.id}>
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={ids.input}
            id={index === 0 ? ids.input : undefined}
            value={choice.id}
            checked={selection.ids.includes(choice.id)}
            onChange={(event) => toggle(choice.id, (event.currentTarget as HTMLInputElement).checked)}
          />
          <span>{localize(choice.label, lang) || (choice.id === OTHER_ID ? t('other') : choice.id)}</span>
        </label>
      ))}
      {otherPicked && otherChoice ? (
        <input
          class="cv-input cv-other"
          type="text"
          value={selection.other}
          placeholder={localize(question.otherOptionPlaceholder, lang) || t('otherPlaceholder')}
          aria-label={localize(otherChoice.label, lang) || t('other')}
          aria-required="true"
          aria-invalid={otherInvalid ? true : undefined}
          aria-describedby={otherInvalid ? ids.error : undefined}
          onInput={(event) => update({ ...selection, other: (event.currentTarget as HTMLInputElement).value })}
        />
      ) : null}
    </div>
  )
}
