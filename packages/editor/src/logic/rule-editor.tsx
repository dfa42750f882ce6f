/**
 * One rule of a block's logic: its conditions (joined by and/or; a nested group is shown and kept, not
 * edited) and its actions, with focus moved to a row when it is added and to its neighbour when one is removed.
 */
import { ActionRow } from './action-row'
import { ConditionRow } from './condition-row'
import { FOCUS_ATTRIBUTE, neighbourKey } from './focus'
import { fill } from './labels'
import { addAction, addCondition, isGroup, removeAction, removeCondition, replaceAction, replaceCondition, setConnector } from './model'
import type { Block, SurveyDocument, LogicRule, LogicTexts } from './types'

export interface RuleEditorProps {
  /** The survey with the block as edited, whose questions, variables and blocks the rows offer. */
  survey: SurveyDocument
  block: Block
  /** The survey language whose texts name questions and choices. */
  lang: string
  texts: LogicTexts
  rule: LogicRule
  /** The rule's path in the survey (`blocks.0.logic.1`). */
  path: string
  problemAt(path: string): string | undefined
  focusLater(key: string): void
  onRule(rule: LogicRule): void
}

export function RuleEditor(props: RuleEditorProps) {
  const { survey, block, rule, path, problemAt, lang, texts, focusLater, onRule } = props
  const conditions = rule.conditions.conditions
  const conditionKeys = conditions.map((item, index) => `condition:${isGroup(item) || item.id === undefined ? `at-${index}` : item.id}`)
  const actionKeys = rule.actions.map((action, index) => `action:${action.id ?? index}`)
  return (
    <>
      <fieldset class="cse-logic-conditions">
        <legend>{texts.conditions}</legend>
        <label class="cse-logic-field">
          <span>{texts.connector}</span>
          <select
            value={rule.conditions.connector}
            onChange={(event) => onRule(setConnector(rule, event.currentTarget.value as 'and' | 'or'))}
          >
            <option value="and">{texts.connectorAnd}</option>
            <option value="or">{texts.connectorOr}</option>
          </select>
        </label>
        {conditions.map((item, index) => {
          const remove = () => {
            focusLater(neighbourKey(conditionKeys, index, `add-condition:${rule.id}`))
            onRule(removeCondition(rule, index))
          }
          if (isGroup(item)) {
            return (
              <div
                key={conditionKeys[index]}
                class="cse-logic-condition"
                role="group"
                aria-label={fill(texts.conditionNumber, { n: index + 1 })}
              >
                <p class="cse-logic-note">{fill(texts.keptGroup, { count: item.conditions.length, connector: item.connector })}</p>
                <button type="button" class="cse-logic-remove" {...{ [FOCUS_ATTRIBUTE]: conditionKeys[index] }} onClick={remove}>
                  {fill(texts.removeCondition, { n: index + 1 })}
                </button>
              </div>
            )
          }
          return (
            <ConditionRow
              key={conditionKeys[index]}
              survey={survey}
              block={block}
              condition={item}
              index={index}
              lang={lang}
              texts={texts}
              focusKey={conditionKeys[index]!}
              problem={problemAt(`${path}.conditions.conditions.${index}`)}
              onChange={(next) => onRule(replaceCondition(rule, index, next))}
              onRemove={remove}
            />
          )
        })}
        <button
          type="button"
          class="cse-logic-add"
          {...{ [FOCUS_ATTRIBUTE]: `add-condition:${rule.id}` }}
          onClick={() => {
            const added = addCondition(survey, block, rule)
            focusLater(`condition:${added.condition.id}`)
            onRule(added.rule)
          }}
        >
          {texts.addCondition}
        </button>
      </fieldset>
      <fieldset class="cse-logic-actions">
        <legend>{texts.actions}</legend>
        {rule.actions.map((action, index) => (
          <ActionRow
            key={actionKeys[index]}
            survey={survey}
            block={block}
            action={action}
            index={index}
            lang={lang}
            texts={texts}
            focusKey={actionKeys[index]!}
            problem={problemAt(`${path}.actions.${index}`)}
            onChange={(next) => onRule(replaceAction(rule, index, next))}
            onRemove={() => {
              focusLater(neighbourKey(actionKeys, index, `add-action:${rule.id}`))
              onRule(removeAction(rule, index))
            }}
          />
        ))}
        <button
          type="button"
          class="cse-logic-add"
          {...{ [FOCUS_ATTRIBUTE]: `add-action:${rule.id}` }}
          onClick={() => {
            const added = addAction(survey, block, rule)
            focusLater(`action:${added.action.id}`)
            onRule(added.rule)
          }}
        >
          {texts.addAction}
        </button>
        <Problem message={rule.actions.length === 0 ? problemAt(`${path}.actions`) : undefined} />
      </fieldset>
    </>
  )
}

/** A problem of the row above, in words; nothing when there is none. */
export function Problem(props: { message: string | undefined }) {
  return props.message ? <p class="cse-logic-error">{props.message}</p> : null
}
