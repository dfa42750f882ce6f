import { isRecord } from '../doc'
import type { ElementAt } from '../doc-field'
import { elementField, subField } from '../doc-field'
import type { EditorTexts } from '../i18n'
import { fieldId, useEditor } from '../ui/context'
import { CheckboxField, LocalizedTextField } from '../ui/fields'
import { ADDRESS_FIELDS, CONTACT_FIELDS } from './types'

type ToggleName = (typeof ADDRESS_FIELDS)[number] | (typeof CONTACT_FIELDS)[number]

/** Each input of an address or contact info element: shown, required, its placeholder in every language. */
function ToggleInputs({ at, fields }: { at: ElementAt; fields: ReadonlyArray<ToggleName> }) {
  const { doc, texts, write, defaultLanguage } = useEditor()
  return (
    <>
      {fields.map((field) => {
        const name = texts[`field_${field}` as keyof EditorTexts] ?? field
        const input = elementField(at, field)
        if (!isRecord(input.get(doc))) {
          // An element written before these inputs existed has none: showing one writes it whole, as the server wants.
          const id = fieldId([...input.path, 'show'])
          return (
            <div class="cse-field cse-check" key={field}>
              <input
                id={id}
                type="checkbox"
                checked={false}
                onChange={() => write(input, { show: true, required: false, placeholder: { [defaultLanguage]: name } })}
              />
              <label for={id}>{`${texts.show}: ${name}`}</label>
            </div>
          )
        }
        return (
          <fieldset class="cse-subsection" key={field}>
            <legend>{name}</legend>
            <CheckboxField field={subField(input, 'show', {})} label={`${texts.show}: ${name}`} />
            <CheckboxField field={subField(input, 'required', {})} label={`${texts.fieldRequired}: ${name}`} />
            <LocalizedTextField field={subField(input, 'placeholder', {})} label={`${texts.placeholder}: ${name}`} />
          </fieldset>
        )
      })}
    </>
  )
}

export const AddressForm = ({ at }: { at: ElementAt }) => <ToggleInputs at={at} fields={ADDRESS_FIELDS} />
export const ContactInfoForm = ({ at }: { at: ElementAt }) => <ToggleInputs at={at} fields={CONTACT_FIELDS} />
