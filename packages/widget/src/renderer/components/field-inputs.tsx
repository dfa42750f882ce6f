import type { FieldInput } from '../answers'
import { localize } from '../i18n'
import type { UiKey } from '../ui-text'
import type { ValidationError } from '../validation'

const AUTOCOMPLETE: Record<string, string> = {
  addressLine1: 'address-line1',
  addressLine2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zip: 'postal-code',
  country: 'country-name',
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phone: 'tel',
  company: 'organization',
}

/**
 * The labelled inputs of an address or contact info question. The answer holds one text per input of the
 * question, hidden ones included (as empty texts), in the question's fixed order.
 */
export function FieldInputs(props: {
  inputs: FieldInput<string>[]
  value: string[]
  onChange(value: string[]): void
  lang: string
  idPrefix: string
  firstId: string
  labelledBy: string
  describedBy: string
  errorId: string
  error: ValidationError | undefined
  t(key: UiKey): string
}) {
  const shown = props.inputs.map((input, index) => ({ input, index })).filter(({ input }) => input.show)
  return (
    <div class="cv-inputs" role="group" aria-labelledby={props.labelledBy} aria-describedby={props.describedBy}>
      {shown.map(({ input, index }, position) => {
        const id = position === 0 ? props.firstId : `${props.idPrefix}-${input.field}`
        const invalid = props.error?.field === input.field
        return (
          <div key={input.field}>
            <label class="cv-label" for={id}>
              {localize(input.placeholder, props.lang) || props.t(input.field as UiKey)}
              {input.required ? null : <span class="cv-required">({props.t('optional')})</span>}
            </label>
            <input
              class="cv-input"
              id={id}
              type={input.field === 'email' ? 'email' : input.field === 'phone' ? 'tel' : 'text'}
              // Preact's types tell text-like inputs apart by `list`; these have no suggestions.
              list={undefined}
              autoComplete={AUTOCOMPLETE[input.field]}
              value={props.value[index] ?? ''}
              aria-required={input.required}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={invalid ? props.errorId : undefined}
              onInput={(event) => {
                const next = props.inputs.map((_, i) => props.value[i] ?? '')
                next[index] = (event.currentTarget as HTMLInputElement).value
                props.onChange(next)
              }}
            />
          </div>
        )
      })}
    </div>
  )
}
