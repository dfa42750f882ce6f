import { contactInputs } from '../answers'
import { FieldInputs } from '../components/field-inputs'
import type { ContactInfoQuestion } from '../types'
import { fieldProps } from './address'
import type { QuestionProps, QuestionView } from './question-props'

/** Contact details: up to five labelled inputs (first and last name, email, phone, company). */
function ContactInfo(props: QuestionProps<ContactInfoQuestion>) {
  return <FieldInputs inputs={contactInputs(props.question)} {...fieldProps(props)} />
}

export const contactInfo: QuestionView<ContactInfoQuestion> = { view: ContactInfo }
