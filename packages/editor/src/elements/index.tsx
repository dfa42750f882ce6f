import type { FunctionComponent } from 'preact'
import type { ElementAt } from '../doc-field'
import { MatrixForm, MultipleChoiceForm, PictureSelectionForm, RankingForm } from './choices'
import { OpenTextForm } from './open-text'
import { NpsForm, ScaleForm } from './scales'
import { CalForm, ConsentForm, CtaForm, DateForm, FileUploadForm } from './simple'
import { AddressForm, ContactInfoForm } from './toggles'
import type { ElementType } from './types'

export { ELEMENT_TYPES, convertElement, newElement } from './types'
export type { ElementType } from './types'

/** The form of each element type's own fields (the shared ones are the element card's). */
export const ELEMENT_FORMS: Record<ElementType, FunctionComponent<{ at: ElementAt }>> = {
  openText: OpenTextForm,
  multipleChoiceSingle: MultipleChoiceForm,
  multipleChoiceMulti: MultipleChoiceForm,
  nps: NpsForm,
  rating: ScaleForm,
  cta: CtaForm,
  consent: ConsentForm,
  date: DateForm,
  fileUpload: FileUploadForm,
  matrix: MatrixForm,
  ranking: RankingForm,
  address: AddressForm,
  contactInfo: ContactInfoForm,
  pictureSelection: PictureSelectionForm,
  cal: CalForm,
  csat: ScaleForm,
  ces: ScaleForm,
}
