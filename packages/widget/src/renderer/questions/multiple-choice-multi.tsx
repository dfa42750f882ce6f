import { ChoiceList } from '../components/choice-list'
import type { MultipleChoiceQuestion } from '../types'
import type { QuestionProps, QuestionView } from './question-props'

function MultipleChoiceMulti(props: QuestionProps<MultipleChoiceQuestion>) {
  return <ChoiceList {...props} multiple />
}

export const multipleChoiceMulti: QuestionView<MultipleChoiceQuestion> = { view: MultipleChoiceMulti }
