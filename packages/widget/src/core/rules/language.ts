import type { WidgetSurvey } from '../../shared/survey'

/**
 * The language to show a survey in for a user's `language` attribute: `default` for a survey in one
 * language, for a user without a language, or when the user's language is the survey's default; else the
 * code of the enabled survey language whose code or alias matches (case-insensitive). Undefined when a
 * multi-language survey does not have the user's language: such a survey is not shown to that user.
 */
export function surveyLanguageCode(languages: WidgetSurvey['languages'] | undefined, wanted: string | undefined): string | undefined {
  if (!languages || languages.length <= 1 || !wanted) return 'default'
  const lower = wanted.toLowerCase()
  const found = languages.find((entry) => entry.language.code.toLowerCase() === lower || entry.language.alias?.toLowerCase() === lower)
  if (!found) return undefined
  if (found.default) return 'default'
  return found.enabled ? found.language.code : undefined
}
