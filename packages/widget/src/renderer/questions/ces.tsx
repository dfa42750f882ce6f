import { RatingScale } from '../components/rating-scale'
import type { CesQuestion } from '../types'
import type { QuestionView } from './question-props'

/** Customer effort: five or seven points, drawn as a rating is. */
export const ces: QuestionView<CesQuestion> = { view: RatingScale }
