/**
 * One condition of a rule: what it reads (a question of this or an earlier block, a variable, a hidden
 * field), the operator that applies to it, and what it is compared with — a value of the right kind (a
 * number, a text, one or several of the question's choices, a date) or another question or variable.
 */
import { FOCUS_ATTRIBUTE } from './focus'
import { fill, textIn } from './labels'
import { elementsOfKind, elementsUpTo, findElement, operatorsFor, setLeftOperand, setOperator, setRightOperand } from './model'
import type { ValueKind } from './model'
import { OperandOptions, operandKey, operandOfKey } from './operand-options'
import type { OperandChoices } from './operand-options'
import { operatorText } from './texts'
import type { Block, Condition, SurveyDocument, LogicTexts, Operand } from './types'

export interface ConditionRowProps {
  survey: SurveyDocument
  block: Block
  condition: Condition
  index: number
  lang: string
  texts: LogicTexts
  focusKey: string
  /** What is wrong with this row, in words. */
  problem?: string | undefined
  onChange(condition: Condition): void
  onRemove(): void
}

export function ConditionRow(props: ConditionRowProps) {
  const { survey, block, condition, index, lang, texts } = props
  const choices: OperandChoices = {
    elements: elementsUpTo(survey, block.id),
    variables: survey.variables ?? [],
    hiddenFields: survey.hiddenFields?.fieldIds ?? [],
  }
  const specs = operatorsFor(survey, condition.leftOperand)
  const spec = specs.find((item) => item.operator === condition.operator)
  return (
    <div class="cse-logic-condition" role="group" aria-label={fill(texts.conditionNumber, { n: index + 1 })}>
      <label class="cse-logic-field">
        <span>{texts.leftOperand}</span>
        <select
          {...{ [FOCUS_ATTRIBUTE]: props.focusKey }}
          value={operandKey(condition.leftOperand)}
          onChange={(event) => props.onChange(setLeftOperand(survey, condition, operandOfKey(event.currentTarget.value)))}
        >
          {operandKey(condition.leftOperand) === '' && <option value="">{texts.choose}</option>}
          <OperandOptions choices={choices} current={operandKey(condition.leftOperand)} survey={survey} lang={lang} texts={texts} />
        </select>
      </label>
      <label class="cse-logic-field">
        <span>{texts.operator}</span>
        <select value={condition.operator} onChange={(event) => props.onChange(setOperator(survey, condition, event.currentTarget.value))}>
          {!spec && <option value={condition.operator}>{fill(texts.unknownOption, { id: condition.operator })}</option>}
          {specs.map((item) => (
            <option key={item.operator} value={item.operator}>
              {operatorText(texts, item.operator)}
            </option>
          ))}
        </select>
      </label>
      {spec && spec.right !== 'none' && (
        <RightSide
          {...props}
          kind={spec.right}
          choices={choices}
          onRight={(operand) => props.onChange(setRightOperand(condition, operand))}
        />
      )}
      <button type="button" class="cse-logic-remove" onClick={props.onRemove}>
        {fill(texts.removeCondition, { n: index + 1 })}
      </button>
      {props.problem && <p class="cse-logic-error">{props.problem}</p>}
    </div>
  )
}

function RightSide(
  props: ConditionRowProps & { kind: Exclude<ValueKind, 'none'>; choices: OperandChoices; onRight(operand: Operand | undefined): void },
) {
  const { survey, condition, kind, lang, texts, onRight } = props
  const right = condition.rightOperand
  const element =
    condition.leftOperand.type === 'element' || condition.leftOperand.type === 'question'
      ? findElement(survey, String(condition.leftOperand.value))
      : undefined
  if (kind === 'choice') {
    const value = right?.type === 'static' && typeof right.value === 'string' ? right.value : ''
    return (
      <label class="cse-logic-field">
        <span>{texts.choice}</span>
        <select
          value={value}
          onChange={(event) => onRight(event.currentTarget.value === '' ? undefined : { type: 'static', value: event.currentTarget.value })}
        >
          <option value="">{texts.choose}</option>
          {value !== '' && !element?.choices?.some((choice) => choice.id === value) && (
            <option value={value}>{fill(texts.unknownOption, { id: value })}</option>
          )}
          {(element?.choices ?? []).map((choice) => (
            <option key={choice.id} value={choice.id}>
              {textIn(choice.label, lang, survey) || choice.id}
            </option>
          ))}
        </select>
      </label>
    )
  }
  if (kind === 'choices') {
    const chosen = right?.type === 'static' && Array.isArray(right.value) ? right.value : []
    const toggle = (id: string, on: boolean) =>
      onRight({
        ...(right?.type === 'static' ? right : {}),
        type: 'static',
        value: on ? [...chosen, id] : chosen.filter((item) => item !== id),
      })
    return (
      <fieldset class="cse-logic-choices">
        <legend>{texts.choices}</legend>
        {(element?.choices ?? []).map((choice) => (
          <label key={choice.id} class="cse-logic-check">
            <input
              type="checkbox"
              checked={chosen.includes(choice.id)}
              onChange={(event) => toggle(choice.id, event.currentTarget.checked)}
            />
            <span>{textIn(choice.label, lang, survey) || choice.id}</span>
          </label>
        ))}
      </fieldset>
    )
  }
  if (kind === 'date') {
    const value = right?.type === 'static' && typeof right.value === 'string' ? right.value : ''
    return (
      <label class="cse-logic-field">
        <span>{texts.date}</span>
        <input
          type="date"
          value={value}
          onChange={(event) => onRight(event.currentTarget.value === '' ? undefined : { type: 'static', value: event.currentTarget.value })}
        />
      </label>
    )
  }
  // A number or a text: typed, or read from a variable, a hidden field or an earlier answer of the same kind.
  const leftKey = operandKey(condition.leftOperand)
  const references: OperandChoices = {
    elements: elementsOfKind(props.choices.elements, kind).filter((item) => `element:${item.id}` !== leftKey),
    variables: props.choices.variables.filter((variable) => variable.type === kind && `variable:${variable.id}` !== leftKey),
    hiddenFields: kind === 'text' ? props.choices.hiddenFields.filter((id) => `hiddenField:${id}` !== leftKey) : [],
  }
  const hasReferences = references.elements.length + references.variables.length + references.hiddenFields.length > 0
  const source = operandKey(right)
  return (
    <>
      {(hasReferences || source !== '') && (
        <label class="cse-logic-field">
          <span>{texts.compareWith}</span>
          <select
            value={source}
            onChange={(event) => onRight(event.currentTarget.value === '' ? undefined : operandOfKey(event.currentTarget.value))}
          >
            <option value="">{texts.typedValue}</option>
            <OperandOptions choices={references} current={source} survey={survey} lang={lang} texts={texts} />
          </select>
        </label>
      )}
      {source === '' && <StaticInput kind={kind} operand={right} label={texts.value} onValue={onRight} />}
    </>
  )
}

/** A typed number or text; a number is committed on change (not per keystroke), so that `1.` can be typed on to `1.5`. */
export function StaticInput(props: {
  kind: 'number' | 'text'
  operand: Operand | undefined
  label: string
  onValue(operand: Operand | undefined): void
}) {
  const { kind, operand, label, onValue } = props
  const value = operand?.type === 'static' && !Array.isArray(operand.value) ? String(operand.value) : ''
  if (kind === 'number') {
    return (
      <label class="cse-logic-field">
        <span>{label}</span>
        <input
          type="number"
          value={value}
          onChange={(event) => {
            const text = event.currentTarget.value.trim()
            const number = Number(text)
            onValue(text === '' || !Number.isFinite(number) ? undefined : { type: 'static', value: number })
          }}
        />
      </label>
    )
  }
  return (
    <label class="cse-logic-field">
      <span>{label}</span>
      <input type="text" value={value} onInput={(event) => onValue({ type: 'static', value: event.currentTarget.value })} />
    </label>
  )
}
