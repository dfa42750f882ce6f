/**
 * The survey's variables: name, type (number or text) and starting value. A name is checked as it is typed
 * (the server's rule: lowercase letters, digits and underscores, unique) and written to the survey only when
 * it passes, with the reason shown beside it until then. A variable the logic uses is not removed: its uses
 * are listed instead, since removing them is an edit of the logic this editor does not make behind the
 * person's back.
 */
import { useState } from 'preact/hooks'
import { FOCUS_ATTRIBUTE, neighbourKey, useFocusAfterRender } from './focus'
import { blockLabel, fill } from './labels'
import { usesOf } from './model'
import { newVariable, setVariableType, variableNameProblem } from './survey-settings'
import type { SurveyDocument, LogicTexts, Variable } from './types'

export interface VariablesEditorProps {
  survey: SurveyDocument
  texts: LogicTexts
  onChange(variables: Variable[]): void
}

export function VariablesEditor(props: VariablesEditorProps) {
  const { survey, texts, onChange } = props
  const variables = survey.variables ?? []
  const [root, focusLater] = useFocusAfterRender<HTMLElement>()
  /** Names being typed that are not (yet) valid, by variable id. */
  const [drafts, setDrafts] = useState<Record<string, string>>({})
  /** The variable whose removal was refused, and why. */
  const [refused, setRefused] = useState<{ id: string; message: string } | undefined>()
  const keys = variables.map((variable) => `variable:${variable.id}`)
  const replace = (index: number, variable: Variable) => onChange(variables.map((item, i) => (i === index ? variable : item)))
  return (
    <section class="cse-logic" ref={root} aria-label={texts.variablesHeading}>
      {variables.length === 0 && <p class="cse-logic-note">{texts.noVariablesYet}</p>}
      {variables.map((variable, index) => {
        const draft = drafts[variable.id]
        const problem = draft === undefined ? undefined : variableNameProblem(survey, variable.id, draft)
        const messageId = `cse-logic-variable-${index}-message`
        return (
          <div key={variable.id} class="cse-logic-row" role="group" aria-label={fill(texts.variableNumber, { n: index + 1 })}>
            <label class="cse-logic-field">
              <span>{texts.variableName}</span>
              <input
                type="text"
                {...{ [FOCUS_ATTRIBUTE]: keys[index] }}
                value={draft ?? variable.name}
                aria-invalid={problem ? 'true' : undefined}
                aria-describedby={problem ? messageId : undefined}
                onInput={(event) => {
                  const name = event.currentTarget.value
                  const { [variable.id]: _done, ...rest } = drafts
                  if (variableNameProblem(survey, variable.id, name)) {
                    setDrafts({ ...rest, [variable.id]: name })
                    return
                  }
                  setDrafts(rest)
                  replace(index, { ...variable, name })
                }}
              />
            </label>
            {problem && (
              <p id={messageId} class="cse-logic-error" role="alert">
                {texts[problem]}
              </p>
            )}
            <label class="cse-logic-field">
              <span>{texts.variableType}</span>
              <select
                value={variable.type}
                onChange={(event) => replace(index, setVariableType(variable, event.currentTarget.value as Variable['type']))}
              >
                <option value="number">{texts.typeNumber}</option>
                <option value="text">{texts.typeText}</option>
              </select>
            </label>
            {variable.type === 'number' ? (
              <label class="cse-logic-field">
                <span>{texts.initialValue}</span>
                <input
                  type="number"
                  value={String(variable.value ?? 0)}
                  onChange={(event) => {
                    const number = Number(event.currentTarget.value)
                    replace(index, { ...variable, value: event.currentTarget.value.trim() !== '' && Number.isFinite(number) ? number : 0 })
                  }}
                />
              </label>
            ) : (
              <label class="cse-logic-field">
                <span>{texts.initialValue}</span>
                <input
                  type="text"
                  value={variable.value ?? ''}
                  onInput={(event) => replace(index, { ...variable, value: event.currentTarget.value })}
                />
              </label>
            )}
            <button
              type="button"
              class="cse-logic-remove"
              onClick={() => {
                const uses = usesOf(survey, 'variable', variable.id)
                if (uses.length > 0) {
                  const places = uses.map((use) => {
                    const block = survey.blocks?.find((item) => item.id === use.blockId)
                    return fill(texts.usePlace, { block: block ? blockLabel(block, survey, texts) : use.blockId, rule: use.rule })
                  })
                  setRefused({ id: variable.id, message: fill(texts.variableInUse, { name: variable.name, places: places.join(', ') }) })
                  return
                }
                setRefused(undefined)
                focusLater(neighbourKey(keys, index, 'add-variable'))
                onChange(variables.filter((_, i) => i !== index))
              }}
            >
              {fill(texts.removeVariable, { name: variable.name })}
            </button>
            {refused?.id === variable.id && (
              <p class="cse-logic-error" role="alert">
                {refused.message}
              </p>
            )}
          </div>
        )
      })}
      <button
        type="button"
        class="cse-logic-add"
        {...{ [FOCUS_ATTRIBUTE]: 'add-variable' }}
        onClick={() => {
          const variable = newVariable(survey)
          focusLater(`variable:${variable.id}`)
          onChange([...variables, variable])
        }}
      >
        {texts.addVariable}
      </button>
    </section>
  )
}
