/**
 * The survey's languages: add one from common locale codes, remove one, turn one on or off, and see how many
 * texts still lack a translation. The default language is chosen only before the survey is first saved (a v3
 * PATCH takes `defaultLanguage` only as GET answered it); afterwards it is shown, not offered. Removing a
 * language that has translations asks first: `applyLanguagesPatch` removes those texts with it, since the
 * server refuses a text in a language the survey does not list. With more than one language, a checkbox lets
 * respondents choose theirs from a menu in the survey (`showLanguageSwitch`).
 */
import { useState } from 'preact/hooks'
import { FOCUS_ATTRIBUTE, neighbourKey, useFocusAfterRender } from './focus'
import { fill } from './labels'
import {
  COMMON_LOCALES,
  addLanguage,
  canChooseDefault,
  defaultLanguageOf,
  languagesOf,
  removeLanguage,
  setDefaultLanguage,
  setLanguageEnabled,
  translationCount,
} from './survey-settings'
import type { SurveyDocument, LanguagesPatch, LogicTexts } from './types'

export interface LanguagesEditorProps {
  survey: SurveyDocument
  texts: LogicTexts
  /** Apply with `applyLanguagesPatch(survey, patch)`, which also removes a removed language's texts. */
  onChange(patch: LanguagesPatch): void
}

export function LanguagesEditor(props: LanguagesEditorProps) {
  const { survey, texts, onChange } = props
  const languages = languagesOf(survey)
  const fallback = defaultLanguageOf(survey)
  const choosable = canChooseDefault(survey)
  const [root, focusLater] = useFocusAfterRender<HTMLElement>()
  const [confirming, setConfirming] = useState<string | undefined>()
  const addable = COMMON_LOCALES.filter((code) => !languages.some((language) => language.code === code))
  const [toAdd, setToAdd] = useState('')
  const chosen = addable.includes(toAdd) ? toAdd : (addable[0] ?? '')
  const removable = languages.filter((language) => language.code !== fallback)
  const keys = removable.map((language) => `language:${language.code}`)
  const name = (code: string) => languageName(code, texts.locale)
  const remove = (code: string) => {
    setConfirming(undefined)
    focusLater(neighbourKey(keys, keys.indexOf(`language:${code}`), 'add-language'))
    onChange(removeLanguage(survey, code))
  }
  return (
    <section class="cse-logic" ref={root} aria-label={texts.languagesHeading}>
      {!choosable && <p class="cse-logic-note">{fill(texts.defaultFixed, { name: name(fallback) })}</p>}
      <ul class="cse-logic-list">
        {languages.map((language) => {
          const isDefault = language.code === fallback
          const count = translationCount(survey, language.code)
          const translated = count.total - count.missing
          return (
            <li key={language.code} class="cse-logic-row">
              <span class="cse-logic-language">
                {name(language.code)} <code>{language.code}</code>
                {isDefault && <strong> {texts.defaultBadge}</strong>}
              </span>
              {choosable && (
                <label class="cse-logic-check">
                  <input
                    type="radio"
                    name="cse-logic-default-language"
                    checked={isDefault}
                    onChange={() => onChange(setDefaultLanguage(survey, language.code))}
                  />
                  <span>{fill(texts.makeDefault, { name: name(language.code) })}</span>
                </label>
              )}
              {!isDefault && (
                <label class="cse-logic-check">
                  <input
                    type="checkbox"
                    {...{ [FOCUS_ATTRIBUTE]: `language:${language.code}` }}
                    checked={language.enabled !== false}
                    onChange={(event) => onChange(setLanguageEnabled(survey, language.code, event.currentTarget.checked))}
                  />
                  <span>{fill(texts.languageEnabled, { name: name(language.code) })}</span>
                </label>
              )}
              {count.missing > 0 && (
                <span class="cse-logic-warning">
                  {fill(isDefault ? texts.missingDefaultTexts : texts.missingTranslations, { missing: count.missing, total: count.total })}
                </span>
              )}
              {!isDefault && confirming !== language.code && (
                <button
                  type="button"
                  class="cse-logic-remove"
                  onClick={() => {
                    if (translated === 0) return remove(language.code)
                    setConfirming(language.code)
                    focusLater(`confirm:${language.code}`)
                  }}
                >
                  {fill(texts.removeLanguage, { name: name(language.code) })}
                </button>
              )}
              {confirming === language.code && (
                <span class="cse-logic-confirm" role="alert">
                  {fill(texts.confirmRemoveLanguage, { name: name(language.code), count: translated })}{' '}
                  <button type="button" class="cse-logic-remove" onClick={() => remove(language.code)}>
                    {fill(texts.removeLanguageAndTexts, { name: name(language.code), count: translated })}
                  </button>
                  {/* The safe choice has the focus: an Enter pressed too soon removes nothing. */}
                  <button
                    type="button"
                    {...{ [FOCUS_ATTRIBUTE]: `confirm:${language.code}` }}
                    onClick={() => {
                      setConfirming(undefined)
                      focusLater(`language:${language.code}`)
                    }}
                  >
                    {texts.cancel}
                  </button>
                </span>
              )}
            </li>
          )
        })}
      </ul>
      {languages.length > 1 && <LanguageSwitchOption survey={survey} texts={texts} onChange={onChange} />}
      {addable.length > 0 && (
        <AddLanguage
          addable={addable}
          chosen={chosen}
          name={name}
          texts={texts}
          onChoose={setToAdd}
          onAdd={() => {
            focusLater(`language:${chosen}`)
            onChange(addLanguage(survey, chosen))
          }}
        />
      )}
    </section>
  )
}

/** Whether respondents get a language menu in the survey (`showLanguageSwitch`), for a survey in several languages. */
function LanguageSwitchOption({ survey, texts, onChange }: LanguagesEditorProps) {
  return (
    <>
      <label class="cse-logic-check">
        <input
          type="checkbox"
          checked={survey.showLanguageSwitch === true}
          aria-describedby="cse-language-switch-hint"
          onChange={(event) =>
            onChange({ languages: survey.languages ?? languagesOf(survey), showLanguageSwitch: event.currentTarget.checked })
          }
        />
        <span>{texts.languageSwitch}</span>
      </label>
      <p class="cse-logic-note" id="cse-language-switch-hint">
        {texts.languageSwitchHint}
      </p>
    </>
  )
}

interface AddLanguageProps {
  addable: string[]
  chosen: string
  name(code: string): string
  texts: LogicTexts
  onChoose(code: string): void
  onAdd(): void
}

/** The row that adds a language: the codes not yet listed, and the button. */
function AddLanguage({ addable, chosen, name, texts, onChoose, onAdd }: AddLanguageProps) {
  return (
    <div class="cse-logic-row">
      <label class="cse-logic-field">
        <span>{texts.languageToAdd}</span>
        <select {...{ [FOCUS_ATTRIBUTE]: 'add-language' }} value={chosen} onChange={(event) => onChoose(event.currentTarget.value)}>
          {addable.map((code) => (
            <option key={code} value={code}>
              {`${name(code)} (${code})`}
            </option>
          ))}
        </select>
      </label>
      <button type="button" class="cse-logic-add" onClick={onAdd}>
        {texts.addLanguage}
      </button>
    </div>
  )
}

/** `German (Germany)` for `de-DE` in English; the code itself where the browser cannot name it. */
function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code
  } catch {
    return code
  }
}
