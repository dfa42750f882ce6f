import { RatingScale } from '../components/rating-scale'
import type { CsatQuestion } from '../types'
import type { QuestionView } from './question-props'

/** Customer satisfaction: five points, drawn as a rating is. */
export const csat: QuestionView<CsatQuestion> = { view: RatingScale }
