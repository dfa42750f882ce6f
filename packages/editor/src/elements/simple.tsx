import type { ElementAt } from '../doc-field'
import { elementField } from '../doc-field'
import { useEditor } from '../ui/context'
import { CheckboxField, LocalizedTextField, NumberField, SelectField, TextField, TokenField } from '../ui/fields'

/** Call to action: its text, the button's label, URL and whether it opens a new tab, the dismiss button. */
export function CtaForm({ at }: { at: ElementAt }) {
  const { texts } = useEditor()
  return (
    <>
      <LocalizedTextField field={elementField(at, 'html')} label={texts.html} multiline />
      <LocalizedTextField field={elementField(at, 'ctaButtonLabel')} label={texts.ctaButtonLabel} />
      <TextField field={elementField(at, 'buttonUrl')} label={texts.buttonUrl} type="url" />
      <CheckboxField field={elementField(at, 'buttonExternal')} label={texts.buttonExternal} />
      <LocalizedTextField field={elementField(at, 'dismissButtonLabel')} label={texts.dismissButtonLabel} />
    </>
  )
}

/** Consent: the text and the checkbox's label. */
export function ConsentForm({ at }: { at: ElementAt }) {
  const { texts } = useEditor()
  return (
    <>
      <LocalizedTextField field={elementField(at, 'html')} label={texts.html} multiline />
      <LocalizedTextField field={elementField(at, 'label')} label={texts.consentLabel} />
    </>
  )
}

/** Date: the format the date is shown in, and a text. */
export function DateForm({ at }: { at: ElementAt }) {
  const { texts } = useEditor()
  return (
    <>
      <SelectField
        field={elementField(at, 'format')}
        label={texts.dateFormat}
        options={[
          { value: 'y-M-d', label: 'YYYY-MM-DD' },
          { value: 'd-M-y', label: 'DD-MM-YYYY' },
          { value: 'M-d-y', label: 'MM-DD-YYYY' },
        ]}
      />
      <LocalizedTextField field={elementField(at, 'html')} label={texts.html} multiline />
    </>
  )
}

/** File upload: one or several files, the largest size, the allowed extensions. */
export function FileUploadForm({ at }: { at: ElementAt }) {
  const { texts } = useEditor()
  return (
    <>
      <CheckboxField field={elementField(at, 'allowMultipleFiles')} label={texts.allowMultipleFiles} />
      <NumberField field={elementField(at, 'maxSizeInMB')} label={texts.maxSizeInMB} />
      <TokenField
        field={elementField(at, 'allowedFileExtensions')}
        label={texts.allowedFileExtensions}
        hint={texts.allowedFileExtensionsHint}
        normalize={(text) => text.trim().replace(/^\./, '').toLowerCase()}
      />
    </>
  )
}

/** Cal.com: the user name (or user/event) and the host. */
export function CalForm({ at }: { at: ElementAt }) {
  const { texts } = useEditor()
  return (
    <>
      <TextField field={elementField(at, 'calUserName')} label={texts.calUserName} />
      <TextField field={elementField(at, 'calHost')} label={texts.calHost} />
    </>
  )
}
