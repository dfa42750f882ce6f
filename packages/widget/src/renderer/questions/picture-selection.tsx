import type { PictureSelectionQuestion } from '../types'
import type { QuestionProps, QuestionView } from './question-props'

/** Pictures to pick one (or, with `allowMulti`, several) of; the answer is the picked choices' ids. */
function PictureSelection({ question, value, onChange, ids, describedBy, required, env, t }: QuestionProps<PictureSelectionQuestion>) {
  const picked = Array.isArray(value) ? value : []
  const multiple = question.allowMulti === true
  return (
    <div
      class="cv-pictures"
      role={multiple ? 'group' : 'radiogroup'}
      aria-labelledby={ids.headline}
      aria-describedby={describedBy}
      aria-required={multiple ? undefined : required}
    >
      {question.choices.map((choice, index) => {
        const src = env.resolveUrl(choice.imageUrl)
        const name = t('picture', { n: index + 1 })
        return (
          <label class="cv-pick" key={choice.id}>
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={ids.input}
              id={index === 0 ? ids.input : undefined}
              value={choice.id}
              checked={picked.includes(choice.id)}
              aria-label={name}
              onChange={(event) => {
                const checked = (event.currentTarget as HTMLInputElement).checked
                if (!multiple) return onChange([choice.id])
                onChange(checked ? [...picked, choice.id] : picked.filter((id) => id !== choice.id))
              }}
            />
            <span>{src ? <img src={src} alt="" /> : name}</span>
          </label>
        )
      })}
    </div>
  )
}

export const pictureSelection: QuestionView<PictureSelectionQuestion> = { view: PictureSelection }
