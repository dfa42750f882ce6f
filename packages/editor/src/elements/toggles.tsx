import type { Path } from '../doc'
import { getIn, isRecord } from '../doc'
import type { EditorTexts } from '../i18n'
import { fieldId, useEditor } from '../ui/context'
import { CheckboxField, LocalizedTextField } from '../ui/fields'
import { ADDRESS_FIELDS, CONTACT_FIELDS } from './types'

/** Each input of an address or contact info element: shown, required, its placeholder in every language. */
function ToggleInputs({ path, fields }: { path: Path; fields: readonly string[] }) {
  const { doc, texts, set, defaultLanguage } = useEditor()
  return (
    <>
      {fields.map((field) => {
        const name = texts[`field_${field}` as keyof EditorTexts] ?? field
        if (!isRecord(getIn(doc, [...path, field]))) {
          // An element written before these inputs existed has none: showing one writes it whole, as the server wants.
          const id = fieldId([...path, field, 'show'])
          return (
            <div class="cse-field cse-check" key={field}>
              <input
                id={id}
                type="checkbox"
                checked={false}
                onChange={() => set([...path, field], { show: true, required: false, placeholder: { [defaultLanguage]: name } })}
              />
              <label for={id}>{`${texts.show}: ${name}`}</label>
            </div>
          )
        }
        return (
          <fieldset class="cse-subsection" key={field}>
            <legend>{name}</legend>
            <CheckboxField path={[...path, field, 'show']} label={`${texts.show}: ${name}`} />
            <CheckboxField path={[...path, field, 'required']} label={`${texts.fieldRequired}: ${name}`} />
            <LocalizedTextField path={[...path, field, 'placeholder']} label={`${texts.placeholder}: ${name}`} />
          </fieldset>
        )
      })}
    </>
  )
}

export const AddressForm = ({ path }: { path: Path }) => <ToggleInputs path={path} fields={ADDRESS_FIELDS} />
export const ContactInfoForm = ({ path }: { path: Path }) => <ToggleInputs path={path} fields={CONTACT_FIELDS} />
