import { localize } from '../i18n'
import type { OpenTextQuestion } from '../types'
import type { QuestionProps, QuestionView } from './question-props'

const INPUT: Record<string, { type: 'text' | 'email' | 'url' | 'tel'; autocomplete?: string; inputMode?: 'decimal' }> = {
  text: { type: 'text' },
  email: { type: 'email', autocomplete: 'email' },
  url: { type: 'url', autocomplete: 'url' },
  number: { type: 'text', inputMode: 'decimal' },
  phone: { type: 'tel', autocomplete: 'tel' },
}

function OpenText({ question, value, onChange, lang, ids, describedBy, error, required }: QuestionProps<OpenTextQuestion>) {
  const inputType = question.inputType ?? 'text'
  const limit = question.charLimit?.enabled && typeof question.charLimit.max === 'number' ? question.charLimit.max : undefined
  const shared = {
    id: ids.input,
    value: typeof value === 'string' || typeof value === 'number' ? String(value) : '',
    placeholder: localize(question.placeholder, lang) || undefined,
    maxLength: limit,
    'aria-labelledby': ids.headline,
    'aria-describedby': describedBy,
    'aria-required': required,
    'aria-invalid': error ? true : undefined,
    onInput: (event: Event) => onChange((event.currentTarget as HTMLInputElement | HTMLTextAreaElement).value),
  }
  if (inputType === 'text' && question.longAnswer !== false) return <textarea class="cv-textarea" rows={3} {...shared} />
  const input = INPUT[inputType] ?? { type: 'text' }
  // Preact's types tell text-like inputs apart by `list`; these have no suggestions.
  return (
    <input class="cv-input" type={input.type} list={undefined} autoComplete={input.autocomplete} inputMode={input.inputMode} {...shared} />
  )
}

export const openText: QuestionView<OpenTextQuestion> = { view: OpenText }
