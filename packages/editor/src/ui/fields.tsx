import type { ComponentChildren } from 'preact'
import type { Path } from '../doc'
import { getIn, isRecord, textIn } from '../doc'
import { fieldId, useEditor } from './context'

/**
 * Shared form controls: each a native control with a visible label, its problems from the server below it
 * (tied by `aria-describedby`), writing straight into the document at its `path`.
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
  path: Path
  label: string
  type?: 'text' | 'url' | 'number'
  /** Written instead of the text (a number field writes a number, an empty one removes the field). */
  parse?: (text: string) => unknown
  format?: (value: unknown) => string
  multiline?: boolean
}

export function TextField({ path, label, type = 'text', parse, format, multiline }: TextFieldProps) {
  const { doc, set, problemsAt } = useEditor()
  const id = fieldId(path)
  const value = getIn(doc, path)
  const shown = format ? format(value) : value === undefined || value === null ? '' : String(value)
  const invalid = problemsAt(path).length > 0
  const onInput = (event: Event) => {
    const text = (event.currentTarget as HTMLInputElement).value
    set(path, parse ? parse(text) : text === '' ? undefined : text)
  }
  const common = {
    id,
    value: shown,
    onInput,
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

/** A number field: empty removes the field. */
export function NumberField({ path, label }: { path: Path; label: string }) {
  return (
    <TextField
      path={path}
      label={label}
      type="number"
      parse={(text) => (text === '' || !Number.isFinite(Number(text)) ? undefined : Number(text))}
    />
  )
}

export function CheckboxField({ path, label, defaultValue = false }: { path: Path; label: string; defaultValue?: boolean }) {
  const { doc, set } = useEditor()
  const id = fieldId(path)
  const value = getIn(doc, path)
  const checked = typeof value === 'boolean' ? value : defaultValue
  return (
    <div class="cse-field cse-check">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => set(path, (event.currentTarget as HTMLInputElement).checked)} />
      <label for={id}>{label}</label>
      <FieldProblems path={path} id={`${id}-problems`} />
    </div>
  )
}

export interface Option {
  value: string
  label: string
}

export function SelectField({
  path,
  label,
  options,
  parse,
  defaultValue,
}: {
  path: Path
  label: string
  options: Option[]
  parse?: (value: string) => unknown
  defaultValue?: string
}) {
  const { doc, set } = useEditor()
  const id = fieldId(path)
  const value = getIn(doc, path)
  const current = value === undefined ? (defaultValue ?? '') : String(value)
  const known = options.some((option) => option.value === current)
  return (
    <div class="cse-field">
      <label for={id}>{label}</label>
      <select
        id={id}
        value={current}
        onChange={(event) => set(path, (parse ?? ((text: string) => text))((event.currentTarget as HTMLSelectElement).value))}
      >
        {/* A value the editor has no name for stays selectable, so looking does not change it. */}
        {!known && <option value={current}>{current}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
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
export function LocalizedTextField({ path, label, multiline }: { path: Path; label: string; multiline?: boolean }) {
  const { doc, set, languages, defaultLanguage, texts, problemsAt } = useEditor()
  const map = getIn(doc, path)
  const hasDefault = textIn(map, defaultLanguage) !== ''
  const baseId = fieldId(path)
  const write = (code: string, text: string) => {
    const current = isRecord(map) ? (map as Record<string, unknown>) : {}
    const next: Record<string, unknown> = { ...current }
    if (text === '') delete next[code]
    else next[code] = text
    set(path, Object.keys(next).length === 0 ? undefined : next)
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
          onInput: (event: Event) => write(code, (event.currentTarget as HTMLInputElement).value),
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

/** A titled group of fields. */
export function Section({ title, children, id }: { title: string; children: ComponentChildren; id?: string }) {
  return (
    <fieldset class="cse-section" id={id}>
      <legend>{title}</legend>
      {children}
    </fieldset>
  )
}
