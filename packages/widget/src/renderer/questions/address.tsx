import { addressInputs } from '../answers'
import { FieldInputs } from '../components/field-inputs'
import type { AddressQuestion } from '../types'
import type { QuestionProps, QuestionView } from './question-props'

/** An address: up to six labelled inputs (line 1 and 2, city, state, postal code, country). */
function Address(props: QuestionProps<AddressQuestion>) {
  return <FieldInputs inputs={addressInputs(props.question)} {...fieldProps(props)} />
}

/** What an address or contact info question hands its inputs. */
export function fieldProps(props: QuestionProps<AddressQuestion> | QuestionProps<import('../types').ContactInfoQuestion>) {
  return {
    value: Array.isArray(props.value) ? props.value : [],
    onChange: props.onChange,
    lang: props.lang,
    idPrefix: props.ids.input,
    firstId: props.ids.input,
    labelledBy: props.ids.headline,
    describedBy: props.describedBy,
    errorId: props.ids.error,
    error: props.error,
    t: props.t,
  }
}

export const address: QuestionView<AddressQuestion> = { view: Address }
