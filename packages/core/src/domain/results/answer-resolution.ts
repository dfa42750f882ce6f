import { elementTypeInfo } from '../../element-types'

/**
 * One answer, whatever the language (docs/api.md, "Answers in every language"). Answers are stored as the
 * respondent saw them: a choice, a ranked item or a matrix row and column by its label in the respondent's
 * language (a picture by its id). Every read that counts, filters, exports or shows a choice-bearing answer
 * resolves it here to the option it names, so that "Somewhat disappointed" and "Etwas enttäuscht" are one
 * answer. Pure: no storage, no survey lookup; the callers hand over the element.
 *
 * A stored value is matched in this order: an option's id (`exact`); its label in the response's language
 * (the default language's when the response has none or an unknown one); its label in any language the
 * survey has (`label` both); the element's "other" input when it has one (`other`: what was typed is stored,
 * not the word); else `unmatched`, with the raw value kept. Labels compare exactly after trimming both sides.
 * An answer matching nothing is never dropped: it is counted under "other" or as unmatched.
 */

type Json = Record<string, unknown>

export type ValueMatch = 'exact' | 'label' | 'other' | 'unmatched'

/** One option an answer may name: a choice, a ranked item, a picture, a matrix row or a matrix column. */
export interface AnswerOption {
  /** Its id; null for a matrix row or column of the older form, a label without an id. */
  id: string | null
  /** What summaries key it by: its id, else `#<position>`. */
  key: string
  /** Its position among the element's options, from 0, in the survey's order. */
  index: number
  /** Its label per i18n key (`default` and each language code), as the survey writes it; none for a picture. */
  labels: Readonly<Record<string, string>>
  /** Its label in the survey's default language ('' when it has none). */
  defaultLabel: string
}

/** The options of one list of an element (its choices, a matrix's rows or its columns), ready to match. */
export interface OptionSet {
  /** In the survey's order, the "other" choice left out. */
  options: readonly AnswerOption[]
  /** The "other" choice (id `other`), when the element has one. */
  other: AnswerOption | undefined
  byId: ReadonlyMap<string, AnswerOption>
  /** Per i18n key, label → option (the first in the survey's order wins). */
  byLanguage: ReadonlyMap<string, ReadonlyMap<string, AnswerOption>>
  /** Label in any language → option: the default language's labels first, then the others. */
  byAnyLabel: ReadonlyMap<string, AnswerOption>
}

export interface ResolvedValue {
  /** The option named; for `other`, the "other" choice; none when `unmatched`. */
  option: AnswerOption | undefined
  match: ValueMatch
  raw: string
}

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A label per i18n key (a plain string is the default language's), as written. */
function writtenLabels(value: unknown): Array<[string, string]> {
  if (typeof value === 'string') return value.trim() === '' ? [] : [['default', value]]
  if (!isRecord(value)) return []
  return Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '')
}

/**
 * An option set of `list`: choices (`{ id, label }`), or a matrix's rows or columns in either form the survey
 * schema takes (`{ id, label }`, or the older bare localized label). With `withOther` (choices), the choice of
 * id `other` is the element's "other" input rather than an option.
 */
export function optionSet(list: unknown, withOther = true): OptionSet {
  const all: AnswerOption[] = (Array.isArray(list) ? list : []).flatMap((entry, index) => {
    const labelled = isRecord(entry) && ('id' in entry || 'label' in entry)
    const id = labelled && (typeof entry.id === 'string' || typeof entry.id === 'number') ? String(entry.id) : null
    const written = writtenLabels(labelled ? entry.label : entry)
    if (id === null && written.length === 0) return []
    const labels = Object.fromEntries(written)
    return [{ id, key: id ?? `#${index}`, index, labels, defaultLabel: labels.default ?? '' }]
  })
  const other = withOther ? all.find((option) => option.id === 'other') : undefined
  const options = all.filter((option) => option !== other)
  const byId = new Map<string, AnswerOption>()
  const byLanguage = new Map<string, Map<string, AnswerOption>>()
  const byAnyLabel = new Map<string, AnswerOption>()
  for (const option of options) {
    if (option.id !== null && !byId.has(option.id)) byId.set(option.id, option)
    for (const [language, label] of Object.entries(option.labels)) {
      let map = byLanguage.get(language)
      if (!map) byLanguage.set(language, (map = new Map()))
      if (!map.has(label.trim())) map.set(label.trim(), option)
    }
  }
  for (const language of ['default', ...byLanguage.keys()])
    for (const [label, option] of byLanguage.get(language) ?? []) if (!byAnyLabel.has(label)) byAnyLabel.set(label, option)
  return { options, other, byId, byLanguage, byAnyLabel }
}

const sets = new WeakMap<object, { choices?: OptionSet; rows?: OptionSet; columns?: OptionSet }>()

/**
 * The option set of an element's `list` (`choices`, or a matrix's `rows` or `columns`), built once per
 * element object.
 */
export function elementOptions(element: Json, list: 'choices' | 'rows' | 'columns'): OptionSet {
  let cached = sets.get(element)
  if (!cached) sets.set(element, (cached = {}))
  cached[list] ??= optionSet(element[list], list === 'choices')
  return cached[list]
}

/**
 * What a stored value names among `set`: see the match order above. `language` is the i18n key of the
 * response's language (`default`, or a language code as the survey's labels are keyed); undefined when it is
 * not known (a summary groups values across responses), so that the default language's labels come first.
 */
export function resolveValue(set: OptionSet, raw: string, language?: string): ResolvedValue {
  const byId = set.byId.get(raw)
  if (byId) return { option: byId, match: 'exact', raw }
  const text = raw.trim()
  const inLanguage = set.byLanguage.get(language ?? 'default')?.get(text) ?? set.byLanguage.get('default')?.get(text)
  const byLabel = inLanguage ?? set.byAnyLabel.get(text)
  if (byLabel) return { option: byLabel, match: 'label', raw }
  if (set.other) return { option: set.other, match: 'other', raw }
  return { option: undefined, match: 'unmatched', raw }
}

/** An option's label in `language` (an i18n key), else its default label, else ''. */
export function labelIn(option: AnswerOption, language: string): string {
  return option.labels[language] ?? option.defaultLabel
}

/** The i18n key of each of a survey's languages (`default` for the default one), from its `languages`. */
export function languageKey(languages: readonly unknown[], language: string | null | undefined): string {
  if (!language || language === 'default') return 'default'
  for (const entry of languages) {
    if (!isRecord(entry)) continue
    const inner = isRecord(entry.language) ? entry.language : entry
    if (typeof inner.code === 'string' && inner.code.toLowerCase() === language.toLowerCase())
      return entry.default === true ? 'default' : inner.code
  }
  return 'default'
}

/** What an element offers to answer with: `choices` (choices, pictures, a ranking), `matrix`, or nothing. */
export function answerOptionsKind(type: unknown): 'choices' | 'matrix' | undefined {
  const options = elementTypeInfo(type)?.options
  if (options === 'choices' || options === 'pictures') return 'choices'
  if (options === 'matrix') return 'matrix'
  return undefined
}

/**
 * Every stored form of the option `value` names in `set` (by id or by a label in any language): its id and
 * each of its labels, beside `value` itself; just `value` when it names no option (nor the "other" choice,
 * whose label nobody's answer holds). What a filter on a choice matches, in every language.
 */
export function storedForms(set: OptionSet, value: string): string[] {
  const resolved = resolveValue(set, value)
  if (resolved.match !== 'exact' && resolved.match !== 'label') return [value]
  const option = resolved.option as AnswerOption
  return [
    ...new Set([
      value,
      ...(option.id === null ? [] : [option.id]),
      ...Object.values(option.labels).flatMap((label) => [label, label.trim()]),
    ]),
  ]
}
