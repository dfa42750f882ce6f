/**
 * The survey's languages. Texts are keyed by language code, `default` standing for the default language;
 * the renderer keeps one such key (`default` or a code) as "the language" and turns it into a code where a
 * code is wanted (the response's `language`, the UI's own strings).
 */
import { matchLanguage } from '@canvass/core/language-match'
import type { WidgetSurvey } from '../shared/survey'
import type { Localized } from './types'

export interface SurveyLanguage {
  code: string
  alias: string | null
  isDefault: boolean
}

/** The survey's enabled languages, the default one first. */
export function surveyLanguages(survey: Pick<WidgetSurvey, 'languages'>): SurveyLanguage[] {
  const languages: SurveyLanguage[] = []
  for (const entry of Array.isArray(survey.languages) ? survey.languages : []) {
    const code = entry?.language?.code
    if (typeof code !== 'string' || code === '' || entry.enabled === false) continue
    const language = {
      code,
      alias: typeof entry.language.alias === 'string' ? entry.language.alias : null,
      isDefault: entry.default === true,
    }
    if (language.isDefault) languages.unshift(language)
    else languages.push(language)
  }
  return languages
}

/**
 * The text key for a requested language (`?lang=`, `setLanguage`): `default` when nothing is asked, when the
 * request names the default language, or when it names no enabled language of the survey; otherwise the
 * language's code. Codes and aliases match case-insensitively, then by base language (`de` names `de-DE`):
 * `@canvass/core/language-match`, as the link page matches them.
 */
export function resolveLanguage(survey: Pick<WidgetSurvey, 'languages'>, requested: string | undefined): string {
  if (!requested || requested === 'default') return 'default'
  const match = matchLanguage(surveyLanguages(survey), requested)
  if (!match || match.isDefault) return 'default'
  return match.code
}

/** The language code for a text key: the default language's code for `default` (or `default` without one). */
export function languageCode(survey: Pick<WidgetSurvey, 'languages'>, key: string): string {
  if (key !== 'default') return key
  return surveyLanguages(survey).find((language) => language.isDefault)?.code ?? 'default'
}

/** A text in the language `key`, falling back to the default language's text. */
export function localize(text: Localized | string | undefined | null, key: string): string {
  if (typeof text === 'string') return text
  if (!text || typeof text !== 'object') return ''
  const value = text[key]
  if (typeof value === 'string' && value !== '') return value
  return typeof text.default === 'string' ? text.default : ''
}

/** A language's name in that language where the runtime knows it (`Deutsch` for `de`), else its code. */
export function languageName(code: string): string {
  try {
    const names = new Intl.DisplayNames([code], { type: 'language' })
    const name = names.of(code)
    if (name && name !== code) return name.charAt(0).toUpperCase() + name.slice(1)
  } catch {}
  return code
}
