/**
 * A block's logic: its rules (conditions joined by and/or, then actions) and where the survey goes when no
 * rule applies. A rule of an older shape and a nested condition group are shown as kept, never rewritten.
 */
import { FOCUS_ATTRIBUTE, neighbourKey, useFocusAfterRender } from './focus'
import { fill } from './labels'
import { blockProblems } from './logic-problems'
import type { LogicProblem } from './logic-problems'
import { addRule, isEditableRule, removeRule, replaceRule, setFallback, withBlock } from './model'
import { TargetOptions } from './operand-options'
import { Problem, RuleEditor } from './rule-editor'
import type { Block, SurveyDocument, LogicTexts } from './types'

export interface BlockLogicEditorProps {
  survey: SurveyDocument
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
  const blockIndex = (survey.blocks ?? []).findIndex((item) => item.id === block.id)
  const at = `blocks.${Math.max(0, blockIndex)}`
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
              survey={survey}
              block={block}
              lang={lang}
              texts={texts}
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
