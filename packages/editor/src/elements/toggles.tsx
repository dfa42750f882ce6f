import type { Path } from '../doc'
import type { EditorTexts } from '../i18n'
import { useEditor } from '../ui/context'
import { CheckboxField, LocalizedTextField } from '../ui/fields'
import { ADDRESS_FIELDS, CONTACT_FIELDS } from './types'

/** Each input of an address or contact info element: shown, required, its placeholder in every language. */
function ToggleInputs({ path, fields }: { path: Path; fields: readonly string[] }) {
  const { texts } = useEditor()
  return (
    <>
      {fields.map((field) => {
        const name = texts[`field_${field}` as keyof EditorTexts] ?? field
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
