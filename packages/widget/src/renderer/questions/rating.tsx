import { RatingScale } from '../components/rating-scale'
import type { RatingQuestion } from '../types'
import type { QuestionView } from './question-props'

export const rating: QuestionView<RatingQuestion> = { view: RatingScale }
