/**
 * The block logic editor's operations as pure functions: each takes the parts it changes and answers new
 * ones, leaving every field it does not edit as it was (a rule of an older shape, a nested condition group,
 * an action of another kind, an operand's `meta`), so that loading and saving a survey sends back what was
 * loaded. The components only wire these to controls.
 */
import { elementValueKind, findVariable, operatorsFor } from './operators'
import type { OperatorSpec, ValueKind } from './operators'
import type {
  ActionObjective,
  Block,
  Condition,
  ConditionGroup,
  SurveyDocument,
  Element,
  Ending,
  LogicAction,
  LogicRule,
  Operand,
} from './types'

export * from './operators'

/** A rule this editor can edit: the current shape, `conditions` a group and `actions` a list. */
export function isEditableRule(rule: unknown): rule is LogicRule {
  if (typeof rule !== 'object' || rule === null) return false
  const { conditions, actions } = rule as Record<string, unknown>
  return isGroup(conditions) && Array.isArray(actions)
}

export function isGroup(value: unknown): value is ConditionGroup {
  return typeof value === 'object' && value !== null && Array.isArray((value as ConditionGroup).conditions)
}

/** The blocks before and including `blockId`, their elements: what a condition of that block may read. */
export function elementsUpTo(survey: SurveyDocument, blockId: string): Element[] {
  const blocks = survey.blocks ?? []
  const index = blocks.findIndex((block) => block.id === blockId)
  return blocks.slice(0, index + 1).flatMap((block) => block.elements)
}

/** The elements of the blocks after `blockId`: what a rule may make required (the current page is already answered). */
export function elementsAfter(survey: SurveyDocument, blockId: string): Element[] {
  const blocks = survey.blocks ?? []
  const index = blocks.findIndex((block) => block.id === blockId)
  return index === -1 ? [] : blocks.slice(index + 1).flatMap((block) => block.elements)
}

/** Where a rule or the fallback of `blockId` may send someone: a later block or an ending. */
export function jumpTargets(survey: SurveyDocument, blockId: string): { blocks: Block[]; endings: Ending[] } {
  const blocks = survey.blocks ?? []
  const index = blocks.findIndex((block) => block.id === blockId)
  return { blocks: index === -1 ? [] : blocks.slice(index + 1), endings: survey.endings ?? [] }
}

/** Every id used in the survey's logic (rules, groups, conditions, actions). */
export function logicIds(survey: SurveyDocument, ...extra: Block[]): Set<string> {
  const ids = new Set<string>()
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk)
    else if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>
      if (typeof record.id === 'string') ids.add(record.id)
      for (const key of ['conditions', 'actions']) walk(record[key])
    }
  }
  for (const block of [...(survey.blocks ?? []), ...extra]) walk(block.logic)
  return ids
}

/** `prefix-n` with the smallest n from 1 that `taken` does not hold; the id is added to `taken`. */
export function uniqueId(prefix: string, taken: Set<string>): string {
  let n = 1
  while (taken.has(`${prefix}-${n}`)) n++
  const id = `${prefix}-${n}`
  taken.add(id)
  return id
}

/** A condition on the block's last element (the question just answered), with its first operator. */
export function newCondition(survey: SurveyDocument, block: Block, taken: Set<string>): Condition {
  const element = block.elements.at(-1) ?? elementsUpTo(survey, block.id).at(-1)
  const leftOperand: Operand = { type: 'element', value: element?.id ?? '' }
  const spec = operatorsFor(withBlock(survey, block), leftOperand)[0]
  return withRightFor({ id: uniqueId('condition', taken), leftOperand, operator: spec?.operator ?? 'isSubmitted' }, spec, undefined)
}

/** A new action; a jump's or requirement's target is left for the person to choose. */
export function newAction(survey: SurveyDocument, objective: ActionObjective, id: string): LogicAction {
  if (objective === 'calculate') {
    const variable = survey.variables?.[0]
    return {
      id,
      objective,
      variableId: variable?.id ?? '',
      operator: variable?.type === 'text' ? 'assign' : 'add',
      value: { type: 'static', value: variable?.type === 'text' ? '' : 1 },
    }
  }
  return { id, objective, target: '' }
}

/** `block` with a new rule at the end: one condition, one jump. */
export function addRule(survey: SurveyDocument, block: Block): { block: Block; rule: LogicRule } {
  const taken = logicIds(survey, block)
  const rule: LogicRule = {
    id: uniqueId('rule', taken),
    conditions: { id: uniqueId('group', taken), connector: 'and', conditions: [] },
    actions: [],
  }
  rule.conditions.conditions.push(newCondition(survey, block, taken))
  rule.actions.push(newAction(survey, 'jumpToBlock', uniqueId('action', taken)))
  return { block: { ...block, logic: [...(block.logic ?? []), rule] }, rule }
}

/** `block` without its rule at `index` (any rule, editable or not: removing is an edit the person asked for). */
export function removeRule(block: Block, index: number): Block {
  const logic = (block.logic ?? []).filter((_, i) => i !== index)
  const { logic: _old, ...rest } = block
  return logic.length > 0 ? { ...rest, logic } : rest
}

/** `block` with the rule at `index` replaced. */
export function replaceRule(block: Block, index: number, rule: LogicRule): Block {
  return { ...block, logic: (block.logic ?? []).map((item, i) => (i === index ? rule : item)) }
}

export function setConnector(rule: LogicRule, connector: 'and' | 'or'): LogicRule {
  return { ...rule, conditions: { ...rule.conditions, connector } }
}

/** `rule` with a new condition at the end of its top group. */
export function addCondition(survey: SurveyDocument, block: Block, rule: LogicRule): { rule: LogicRule; condition: Condition } {
  const condition = newCondition(survey, block, logicIds(survey, block))
  return { rule: { ...rule, conditions: { ...rule.conditions, conditions: [...rule.conditions.conditions, condition] } }, condition }
}

/** `rule` without the top group's entry at `index` (a condition or a nested group). */
export function removeCondition(rule: LogicRule, index: number): LogicRule {
  return { ...rule, conditions: { ...rule.conditions, conditions: rule.conditions.conditions.filter((_, i) => i !== index) } }
}

export function replaceCondition(rule: LogicRule, index: number, condition: Condition): LogicRule {
  const conditions = rule.conditions.conditions.map((item, i) => (i === index ? condition : item))
  return { ...rule, conditions: { ...rule.conditions, conditions } }
}

/**
 * `condition` reading `operand` instead: its operator is kept when the new operand takes it with the same
 * kind of value (then so is the right side), else it becomes the operand's first.
 */
export function setLeftOperand(survey: SurveyDocument, condition: Condition, operand: Operand): Condition {
  const before = operatorsFor(survey, condition.leftOperand).find((spec) => spec.operator === condition.operator)
  const specs = operatorsFor(survey, operand)
  const same = specs.find((spec) => spec.operator === condition.operator && spec.right === before?.right)
  const { meta: _meta, ...plain } = operand as Operand & { meta?: unknown }
  const next = { ...condition, leftOperand: plain as Operand }
  if (same && before?.right !== 'choice' && before?.right !== 'choices') return next
  const spec = same ?? specs[0]
  return withRightFor({ ...next, operator: spec?.operator ?? condition.operator }, spec, undefined)
}

/** `condition` with another operator; the right side stays when it is of the kind the operator compares with. */
export function setOperator(survey: SurveyDocument, condition: Condition, operator: string): Condition {
  const specs = operatorsFor(survey, condition.leftOperand)
  const before = specs.find((spec) => spec.operator === condition.operator)
  const spec = specs.find((item) => item.operator === operator)
  const keep = before !== undefined && spec !== undefined && before.right === spec.right
  return withRightFor({ ...condition, operator }, spec, keep ? condition.rightOperand : undefined)
}

/** `condition` with `operand` on the right, or none. */
export function setRightOperand(condition: Condition, operand: Operand | undefined): Condition {
  const { rightOperand: _old, ...rest } = condition
  return operand === undefined ? rest : { ...rest, rightOperand: operand }
}

/** The right side a new operator starts with: kept, none, no choice yet, or left for the person to type. */
function withRightFor(condition: Condition, spec: OperatorSpec | undefined, keep: Operand | undefined): Condition {
  const right: ValueKind = spec?.right ?? 'none'
  if (right === 'none') return setRightOperand(condition, undefined)
  if (keep) return setRightOperand(condition, keep)
  if (right === 'choices') return setRightOperand(condition, { type: 'static', value: [] })
  return setRightOperand(condition, undefined)
}

/** `rule` with a new action at the end: a jump when the rule has none yet, else a calculation. */
export function addAction(
  survey: SurveyDocument,
  block: Block,
  rule: LogicRule,
  objective?: ActionObjective,
): { rule: LogicRule; action: LogicAction } {
  const hasJump = rule.actions.some((action) => action.objective === 'jumpToBlock')
  const kind = objective ?? (hasJump ? ((survey.variables?.length ?? 0) > 0 ? 'calculate' : 'requireAnswer') : 'jumpToBlock')
  const action = newAction(survey, kind, uniqueId('action', logicIds(survey, block)))
  return { rule: { ...rule, actions: [...rule.actions, action] }, action }
}

export function removeAction(rule: LogicRule, index: number): LogicRule {
  return { ...rule, actions: rule.actions.filter((_, i) => i !== index) }
}

export function replaceAction(rule: LogicRule, index: number, action: LogicAction): LogicRule {
  return { ...rule, actions: rule.actions.map((item, i) => (i === index ? action : item)) }
}

/** `action` as another kind (its id kept); the same kind is left as it is. */
export function setObjective(survey: SurveyDocument, action: LogicAction, objective: ActionObjective): LogicAction {
  return action.objective === objective ? action : newAction(survey, objective, action.id)
}

/** A calculation on another variable: the operator and a typed value are reset when its type differs. */
export function setCalculateVariable(
  survey: SurveyDocument,
  action: LogicAction & { objective: 'calculate' },
  variableId: string,
): LogicAction {
  const before = findVariable(survey, action.variableId)
  const after = findVariable(survey, variableId)
  if (before?.type === after?.type) return { ...action, variableId }
  return { ...newAction({ variables: after ? [after] : [] }, 'calculate', action.id), ...(after ? {} : { variableId }) }
}

/** `block` going to `target` when no rule applies; `''` is the next block (no fallback). */
export function setFallback(block: Block, target: string): Block {
  const { logicFallback: _old, ...rest } = block
  return target === '' ? rest : { ...rest, logicFallback: target }
}

/** Where the survey's logic reads or writes an operand of this type and id: `{ blockId, rule }` (1-based). */
export function usesOf(survey: SurveyDocument, type: 'variable' | 'hiddenField', id: string): Array<{ blockId: string; rule: number }> {
  const uses: Array<{ blockId: string; rule: number }> = []
  const names = (operand: unknown) =>
    typeof operand === 'object' && operand !== null && (operand as Operand).type === type && (operand as Operand).value === id
  const inCondition = (item: unknown): boolean => {
    if (isGroup(item)) return item.conditions.some(inCondition)
    const condition = item as Partial<Condition>
    return names(condition.leftOperand) || names(condition.rightOperand)
  }
  for (const block of survey.blocks ?? []) {
    ;(block.logic ?? []).forEach((rule, index) => {
      if (!isEditableRule(rule)) return
      const inActions = rule.actions.some(
        (action) => action.objective === 'calculate' && ((type === 'variable' && action.variableId === id) || names(action.value)),
      )
      if (inCondition(rule.conditions) || inActions) uses.push({ blockId: block.id, rule: index + 1 })
    })
  }
  return uses
}

/** Elements whose answer a `kind` right operand or calculation value may read. */
export function elementsOfKind(elements: Element[], kind: 'number' | 'text'): Element[] {
  return elements.filter((element) => elementValueKind(element) === kind)
}

/** The survey with `block` in place of its stored version, so that lookups see a block being edited. */
export function withBlock(survey: SurveyDocument, block: Block): SurveyDocument {
  const blocks = survey.blocks ?? []
  return blocks.some((item) => item.id === block.id)
    ? { ...survey, blocks: blocks.map((item) => (item.id === block.id ? block : item)) }
    : survey
}
