/**
 * A block's logic: its rules (conditions joined by and/or, then actions) and where the survey goes when no
 * rule applies. A rule of an older shape and a nested condition group are shown as kept, never rewritten.
 */
import { ActionRow } from './action-row'
import { ConditionRow } from './condition-row'
import { FOCUS_ATTRIBUTE, neighbourKey, useFocusAfterRender } from './focus'
import { fill } from './labels'
import { blockProblems } from './logic-problems'
import type { LogicProblem } from './logic-problems'
import {
  addAction,
  addCondition,
  addRule,
  isEditableRule,
  isGroup,
  removeAction,
  removeCondition,
  removeRule,
  replaceAction,
  replaceCondition,
  replaceRule,
  setConnector,
  setFallback,
  withBlock,
} from './model'
import { TargetOptions } from './operand-options'
import type { Block, Doc, LogicRule, LogicTexts } from './types'

export interface BlockLogicEditorProps {
  survey: Doc
  block: Block
  /** The survey language whose texts name questions and choices (`en-US`, or `en` for the first `en-…`). */
  lang: string
  texts: LogicTexts
  onChange(block: Block): void
}

const ruleKey = (rule: unknown, index: number) => `rule:${isEditableRule(rule) ? rule.id : index}`

export function BlockLogicEditor(props: BlockLogicEditorProps) {
  const { block, lang, texts, onChange } = props
  const survey = withBlock(props.survey, block)
  const [root, focusLater] = useFocusAfterRender<HTMLElement>()
  const rules = block.logic ?? []
  const ruleKeys = rules.map(ruleKey)
  const at = `blocks.${Math.max(
    0,
    (survey.blocks ?? []).findIndex((item) => item.id === block.id),
  )}`
  const problems = blockProblems(survey, block, at)
  /** The message of the first problem under `path`, for the row that shows it. */
  const problemAt = (path: string) => {
    const found = problems.find((problem: LogicProblem) => problem.path === path || problem.path.startsWith(`${path}.`))
    return found ? texts[found.key] : undefined
  }
  return (
    <section class="cse-logic" ref={root} aria-label={fill(texts.logicOf, { name: block.name || block.id })}>
      {rules.length === 0 && <p class="cse-logic-note">{texts.noRules}</p>}
      {rules.map((rule, index) => (
        <fieldset key={ruleKeys[index]} class="cse-logic-rule" tabIndex={-1} {...{ [FOCUS_ATTRIBUTE]: ruleKeys[index] }}>
          <legend>{fill(texts.ruleNumber, { n: index + 1 })}</legend>
          {isEditableRule(rule) ? (
            <RuleEditor
              {...props}
              survey={survey}
              rule={rule}
              path={`${at}.logic.${index}`}
              problemAt={problemAt}
              focusLater={focusLater}
              onRule={(next) => onChange(replaceRule(block, index, next))}
            />
          ) : (
            <p class="cse-logic-note">{texts.keptRule}</p>
          )}
          <button
            type="button"
            class="cse-logic-remove"
            onClick={() => {
              focusLater(neighbourKey(ruleKeys, index, 'add-rule'))
              onChange(removeRule(block, index))
            }}
          >
            {fill(texts.removeRule, { n: index + 1 })}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        class="cse-logic-add"
        {...{ [FOCUS_ATTRIBUTE]: 'add-rule' }}
        onClick={() => {
          const added = addRule(survey, block)
          focusLater(`condition:${added.rule.conditions.conditions[0]?.id}`)
          onChange(added.block)
        }}
      >
        {texts.addRule}
      </button>
      <label class="cse-logic-field cse-logic-fallback">
        <span>{texts.fallback}</span>
        <select value={block.logicFallback ?? ''} onChange={(event) => onChange(setFallback(block, event.currentTarget.value))}>
          <option value="">{texts.nextBlock}</option>
          <TargetOptions blockId={block.id} current={block.logicFallback ?? ''} survey={survey} lang={lang} texts={texts} />
        </select>
      </label>
      <Problem message={problemAt(`${at}.logicFallback`)} />
    </section>
  )
}

interface RuleEditorProps extends BlockLogicEditorProps {
  rule: LogicRule
  /** The rule's path in the survey (`blocks.0.logic.1`). */
  path: string
  problemAt(path: string): string | undefined
  focusLater(key: string): void
  onRule(rule: LogicRule): void
}

function RuleEditor(props: RuleEditorProps) {
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
function Problem(props: { message: string | undefined }) {
  return props.message ? <p class="cse-logic-error">{props.message}</p> : null
}
