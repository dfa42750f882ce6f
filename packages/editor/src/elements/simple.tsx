import type { Path } from '../doc'
import { getIn } from '../doc'
import { fieldId, useEditor } from '../ui/context'
import { CheckboxField, FieldProblems, LocalizedTextField, NumberField, SelectField, TextField } from '../ui/fields'

/** Call to action: its text, the button's label, URL and whether it opens a new tab, the dismiss button. */
export function CtaForm({ path }: { path: Path }) {
  const { texts } = useEditor()
  return (
    <>
      <LocalizedTextField path={[...path, 'html']} label={texts.html} multiline />
      <LocalizedTextField path={[...path, 'ctaButtonLabel']} label={texts.ctaButtonLabel} />
      <TextField path={[...path, 'buttonUrl']} label={texts.buttonUrl} type="url" />
      <CheckboxField path={[...path, 'buttonExternal']} label={texts.buttonExternal} />
      <LocalizedTextField path={[...path, 'dismissButtonLabel']} label={texts.dismissButtonLabel} />
    </>
  )
}

/** Consent: the text and the checkbox's label. */
export function ConsentForm({ path }: { path: Path }) {
  const { texts } = useEditor()
  return (
    <>
      <LocalizedTextField path={[...path, 'html']} label={texts.html} multiline />
      <LocalizedTextField path={[...path, 'label']} label={texts.consentLabel} />
    </>
  )
}

/** Date: the format the date is shown in, and a text. */
export function DateForm({ path }: { path: Path }) {
  const { texts } = useEditor()
  return (
    <>
      <SelectField
        path={[...path, 'format']}
        label={texts.dateFormat}
        options={[
          { value: 'y-M-d', label: 'YYYY-MM-DD' },
          { value: 'd-M-y', label: 'DD-MM-YYYY' },
          { value: 'M-d-y', label: 'MM-DD-YYYY' },
        ]}
      />
      <LocalizedTextField path={[...path, 'html']} label={texts.html} multiline />
    </>
  )
}

/** File upload: one or several files, the largest size, the allowed extensions. */
export function FileUploadForm({ path }: { path: Path }) {
  const { doc, texts, set } = useEditor()
  const extensionsPath = [...path, 'allowedFileExtensions']
  const extensions = getIn(doc, extensionsPath)
  const id = fieldId(extensionsPath)
  return (
    <>
      <CheckboxField path={[...path, 'allowMultipleFiles']} label={texts.allowMultipleFiles} />
      <NumberField path={[...path, 'maxSizeInMB']} label={texts.maxSizeInMB} />
      <div class="cse-field">
        <label for={id}>{texts.allowedFileExtensions}</label>
        <input
          id={id}
          type="text"
          value={Array.isArray(extensions) ? extensions.join(', ') : ''}
          onInput={(event) => {
            const list = (event.currentTarget as HTMLInputElement).value
              .split(',')
              .map((part) => part.trim().replace(/^\./, ''))
              .filter(Boolean)
            set(extensionsPath, list.length ? list : undefined)
          }}
        />
        <FieldProblems path={extensionsPath} id={`${id}-problems`} />
      </div>
    </>
  )
}

/** Cal.com: the user name (or user/event) and the host. */
export function CalForm({ path }: { path: Path }) {
  const { texts } = useEditor()
  return (
    <>
      <TextField path={[...path, 'calUserName']} label={texts.calUserName} />
      <TextField path={[...path, 'calHost']} label={texts.calHost} />
    </>
  )
}
