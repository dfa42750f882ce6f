import { matchLanguage } from '@canvass/core/language-match'
import type { WidgetSurvey } from '../../shared/survey'

/**
 * The language to show a survey in for a user's `language` attribute: `default` for a survey in one
 * language, for a user without a language, or when the user's language is the survey's default; else the
 * code of the enabled survey language whose code or alias matches (case-insensitive), else of one of the
 * same base language (`de` for `de-DE`, as `@canvass/core/language-match` matches). Undefined when a
 * multi-language survey does not have the user's language: such a survey is not shown to that user.
 */
export function surveyLanguageCode(languages: WidgetSurvey['languages'] | undefined, wanted: string | undefined): string | undefined {
  if (!languages || languages.length <= 1 || !wanted) return 'default'
  const lower = wanted.toLowerCase()
  const exact = languages.find((entry) => entry.language.code.toLowerCase() === lower || entry.language.alias?.toLowerCase() === lower)
  // A language named exactly but turned off is not offered; a base match looks among those that are.
  const offered = languages
    .filter((entry) => entry.enabled || entry.default)
    .map((entry) => ({ code: entry.language.code, alias: entry.language.alias, entry }))
  const found = exact ?? matchLanguage(offered, wanted)?.entry
  if (!found) return undefined
  if (found.default) return 'default'
  return found.enabled ? found.language.code : undefined
}
