import type { SurveyLanguage } from '../i18n'
import { languageName } from '../i18n'

/** The survey's languages as a native select; picking one re-renders the survey in it. */
export function LanguageSwitch(props: {
  languages: SurveyLanguage[]
  value: string
  label: string
  id: string
  onChange(key: string): void
}) {
  return (
    <>
      <label class="cv-sr" for={props.id}>
        {props.label}
      </label>
      <select
        class="cv-select"
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange((event.currentTarget as HTMLSelectElement).value)}
      >
        {props.languages.map((language) => (
          <option key={language.code} value={language.isDefault ? 'default' : language.code}>
            {languageName(language.code)}
          </option>
        ))}
      </select>
    </>
  )
}
