/**
 * Pure operations behind the variables, hidden fields and languages editors, with the server's rules checked
 * before a save is tried (packages/core: schemas/survey-variable.ts, survey.ts `fieldId`, domain/surveys/v3-survey.ts).
 */
import { FORBIDDEN_QUESTION_IDS, UNSTORABLE_IDS } from '@canvass/core/survey-ids'
import type { SurveyDocument, HiddenFields, Language, LanguagesPatch, Variable } from './types'

/** Ids the server reserves for question and hidden field ids: core's own list. */
export const RESERVED_FIELD_IDS: readonly string[] = FORBIDDEN_QUESTION_IDS
const ID_SYNTAX = /^[a-zA-Z0-9_-]+$/
const MAX_ID = 255

/** Why `name` cannot be variable `id`'s name, as a key of the texts, or undefined when it can. */
export function variableNameProblem(
  survey: SurveyDocument,
  id: string,
  name: string,
): 'nameEmpty' | 'nameSyntax' | 'nameTaken' | undefined {
  if (name === '') return 'nameEmpty'
  if (!/^[a-z0-9_]+$/.test(name) || name.length > MAX_ID) return 'nameSyntax'
  if ((survey.variables ?? []).some((variable) => variable.id !== id && variable.name === name)) return 'nameTaken'
  return undefined
}

/** A new number variable named `variable_n`, its id the same (ids are never changed by a rename). */
export function newVariable(survey: SurveyDocument): Variable {
  const names = new Set((survey.variables ?? []).flatMap((variable) => [variable.name, variable.id]))
  let n = 1
  while (names.has(`variable_${n}`)) n++
  return { id: `variable_${n}`, name: `variable_${n}`, type: 'number', value: 0 }
}

/** `variable` of another type, its starting value converted (a text that is no number starts at 0). */
export function setVariableType(variable: Variable, type: Variable['type']): Variable {
  if (variable.type === type) return variable
  if (type === 'text') return { ...variable, type, value: variable.value === undefined ? '' : String(variable.value) }
  const number = Number(variable.value)
  return { ...variable, type, value: variable.value !== '' && Number.isFinite(number) ? number : 0 }
}

/** Why `id` cannot be a new hidden field id, as a key of the texts, or undefined when it can. */
export function hiddenFieldIdProblem(
  survey: SurveyDocument,
  id: string,
): 'idEmpty' | 'idSpaces' | 'idSyntax' | 'idReserved' | 'idTakenByElement' | 'idTaken' | undefined {
  if (id === '') return 'idEmpty'
  if (/\s/.test(id)) return 'idSpaces'
  if (!ID_SYNTAX.test(id) || id.length > MAX_ID) return 'idSyntax'
  if (RESERVED_FIELD_IDS.includes(id) || UNSTORABLE_IDS.has(id)) return 'idReserved'
  if ((survey.blocks ?? []).some((block) => block.elements.some((element) => element.id === id))) return 'idTakenByElement'
  if ((survey.hiddenFields?.fieldIds ?? []).includes(id)) return 'idTaken'
  return undefined
}

/** The survey's hidden fields as the server reads them when absent (v3 GET answers `{enabled: false}`). */
export function hiddenFieldsOf(survey: SurveyDocument): HiddenFields {
  return survey.hiddenFields ?? { enabled: false }
}

/** The locale codes offered when adding a language (v3 takes canonical codes such as `de-DE`). */
export const COMMON_LOCALES: readonly string[] = [
  'en-US',
  'en-GB',
  'de-DE',
  'de-AT',
  'de-CH',
  'fr-FR',
  'fr-CA',
  'es-ES',
  'es-MX',
  'it-IT',
  'pt-BR',
  'pt-PT',
  'nl-NL',
  'sv-SE',
  'da-DK',
  'nb-NO',
  'fi-FI',
  'pl-PL',
  'cs-CZ',
  'tr-TR',
  'ru-RU',
  'uk-UA',
  'el-GR',
  'ar-SA',
  'he-IL',
  'hi-IN',
  'ja-JP',
  'ko-KR',
  'zh-Hans-CN',
  'zh-Hant-TW',
]

/** The survey's default language: its `defaultLanguage`, else the one marked default, else en-US (the server's). */
export function defaultLanguageOf(survey: SurveyDocument): string {
  return survey.defaultLanguage ?? survey.languages?.find((language) => language.default)?.code ?? 'en-US'
}

/** The survey's languages, the default first and listed even when the document leaves it out (as GET does). */
export function languagesOf(survey: SurveyDocument): Language[] {
  const fallback = defaultLanguageOf(survey)
  const listed = survey.languages ?? []
  return listed.some((language) => language.code === fallback) ? listed : [{ code: fallback, default: true, enabled: true }, ...listed]
}

/**
 * The default language can be chosen only while the survey is not created: a v3 PATCH takes
 * `defaultLanguage` (and `languages[].default`) only as GET answered them (domain/surveys/v3-survey-write.ts).
 */
export function canChooseDefault(survey: SurveyDocument): boolean {
  return survey.id === undefined
}

export function addLanguage(survey: SurveyDocument, code: string): LanguagesPatch {
  return { languages: [...languagesOf(survey), { code, default: false, enabled: true }] }
}

export function removeLanguage(survey: SurveyDocument, code: string): LanguagesPatch {
  return { languages: languagesOf(survey).filter((language) => language.code !== code || language.code === defaultLanguageOf(survey)) }
}

export function setLanguageEnabled(survey: SurveyDocument, code: string, enabled: boolean): LanguagesPatch {
  const fallback = defaultLanguageOf(survey)
  return {
    languages: languagesOf(survey).map((language) => (language.code === code && code !== fallback ? { ...language, enabled } : language)),
  }
}

/** A survey not created yet with `code` as its default language (enabled, as the server keeps a default). */
export function setDefaultLanguage(survey: SurveyDocument, code: string): LanguagesPatch {
  if (!canChooseDefault(survey)) return { languages: languagesOf(survey) }
  const languages = languagesOf(survey).map((language) =>
    language.code === code ? { ...language, default: true, enabled: true } : { ...language, default: false },
  )
  return { languages, defaultLanguage: code }
}

/**
 * `survey` with a `LanguagesEditor` patch applied: a removed language's texts are removed too, since the
 * server refuses a text in a locale the survey does not list (422 `unsupported_locale`).
 */
export function applyLanguagesPatch(survey: SurveyDocument, patch: LanguagesPatch): SurveyDocument {
  const kept = new Set(patch.languages.map((language) => language.code))
  let next: SurveyDocument = { ...survey, languages: patch.languages }
  if (patch.defaultLanguage !== undefined) next.defaultLanguage = patch.defaultLanguage
  if (patch.showLanguageSwitch !== undefined) next.showLanguageSwitch = patch.showLanguageSwitch
  for (const language of languagesOf(survey)) if (!kept.has(language.code)) next = withoutLocale(next, language.code)
  return next
}

/** Where the survey keeps text maps (the parts the server converts: domain/surveys/v3-survey.ts `v1BodyOf`). */
const TEXT_PARTS = ['welcomeCard', 'blocks', 'endings', 'metadata'] as const

/** `survey` without texts in `code`; parts holding none are left as they were. */
export function withoutLocale(survey: SurveyDocument, code: string): SurveyDocument {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      const items = value.map(strip)
      return items.every((item, i) => item === value[i]) ? value : items
    }
    if (!isRecord(value)) return value
    if (isTextMap(value) && Object.hasOwn(value, code) && Object.keys(value).length > 1) {
      const { [code]: _gone, ...rest } = value
      return rest
    }
    let changed = false
    const entries = Object.entries(value).map(([key, item]) => {
      const next = strip(item)
      if (next !== item) changed = true
      return [key, next]
    })
    return changed ? Object.fromEntries(entries) : value
  }
  // A text map loses one key and every other object keeps its fields, so each part keeps its type.
  const stripped = <T>(value: T): T => strip(value) as T
  let next: SurveyDocument = { ...survey }
  for (const part of TEXT_PARTS) if (survey[part] !== undefined) next = { ...next, [part]: stripped(survey[part]) }
  return next
}

/**
 * The paths (dot-joined, as the server's `invalid_params` name them) of the texts that lack a non-empty text
 * in `code`, among all the survey's texts outside `metadata`; `total` counts those texts.
 */
export function missingTexts(survey: SurveyDocument, code: string): { total: number; missing: string[] } {
  let total = 0
  const missing: string[] = []
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${path}.${index}`))
    else if (isRecord(value)) {
      if (isTextMap(value)) {
        total++
        if (typeof value[code] !== 'string' || (value[code] as string).trim() === '') missing.push(path)
      } else for (const [key, item] of Object.entries(value)) walk(item, `${path}.${key}`)
    }
  }
  for (const part of TEXT_PARTS) if (part !== 'metadata') walk(survey[part], part)
  return { total, missing }
}

/** How many texts the survey has and how many lack a text in `code`. */
export function translationCount(survey: SurveyDocument, code: string): { total: number; missing: number } {
  const { total, missing } = missingTexts(survey, code)
  return { total, missing: missing.length }
}

/** A text map: a non-empty object of strings keyed by locale codes. */
function isTextMap(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value)
  return keys.length > 0 && keys.every((key) => /^[a-z]{2}(?:-[A-Z][a-z]{3})?-[A-Z]{2}$/.test(key) && typeof value[key] === 'string')
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
