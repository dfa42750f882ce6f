/**
 * The Settings panel's own controls: a labelled input with help text and its problem at the field (the editor's
 * check first, else the server's), for settings whose value is not a plain text.
 */
import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import type { Path } from '../doc'
import { fieldId, useEditor } from '../ui/context'

interface SettingInputProps {
  /** The setting's place in the document: its DOM id and the server's problems come from it. */
  path: Path
  label: string
  help?: string
  /** The text shown. */
  value: string
  /** The typed text: a problem in the person's words when it cannot be taken, else nothing. */
  onText(text: string): string | undefined
  type?: 'text' | 'number' | 'datetime-local' | 'url'
  inputMode?: 'numeric' | 'decimal'
  maxLength?: number
  id?: string
}

/** A labelled input whose text the caller turns into the setting; what it refuses is said under it. */
export function SettingInput(props: SettingInputProps) {
  const { problemsAt } = useEditor()
  const id = props.id ?? fieldId(props.path)
  // What the person typed that the setting could not take stays shown, with its problem.
  const [typed, setTyped] = useState<{ text: string; problem: string } | null>(null)
  const server = problemsAt(props.path).map((problem) => problem.message)
  const problems = typed ? [typed.problem] : server
  const described = [props.help ? `${id}-help` : '', problems.length ? `${id}-problems` : ''].filter(Boolean).join(' ')
  return (
    <div class="cse-field">
      <label for={id}>{props.label}</label>
      <input
        id={id}
        type={(props.type ?? 'text') as 'text'}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        value={typed ? typed.text : props.value}
        aria-invalid={problems.length ? 'true' : undefined}
        aria-describedby={described || undefined}
        onInput={(event) => {
          const text = (event.currentTarget as HTMLInputElement).value
          const problem = props.onText(text)
          setTyped(problem === undefined ? null : { text, problem })
        }}
      />
      {props.help && (
        <span class="cse-help" id={`${id}-help`}>
          {props.help}
        </span>
      )}
      {problems.length > 0 && (
        <ul class="cse-field-problems" id={`${id}-problems`}>
          {problems.map((problem, index) => (
            <li key={index}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** A checkbox whose state is the caller's (a setting read inverted, or one spread over two fields). */
export function SettingCheck({
  id,
  label,
  checked,
  onChange,
}: {
  id: string
  label: string
  checked: boolean
  onChange(checked: boolean): void
}) {
  return (
    <div class="cse-field cse-check">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange((event.currentTarget as HTMLInputElement).checked)} />
      <label for={id}>{label}</label>
    </div>
  )
}

/** A choice among radio buttons, in a fieldset named by `legend` (arrow keys move and choose). */
export function RadioChoice<V extends string>(props: {
  name: string
  legend: string
  help?: string
  value: V
  options: Array<{ value: V; label: string }>
  onChange(value: V): void
  children?: ComponentChildren
}) {
  return (
    <fieldset class="cse-subsection cse-radios" aria-describedby={props.help ? `${props.name}-help` : undefined}>
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <div class="cse-field cse-check" key={option.value}>
          <input
            type="radio"
            id={`${props.name}-${option.value}`}
            name={props.name}
            value={option.value}
            checked={props.value === option.value}
            onChange={() => props.onChange(option.value)}
          />
          <label for={`${props.name}-${option.value}`}>{option.label}</label>
        </div>
      ))}
      {props.help && (
        <span class="cse-help" id={`${props.name}-help`}>
          {props.help}
        </span>
      )}
      {props.children}
    </fieldset>
  )
}

/** A whole number from `text`, `null` for an empty text, or the problem to say. */
export function wholeNumber(text: string, min: number, problem: string): number | null | { problem: string } {
  const trimmed = text.trim()
  if (trimmed === '') return null
  const number = Number(trimmed)
  return Number.isInteger(number) && number >= min ? number : { problem }
}

/** `{n}`-style placeholders of a text filled in. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}
