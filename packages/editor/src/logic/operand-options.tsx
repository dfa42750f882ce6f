/**
 * The `<option>` lists the logic rows share: operands grouped as questions, variables and hidden fields, and
 * jump targets as blocks and endings. A value the lists do not hold (an id of something removed since, or a
 * shape of an older client) is listed too, marked, so that a select never shows a value other than the one
 * stored, and an untouched select never changes it.
 */
import { blockLabel, elementLabel, endingLabel, fill } from './labels'
import type { SurveyDocument, Element, LogicTexts, Operand } from './types'

/** An operand as a select value, `type:id`; the reference's older `question` names an element too. */
export function operandKey(operand: Operand | undefined): string {
  if (!operand || operand.type === 'static') return ''
  return `${operand.type === 'question' ? 'element' : operand.type}:${operand.value}`
}

/** The operand a select value names. */
export function operandOfKey(key: string): Operand {
  const at = key.indexOf(':')
  const type = key.slice(0, at) as 'element' | 'variable' | 'hiddenField'
  return { type, value: key.slice(at + 1) }
}

export interface OperandChoices {
  elements: Element[]
  variables: NonNullable<SurveyDocument['variables']>
  hiddenFields: string[]
}

export function OperandOptions(props: {
  choices: OperandChoices
  current: string
  survey: SurveyDocument
  lang: string
  texts: LogicTexts
}) {
  const { choices, current, survey, lang, texts } = props
  const keys = [
    ...choices.elements.map((element) => `element:${element.id}`),
    ...choices.variables.map((variable) => `variable:${variable.id}`),
    ...choices.hiddenFields.map((id) => `hiddenField:${id}`),
  ]
  return (
    <>
      {current !== '' && !keys.includes(current) && (
        <option value={current}>{fill(texts.unknownOption, { id: current.slice(current.indexOf(':') + 1) })}</option>
      )}
      {choices.elements.length > 0 && (
        <optgroup label={texts.groupQuestions}>
          {choices.elements.map((element) => (
            <option key={element.id} value={`element:${element.id}`}>
              {elementLabel(element, lang, survey)}
            </option>
          ))}
        </optgroup>
      )}
      {choices.variables.length > 0 && (
        <optgroup label={texts.groupVariables}>
          {choices.variables.map((variable) => (
            <option key={variable.id} value={`variable:${variable.id}`}>
              {variable.name}
            </option>
          ))}
        </optgroup>
      )}
      {choices.hiddenFields.length > 0 && (
        <optgroup label={texts.groupHiddenFields}>
          {choices.hiddenFields.map((id) => (
            <option key={id} value={`hiddenField:${id}`}>
              {id}
            </option>
          ))}
        </optgroup>
      )}
    </>
  )
}

/** Later blocks and the endings, as jump targets; `current` listed too when it is neither. */
export function TargetOptions(props: { blockId: string; current: string; survey: SurveyDocument; lang: string; texts: LogicTexts }) {
  const { blockId, current, survey, lang, texts } = props
  const blocks = survey.blocks ?? []
  const later = blocks.slice(blocks.findIndex((block) => block.id === blockId) + 1)
  const endings = survey.endings ?? []
  const known = current === '' || later.some((block) => block.id === current) || endings.some((ending) => ending.id === current)
  const earlier = blocks.find((block) => block.id === current)
  return (
    <>
      {!known && (
        <option value={current}>
          {earlier
            ? fill(texts.earlierBlockOption, { name: blockLabel(earlier, survey, texts) })
            : fill(texts.unknownOption, { id: current })}
        </option>
      )}
      {later.length > 0 && (
        <optgroup label={texts.groupBlocks}>
          {later.map((block) => (
            <option key={block.id} value={block.id}>
              {blockLabel(block, survey, texts)}
            </option>
          ))}
        </optgroup>
      )}
      {endings.length > 0 && (
        <optgroup label={texts.groupEndings}>
          {endings.map((ending) => (
            <option key={ending.id} value={ending.id}>
              {endingLabel(ending, survey, lang, texts)}
            </option>
          ))}
        </optgroup>
      )}
    </>
  )
}
