import type { ComponentChildren } from 'preact'
import type { LocalizedText, Path } from '../doc'
import { textIn } from '../doc'
import type { DocField } from '../doc-field'
import { mappedField } from '../doc-field'
import { fieldId, useEditor } from './context'

/**
 * Shared form controls: each a native control with a visible label, its problems from the server below it
 * (tied by `aria-describedby`), writing straight into the document through its typed `field`.
 */

/** The problems shown under a control; `id` is what the control's `aria-describedby` names. */
export function FieldProblems({ path, id }: { path: Path; id: string }) {
  const { problemsAt } = useEditor()
  const problems = problemsAt(path)
  if (problems.length === 0) return null
  return (
    <ul class="cse-field-problems" id={id}>
      {problems.map((problem, index) => (
        <li key={index}>{problem.message}</li>
      ))}
    </ul>
  )
}

interface TextFieldProps {
  /** The text; an emptied input removes it. */
  field: DocField<string>
  label: string
  type?: 'text' | 'url' | 'number'
  multiline?: boolean
}

export function TextField({ field, label, type = 'text', multiline }: TextFieldProps) {
  const { doc, write, problemsAt, readOnly } = useEditor()
  const path = field.path
  const id = fieldId(path)
  const value = field.get(doc)
  const shown = value === undefined || value === null ? '' : String(value)
  const invalid = problemsAt(path).length > 0
  const onInput = (event: Event) => {
    const text = (event.currentTarget as HTMLInputElement).value
    write(field, text === '' ? undefined : text)
  }
  const common = {
    id,
    value: shown,
    onInput,
    readOnly,
    'aria-invalid': invalid ? ('true' as const) : undefined,
    'aria-describedby': invalid ? `${id}-problems` : undefined,
  }
  return (
    <div class="cse-field">
      <label for={id}>{label}</label>
      {multiline ? <textarea {...common} rows={3} /> : <input {...common} type={type as 'text'} />}
      <FieldProblems path={path} id={`${id}-problems`} />
    </div>
  )
}

/** A number field: empty (or not a number) removes the field. */
export function NumberField({ field, label }: { field: DocField<number>; label: string }) {
  return <TextField field={numberAsText(field)} label={label} type="number" />
}

/** A number as the text an input shows, and the text read back as a number (none for a text that is not one). */
export const numberAsText = (field: DocField<number>): DocField<string> =>
  mappedField(
    field,
    (value) => (value === undefined ? undefined : String(value)),
    (text) => (text === undefined || text === '' || !Number.isFinite(Number(text)) ? undefined : Number(text)),
  )

export function CheckboxField({ field, label, defaultValue = false }: { field: DocField<boolean>; label: string; defaultValue?: boolean }) {
  const { doc, write, readOnly } = useEditor()
  const path = field.path
  const id = fieldId(path)
  const value = field.get(doc)
  const checked = typeof value === 'boolean' ? value : defaultValue
  return (
    <div class="cse-field cse-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={readOnly}
        onChange={(event) => write(field, (event.currentTarget as HTMLInputElement).checked)}
      />
      <label for={id}>{label}</label>
      <FieldProblems path={path} id={`${id}-problems`} />
    </div>
  )
}

export interface Option {
  value: string
  label: string
  /** Shown (the document's value) but not chosen anew. */
  disabled?: boolean
}

/** A choice among `options`; a number field takes `numberAsText(field)`. */
export function SelectField({
  field,
  label,
  options,
  defaultValue,
}: {
  field: DocField<string>
  label: string
  options: Option[]
  defaultValue?: string
}) {
  const { doc, write, readOnly } = useEditor()
  const path = field.path
  const id = fieldId(path)
  const value = field.get(doc)
  const current = value === undefined ? (defaultValue ?? '') : String(value)
  const known = options.some((option) => option.value === current)
  return (
    <div class="cse-field">
      <label for={id}>{label}</label>
      <select
        id={id}
        value={current}
        disabled={readOnly}
        onChange={(event) => write(field, (event.currentTarget as HTMLSelectElement).value)}
      >
        {/* A value the editor has no name for stays selectable, so looking does not change it. */}
        {!known && <option value={current}>{current}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldProblems path={path} id={`${id}-problems`} />
    </div>
  )
}

/**
 * A text in every language of the survey, side by side: one input per language, labelled `Headline` for the
 * default language and `Headline (de-DE)` for the others, with "Missing translation" shown by an enabled
 * language's empty input when the default has text. An emptied language is removed from the map, an emptied
 * map from the document.
 */
export function LocalizedTextField({ field, label, multiline }: { field: DocField<LocalizedText>; label: string; multiline?: boolean }) {
  const { doc, write, languages, defaultLanguage, texts, problemsAt, readOnly } = useEditor()
  const path = field.path
  const map = field.get(doc)
  const hasDefault = textIn(map, defaultLanguage) !== ''
  const baseId = fieldId(path)
  const writeText = (code: string, text: string) => {
    const next: LocalizedText = isTextMap(map) ? { ...map } : {}
    if (text === '') delete next[code]
    else next[code] = text
    write(field, Object.keys(next).length === 0 ? undefined : next)
  }
  return (
    <div class="cse-localized" role="group" aria-label={label}>
      {languages.map((language) => {
        const code = language.code
        const isDefault = code === defaultLanguage
        const id = isDefault ? baseId : fieldId(path, code)
        const text = textIn(map, code)
        const missing = !isDefault && language.enabled !== false && hasDefault && text === ''
        const problems = problemsAt(isDefault ? path : [...path, code])
        const describedBy = [missing ? `${id}-missing` : '', problems.length ? `${id}-problems` : ''].filter(Boolean).join(' ')
        const props = {
          id,
          value: text,
          lang: code,
          readOnly,
          onInput: (event: Event) => writeText(code, (event.currentTarget as HTMLInputElement).value),
          'aria-invalid': problems.length ? ('true' as const) : undefined,
          'aria-describedby': describedBy || undefined,
        }
        return (
          <div class="cse-field" key={code}>
            <label for={id}>{isDefault ? label : `${label} (${code})`}</label>
            {multiline ? <textarea {...props} rows={2} /> : <input type="text" {...props} />}
            {missing && (
              <span class="cse-missing" id={`${id}-missing`}>
                {texts.missingTranslation}
              </span>
            )}
            {isDefault ? (
              <FieldProblems path={path} id={`${id}-problems`} />
            ) : (
              <FieldProblems path={[...path, code]} id={`${id}-problems`} />
            )}
          </div>
        )
      })}
    </div>
  )
}

/** A map of texts as the document holds it: an object (its values are kept as they are, as the editor keeps any field). */
const isTextMap = (value: unknown): value is LocalizedText => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A list of values typed as tokens (file extensions): Enter or a comma adds what is typed, each token has a
 * button that removes it, and Backspace in the empty input removes the last. `normalize` cleans a typed value
 * (empty: not added); a value already listed is not added twice. An emptied list removes the field.
 */
export function TokenField({
  field,
  label,
  hint,
  normalize = (text) => text.trim(),
}: {
  field: DocField<string[]>
  label: string
  hint?: string
  normalize?(text: string): string
}) {
  const { doc, write, texts, problemsAt, readOnly } = useEditor()
  const path = field.path
  const id = fieldId(path)
  const stored = field.get(doc)
  const tokens = Array.isArray(stored) ? stored.map(String) : []
  const invalid = problemsAt(path).length > 0
  const writeTokens = (next: string[]) => write(field, next.length ? next : undefined)
  const add = (input: HTMLInputElement) => {
    const typed = input.value.split(',').map(normalize).filter(Boolean)
    input.value = ''
    const next = [...tokens]
    for (const token of typed) if (!next.includes(token)) next.push(token)
    if (next.length !== tokens.length) writeTokens(next)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const input = event.currentTarget as HTMLInputElement
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault()
      add(input)
    } else if (event.key === 'Backspace' && input.value === '' && tokens.length > 0) {
      event.preventDefault()
      writeTokens(tokens.slice(0, -1))
    }
  }
  const describedBy = [hint ? `${id}-hint` : '', invalid ? `${id}-problems` : ''].filter(Boolean).join(' ')
  return (
    <div class="cse-field">
      <label for={id}>{label}</label>
      {tokens.length > 0 && (
        <ul class="cse-tokens" aria-label={label}>
          {tokens.map((token, index) => (
            <li key={token} class="cse-token">
              <span>{token}</span>
              {!readOnly && (
                <button
                  type="button"
                  aria-label={`${texts.removeToken} ${token}`}
                  onClick={(event) => {
                    // The button goes with its token: the focus goes to the input, not to the page.
                    ;((event.currentTarget as HTMLElement).getRootNode() as Document | ShadowRoot).getElementById(id)?.focus()
                    writeTokens(tokens.filter((_, at) => at !== index))
                  }}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="text"
        readOnly={readOnly}
        onKeyDown={onKeyDown}
        onBlur={(event) => add(event.currentTarget as HTMLInputElement)}
        aria-invalid={invalid ? 'true' : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <span class="cse-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <FieldProblems path={path} id={`${id}-problems`} />
    </div>
  )
}

/** A titled group of fields. */
export function Section({ title, children, id }: { title: string; children: ComponentChildren; id?: string }) {
  return (
    <fieldset class="cse-section" id={id}>
      <legend>{title}</legend>
      {children}
    </fieldset>
  )
}
