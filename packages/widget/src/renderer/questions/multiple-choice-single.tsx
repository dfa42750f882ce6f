import { ChoiceList } from '../components/choice-list'
import type { MultipleChoiceQuestion } from '../types'
import type { QuestionProps, QuestionView } from './question-props'

function MultipleChoiceSingle(props: QuestionProps<MultipleChoiceQuestion>) {
  return <ChoiceList {...props} multiple={false} />
}

export const multipleChoiceSingle: QuestionView<MultipleChoiceQuestion> = { view: MultipleChoiceSingle }
