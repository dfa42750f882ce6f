/**
 * One action of a rule: jump to a later block or an ending, calculate a variable (its operator by the
 * variable's type, its value typed or read from another variable, a hidden field or an answer), or make a
 * question of a later block required. An action of another kind is shown by its name and kept as it is.
 */
import { StaticInput } from './condition-row'
import { FOCUS_ATTRIBUTE } from './focus'
import { elementLabel, fill } from './labels'
import { calculateOperators, elementsAfter, elementsOfKind, elementsUpTo, findVariable, setCalculateVariable, setObjective } from './model'
import { OperandOptions, TargetOptions, operandKey, operandOfKey } from './operand-options'
import type { OperandChoices } from './operand-options'
import { calculateText } from './texts'
import type { ActionObjective, Block, CalculateAction, SurveyDocument, LogicAction, LogicTexts } from './types'

const OBJECTIVES: ActionObjective[] = ['jumpToBlock', 'calculate', 'requireAnswer']

export interface ActionRowProps {
  survey: SurveyDocument
  block: Block
  action: LogicAction
  index: number
  lang: string
  texts: LogicTexts
  focusKey: string
  /** What is wrong with this row, in words. */
  problem?: string | undefined
  onChange(action: LogicAction): void
  onRemove(): void
}

export function ActionRow(props: ActionRowProps) {
  const { survey, block, action, index, lang, texts, onChange } = props
  const objectiveText: Record<ActionObjective, string> = {
    jumpToBlock: texts.actionJump,
    calculate: texts.actionCalculate,
    requireAnswer: texts.actionRequire,
  }
  const known = OBJECTIVES.includes(action.objective)
  return (
    <div class="cse-logic-action" role="group" aria-label={fill(texts.actionNumber, { n: index + 1 })}>
      <label class="cse-logic-field">
        <span>{texts.action}</span>
        <select
          {...{ [FOCUS_ATTRIBUTE]: props.focusKey }}
          value={action.objective}
          onChange={(event) => onChange(setObjective(survey, action, event.currentTarget.value as ActionObjective))}
        >
          {!known && <option value={action.objective}>{fill(texts.unknownOption, { id: String(action.objective) })}</option>}
          {OBJECTIVES.map((objective) => (
            <option key={objective} value={objective}>
              {objectiveText[objective]}
            </option>
          ))}
        </select>
      </label>
      {action.objective === 'jumpToBlock' && (
        <label class="cse-logic-field">
          <span>{texts.jumpTarget}</span>
          <select value={action.target} onChange={(event) => onChange({ ...action, target: event.currentTarget.value })}>
            {action.target === '' && <option value="">{texts.choose}</option>}
            <TargetOptions blockId={block.id} current={action.target} survey={survey} lang={lang} texts={texts} />
          </select>
        </label>
      )}
      {action.objective === 'requireAnswer' && <RequireTarget {...props} action={action} />}
      {action.objective === 'calculate' && <Calculation {...props} action={action} />}
      <button type="button" class="cse-logic-remove" onClick={props.onRemove}>
        {fill(texts.removeAction, { n: index + 1 })}
      </button>
      {props.problem && <p class="cse-logic-error">{props.problem}</p>}
    </div>
  )
}

function RequireTarget(props: ActionRowProps & { action: LogicAction & { objective: 'requireAnswer' } }) {
  const { survey, block, action, lang, texts, onChange } = props
  const elements = elementsAfter(survey, block.id)
  return (
    <label class="cse-logic-field">
      <span>{texts.requireTarget}</span>
      <select value={action.target} onChange={(event) => onChange({ ...action, target: event.currentTarget.value })}>
        {action.target === '' && <option value="">{texts.choose}</option>}
        {action.target !== '' && !elements.some((element) => element.id === action.target) && (
          <option value={action.target}>{fill(texts.unknownOption, { id: action.target })}</option>
        )}
        {elements.map((element) => (
          <option key={element.id} value={element.id}>
            {elementLabel(element, lang, survey)}
          </option>
        ))}
      </select>
    </label>
  )
}

function Calculation(props: ActionRowProps & { action: CalculateAction }) {
  const { survey, block, action, lang, texts, onChange } = props
  const variables = survey.variables ?? []
  const variable = findVariable(survey, action.variableId)
  const kind = variable?.type ?? 'number'
  const operators = calculateOperators(variable?.type)
  const sources: OperandChoices = {
    elements: elementsOfKind(elementsUpTo(survey, block.id), kind),
    variables: variables.filter((item) => item.type === kind && item.id !== action.variableId),
    hiddenFields: kind === 'text' ? (survey.hiddenFields?.fieldIds ?? []) : [],
  }
  const source = operandKey(action.value)
  if (variables.length === 0 && action.variableId === '') return <p class="cse-logic-note">{texts.noVariables}</p>
  return (
    <>
      <label class="cse-logic-field">
        <span>{texts.calculateVariable}</span>
        <select value={action.variableId} onChange={(event) => onChange(setCalculateVariable(survey, action, event.currentTarget.value))}>
          {action.variableId === '' && <option value="">{texts.choose}</option>}
          {action.variableId !== '' && !variable && (
            <option value={action.variableId}>{fill(texts.unknownOption, { id: action.variableId })}</option>
          )}
          {variables.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      </label>
      <label class="cse-logic-field">
        <span>{texts.calculateOperator}</span>
        <select value={action.operator} onChange={(event) => onChange({ ...action, operator: event.currentTarget.value })}>
          {!operators.includes(action.operator) && (
            <option value={action.operator}>{fill(texts.unknownOption, { id: action.operator })}</option>
          )}
          {operators.map((operator) => (
            <option key={operator} value={operator}>
              {calculateText(texts, operator)}
            </option>
          ))}
        </select>
      </label>
      <label class="cse-logic-field">
        <span>{texts.valueFrom}</span>
        <select
          value={source}
          onChange={(event) => {
            const key = event.currentTarget.value
            onChange({ ...action, value: key === '' ? { type: 'static', value: kind === 'text' ? '' : 1 } : operandOfKey(key) })
          }}
        >
          <option value="">{texts.typedValue}</option>
          <OperandOptions choices={sources} current={source} survey={survey} lang={lang} texts={texts} />
        </select>
      </label>
      {source === '' && (
        <StaticInput
          kind={kind}
          operand={action.value}
          label={texts.value}
          onValue={(operand) => {
            const { value: _old, ...rest } = action
            onChange(operand === undefined ? rest : { ...rest, value: operand })
          }}
        />
      )}
    </>
  )
}
