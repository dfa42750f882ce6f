import type { Problem } from '../api'
import type { EditorTexts } from '../i18n'

/** The words of a list's item: `blocks.1` is "Block 2", `logic.0` "Rule 1". */
const ITEM_NOUNS: Record<string, keyof EditorTexts> = {
  blocks: 'block',
  elements: 'question',
  endings: 'ending',
  choices: 'choice',
  rows: 'row',
  columns: 'column',
  logic: 'rule',
  conditions: 'condition',
  actions: 'action',
}

/** Fields whose names in the editor's texts differ from the document's own. */
const FIELD_WORDS: Record<string, keyof EditorTexts> = {
  rightOperand: 'value',
  leftOperand: 'compared',
  operator: 'comparison',
  logicFallback: 'rule',
}

/** Units said after a limit: "0 MB". */
const UNITS: Record<string, string> = { maxSizeInMB: ' MB' }

/** A document field in words: the editor's label for it (without a trailing "(MB)"), else its name spelled out. */
export function fieldWords(key: string, texts: EditorTexts): string {
  const known = FIELD_WORDS[key] ?? (key in texts ? (key as keyof EditorTexts) : undefined)
  const text = known ? String(texts[known]) : ''
  if (text) return text.replace(/\s*\([^)]*\)\s*$/, '')
  const spelled = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return spelled.charAt(0).toUpperCase() + spelled.slice(1)
}

/**
 * Where a problem is, in words: `blocks.1.elements.0.headline` is "Block 2 › Question 1 › Headline", and a
 * rule's `blocks.0.logic.0.conditions.conditions.0.rightOperand` "Block 1 › Rule 1 › Condition 1 › Value", so
 * that the list of problems reads as plain language rather than as paths.
 */
export function problemPlace(path: string, texts: EditorTexts): string {
  const parts = path.split('.').filter(Boolean)
  const words: string[] = []
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] as string
    const next = parts[index + 1]
    const noun = ITEM_NOUNS[part]
    if (noun && next !== undefined && /^\d+$/.test(next)) {
      words.push(`${texts[noun]} ${Number(next) + 1}`)
      index++
    } else if (noun) {
      // A group (a rule's `conditions` object) is no place of its own: its items are.
    } else if (/^\d+$/.test(part)) {
      words.push(String(Number(part) + 1))
    } else if (/^[a-z]{2}(-[A-Za-z]+)*$/.test(part) && part.includes('-')) {
      // A language's text in a map of texts: its code, as the field's label shows it.
      words.push(part)
    } else words.push(fieldWords(part, texts))
  }
  return words.join(' › ')
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')

/**
 * A problem as a person reads it at its field: the server's validation text ("Invalid value: Expected >=0 but
 * received -3") said in words with the field's name ("Largest file must be 0 MB or more"). A message of the
 * server's that is already a sentence for people (it names no schema and no path) is kept as it is.
 */
export function plainProblem(problem: Problem, texts: EditorTexts): Problem {
  const keys = problem.path.split('.').filter((part) => part && !/^\d+$/.test(part) && !/^[a-z]{2}-/.test(part))
  const key = keys[keys.length - 1]
  const field = key ? fieldWords(key, texts) : texts.theSurvey
  const unit = (key && UNITS[key]) ?? ''
  const message = problem.message
  const say = (template: string, limit = '') => ({ ...problem, message: fill(template, { field, limit, unit }) })
  let match: RegExpExecArray | null
  if ((match = /Invalid length: Expected >=1 but/.exec(message))) return say(texts.problemEmpty)
  if ((match = /Invalid length: Expected <=(\d+)/.exec(message))) return say(texts.problemTooLong, match[1])
  if ((match = /Expected >=(-?[\d.]+)/.exec(message))) return say(texts.problemAtLeast, match[1])
  if ((match = /Expected <=(-?[\d.]+)/.exec(message))) return say(texts.problemAtMost, match[1])
  if ((match = /Expected >(-?[\d.]+)/.exec(message))) return say(texts.problemAbove, match[1])
  if ((match = /Expected <(-?[\d.]+)/.exec(message))) return say(texts.problemBelow, match[1])
  if (/integer/i.test(message)) return say(texts.problemWhole)
  if (/Invalid type: Expected \(?"/.test(message)) return say(texts.problemChoose)
  if (/Invalid key|unknown (field|key)|not (allowed|supported)/i.test(message) && key)
    return { ...problem, message: `${field}: ${texts.problemUnknownField}` }
  if (/Invalid |Expected |received |must match|\w+\.\w+\.\d/.test(message)) return say(texts.problemInvalid)
  return problem
}
