import type { Question } from '../types'
import type { QuestionProps, QuestionView } from './question-props'

/** A question type this renderer does not show (one from a newer reference): it can be skipped. */
function Unsupported({ t, ids }: QuestionProps<Question>) {
  return (
    <p class="cv-note" id={ids.input}>
      {t('unsupported')}
    </p>
  )
}

export const unsupported: QuestionView<Question> = { view: Unsupported }
