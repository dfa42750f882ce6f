/** The component of each question type. */
import type { ElementType } from '@canvass/core/element-types'
import type { Question } from '../types'
import { address } from './address'
import { cal } from './cal'
import { ces } from './ces'
import { consent } from './consent'
import { contactInfo } from './contact-info'
import { csat } from './csat'
import { cta } from './cta'
import { date } from './date'
import { fileUpload } from './file-upload'
import { matrix } from './matrix'
import { multipleChoiceMulti } from './multiple-choice-multi'
import { multipleChoiceSingle } from './multiple-choice-single'
import { nps } from './nps'
import { openText } from './open-text'
import { pictureSelection } from './picture-selection'
import type { QuestionView } from './question-props'
import { ranking } from './ranking'
import { rating } from './rating'
import { unsupported } from './unsupported'

// Keyed by core's element types: a type added there and not drawn here is a type error.
// biome-ignore lint/suspicious/noExplicitAny: each view takes the props of its own question type
const VIEWS: Record<ElementType, QuestionView<any>> = {
  openText,
  multipleChoiceSingle,
  multipleChoiceMulti,
  nps,
  rating,
  csat,
  ces,
  cta,
  consent,
  date,
  fileUpload,
  matrix,
  ranking,
  address,
  contactInfo,
  pictureSelection,
  cal,
}

// biome-ignore lint/suspicious/noExplicitAny: the view of whichever type the question has
export function questionView(question: Question): QuestionView<any> {
  return VIEWS[question.type] ?? unsupported
}

/** Whether the renderer can show a question; the others are skipped as unanswered. */
export const isSupported = (question: Question): boolean => question.type in VIEWS
