/**
 * The logic editors' pure operations. The survey they build is checked against what actually runs it: the
 * widget's page flow (`nextStep`, which evaluates conditions with `@canvass/core/conditions`) and the server's
 * v3 conversion and survey schema, so a shape the editor writes that the survey would not obey fails here.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { v1BodyOf } from '../../core/src/domain/surveys/v3-survey'
import { parseInput } from '../../core/src/http/validate'
import { FORBIDDEN_QUESTION_IDS, surveyCreateSchema } from '../../core/src/schemas/survey'
import { initialValues } from '../../widget/src/renderer/logic'
import { nextStep } from '../../widget/src/renderer/next-step'
import type { Flow } from '../../widget/src/renderer/next-step'
import {
  addAction,
  addCondition,
  addRule,
  isEditableRule,
  operatorsFor,
  removeCondition,
  removeRule,
  replaceAction,
  replaceCondition,
  replaceRule,
  setCalculateVariable,
  setFallback,
  setLeftOperand,
  setObjective,
  setOperator,
  setRightOperand,
  usesOf,
  withBlock,
} from '../src/logic/model'
import { logicProblemMessages, logicProblems } from '../src/logic/logic-problems'
import {
  RESERVED_FIELD_IDS,
  addLanguage,
  applyLanguagesPatch,
  hiddenFieldIdProblem,
  languagesOf,
  missingTexts,
  newVariable,
  removeLanguage,
  setDefaultLanguage,
  setLanguageEnabled,
  setVariableType,
  translationCount,
  variableNameProblem,
} from '../src/logic/survey-settings'
import { logicTexts } from '../src/logic/texts'
import type { Block, Condition, SurveyDocument, LogicAction, LogicRule } from '../src/logic/types'

/** A survey like the "done when" one: a rating, a block to skip on a low score, a last question, an ending. */
function baseSurvey(): SurveyDocument {
  return {
    name: 'Feedback',
    defaultLanguage: 'en-US',
    languages: [{ code: 'en-US', default: true, enabled: true }],
    blocks: [
      {
        id: 'rate',
        name: 'Rating',
        elements: [
          { id: 'score', type: 'rating', scale: 'number', range: 5, headline: { 'en-US': 'How do you rate us?' }, required: true },
        ],
      },
      {
        id: 'praise',
        name: 'Praise',
        elements: [{ id: 'best', type: 'openText', headline: { 'en-US': 'What do you like most?' }, required: false }],
      },
      {
        id: 'improve',
        name: 'Improve',
        elements: [
          {
            id: 'area',
            type: 'multipleChoiceSingle',
            headline: { 'en-US': 'What should we improve?' },
            required: false,
            choices: [
              { id: 'speed', label: { 'en-US': 'Speed' } },
              { id: 'price', label: { 'en-US': 'Price' } },
            ],
          },
        ],
      },
    ],
    endings: [{ id: 'thanks', type: 'endScreen', headline: { 'en-US': 'Thank you' } }],
    hiddenFields: { enabled: true, fieldIds: [] },
    variables: [],
  }
}

const blockOf = (survey: SurveyDocument, id: string) => survey.blocks!.find((block) => block.id === id)!
const putBlock = (survey: SurveyDocument, block: Block): SurveyDocument => withBlock(survey, block)
const ruleAt = (block: Block, index: number) => block.logic![index] as LogicRule

/** Builds the survey with the model's operations, as the editor's controls call them. */
function buildDoneWhen(): SurveyDocument {
  let survey = baseSurvey()
  const variable = { ...newVariable(survey), name: 'low_scores' }
  survey = { ...survey, variables: [variable] }
  survey = { ...survey, hiddenFields: { enabled: true, fieldIds: ['campaign'] } }
  let block = blockOf(survey, 'rate')
  block = addRule(survey, block).block
  let rule = ruleAt(block, 0)
  let condition = rule.conditions.conditions[0] as Condition
  condition = setOperator(survey, condition, 'isLessThan')
  condition = setRightOperand(condition, { type: 'static', value: 3 })
  rule = replaceCondition(rule, 0, condition)
  rule = replaceAction(rule, 0, { ...(rule.actions[0] as LogicAction & { objective: 'jumpToBlock' }), target: 'improve' })
  const added = addAction(survey, block, rule)
  rule = added.rule
  block = replaceRule(block, 0, rule)
  survey = putBlock(survey, block)
  return {
    ...survey,
    languages: [...survey.languages!, { code: 'de-DE', default: false, enabled: true }],
  }
}

const flowOf = (survey: SurveyDocument): Flow => ({
  questions: survey.blocks!.flatMap((block) => block.elements) as unknown as Flow['questions'],
  blocks: survey.blocks as unknown as Flow['blocks'],
  endings: survey.endings as unknown as Flow['endings'],
  variables: survey.variables as unknown as Flow['variables'],
  welcomeEnabled: false,
})

const flow = suite('block logic as the widget runs it')

flow('a low rating skips a block and increments a variable; a high one goes on to the next block', () => {
  const survey = buildDoneWhen()
  const rule = ruleAt(blockOf(survey, 'rate'), 0)
  assert.equal(rule.conditions.conditions[0], {
    id: 'condition-1',
    leftOperand: { type: 'element', value: 'score' },
    operator: 'isLessThan',
    rightOperand: { type: 'static', value: 3 },
  })
  assert.equal(rule.actions, [
    { id: 'action-1', objective: 'jumpToBlock', target: 'improve' },
    { id: 'action-2', objective: 'calculate', variableId: 'variable_1', operator: 'add', value: { type: 'static', value: 1 } },
  ])
  const flowed = flowOf(survey)
  const values = initialValues(flowed.variables)
  const low = nextStep(flowed, 'rate', { score: 2 }, values)
  assert.is(low.next, 'improve')
  assert.equal(low.values, { variable_1: 1 })
  const high = nextStep(flowed, 'rate', { score: 4 }, values)
  assert.is(high.next, 'praise')
  assert.equal(high.values, { variable_1: 0 })
})

flow('a fallback sends someone past the next block when no rule applies', () => {
  const survey = buildDoneWhen()
  const block = setFallback(blockOf(survey, 'rate'), 'thanks')
  const withFallback = putBlock(survey, block)
  const step = nextStep(flowOf(withFallback), 'rate', { score: 5 }, { variable_1: 0 })
  assert.is(step.endingId, 'thanks')
  assert.ok(step.finished)
  assert.not.ok('logicFallback' in setFallback(block, ''))
})

flow('the built survey passes the server conversion and schema (with a German translation)', () => {
  const survey = buildDoneWhen()
  const headline = { 'en-US': 'How do you rate us?', 'de-DE': 'Wie bewerten Sie uns?' }
  const translated = {
    ...survey,
    blocks: survey.blocks!.map((block) => (block.id === 'rate' ? { ...block, elements: [{ ...block.elements[0]!, headline }] } : block)),
  }
  const { body, problems } = v1BodyOf(translated, 'en-US', () => 'new-id')
  assert.equal(problems, [])
  // Throws the server's 400 (with every failing field in its details) when the survey breaks a rule.
  const parsed = parseInput(surveyCreateSchema, { environmentId: 'env', ...body })
  assert.equal(parsed.variables, survey.variables)
  assert.is(translationCount(translated, 'de-DE').missing, translationCount(translated, 'de-DE').total - 1)
})

flow.run()

const ops = suite('operators by operand')

ops('each element type offers the operators the conditions evaluate for it', () => {
  const survey = buildDoneWhen()
  const names = (operand: Parameters<typeof operatorsFor>[1]) => operatorsFor(survey, operand).map((spec) => spec.operator)
  assert.ok(names({ type: 'element', value: 'score' }).includes('isLessThan'))
  assert.ok(names({ type: 'element', value: 'score' }).includes('isSkipped'))
  assert.not.ok(names({ type: 'element', value: 'score' }).includes('contains'))
  assert.equal(names({ type: 'element', value: 'area' }), ['equals', 'doesNotEqual', 'equalsOneOf', 'isSubmitted', 'isSkipped'])
  assert.ok(names({ type: 'element', value: 'best' }).includes('contains'))
  assert.not.ok(names({ type: 'element', value: 'best' }).includes('isLessThan'))
  assert.ok(names({ type: 'variable', value: 'variable_1' }).includes('isGreaterThanOrEqual'))
  assert.ok(names({ type: 'hiddenField', value: 'campaign' }).includes('isSet'))
  assert.equal(names({ type: 'element', value: 'gone' }), [])
  const specs = operatorsFor(survey, { type: 'element', value: 'area' })
  assert.is(specs.find((spec) => spec.operator === 'equals')?.right, 'choice')
  assert.is(specs.find((spec) => spec.operator === 'equalsOneOf')?.right, 'choices')
})

ops('changing the operand keeps a compatible operator and its value, else starts over', () => {
  const survey = buildDoneWhen()
  const condition: Condition = {
    id: 'c',
    leftOperand: { type: 'element', value: 'score' },
    operator: 'isLessThan',
    rightOperand: { type: 'static', value: 3 },
  }
  const onVariable = setLeftOperand(survey, condition, { type: 'variable', value: 'variable_1' })
  assert.is(onVariable.operator, 'isLessThan')
  assert.equal(onVariable.rightOperand, { type: 'static', value: 3 })
  const onChoice = setLeftOperand(survey, condition, { type: 'element', value: 'area' })
  assert.is(onChoice.operator, 'equals')
  assert.is(onChoice.rightOperand, undefined)
  const multi = setOperator(survey, onChoice, 'equalsOneOf')
  assert.equal(multi.rightOperand, { type: 'static', value: [] })
  const skipped = setOperator(survey, condition, 'isSkipped')
  assert.not.ok('rightOperand' in skipped)
  const kept = setOperator(survey, condition, 'isGreaterThan')
  assert.equal(kept.rightOperand, { type: 'static', value: 3 })
})

ops.run()

const rules = suite('rules, conditions and actions')

rules('new ids are readable and unique across the survey', () => {
  let survey = buildDoneWhen()
  const other = addRule(survey, blockOf(survey, 'praise'))
  assert.is(other.rule.id, 'rule-2')
  assert.is(other.rule.conditions.id, 'group-2')
  survey = putBlock(survey, other.block)
  const rule = ruleAt(blockOf(survey, 'rate'), 0)
  const { condition } = addCondition(survey, blockOf(survey, 'rate'), rule)
  assert.is(condition.id, 'condition-3')
  assert.equal(condition.leftOperand, { type: 'element', value: 'score' })
})

rules('what the editor does not edit survives its edits', () => {
  const survey = buildDoneWhen()
  const legacy = { condition: 'submitted', destination: 'thanks' }
  const nested = {
    id: 'g',
    connector: 'or',
    conditions: [{ id: 'x', leftOperand: { type: 'hiddenField', value: 'campaign' }, operator: 'isSet' }],
  }
  const rule = ruleAt(blockOf(survey, 'rate'), 0)
  const rich: LogicRule = {
    ...rule,
    note: 'kept',
    conditions: { ...rule.conditions, conditions: [...rule.conditions.conditions, nested as never] },
  }
  const block: Block = { ...blockOf(survey, 'rate'), logic: [legacy, rich], extra: { a: 1 } }
  assert.not.ok(isEditableRule(legacy))
  const edited = replaceRule(
    block,
    1,
    replaceCondition(rich, 0, setRightOperand(rich.conditions.conditions[0] as Condition, { type: 'static', value: 2 })),
  )
  assert.equal(edited.logic![0], legacy)
  assert.is((edited.logic![1] as LogicRule).note, 'kept')
  assert.equal((edited.logic![1] as LogicRule).conditions.conditions[1], nested)
  assert.equal(edited.extra, { a: 1 })
  const withoutFirst = removeRule(edited, 0)
  assert.is(withoutFirst.logic!.length, 1)
  assert.not.ok('logic' in removeRule(withoutFirst, 0))
  assert.is(removeCondition(rich, 1).conditions.conditions.length, 1)
})

rules('an action changes kind with its id kept; a calculation follows its variable type', () => {
  const survey = {
    ...buildDoneWhen(),
    variables: [...buildDoneWhen().variables!, { id: 'note', name: 'note', type: 'text' as const, value: '' }],
  }
  const jump: LogicAction = { id: 'a', objective: 'jumpToBlock', target: 'improve' }
  const calc = setObjective(survey, jump, 'calculate')
  assert.equal(calc, { id: 'a', objective: 'calculate', variableId: 'variable_1', operator: 'add', value: { type: 'static', value: 1 } })
  const text = setCalculateVariable(survey, calc as LogicAction & { objective: 'calculate' }, 'note')
  assert.equal(text, { id: 'a', objective: 'calculate', variableId: 'note', operator: 'assign', value: { type: 'static', value: '' } })
  assert.equal(setObjective(survey, jump, 'requireAnswer'), { id: 'a', objective: 'requireAnswer', target: '' })
  assert.is(setObjective(survey, jump, 'jumpToBlock'), jump)
})

rules('uses of a variable and a hidden field are found in conditions and calculations', () => {
  const survey = buildDoneWhen()
  assert.equal(usesOf(survey, 'variable', 'variable_1'), [{ blockId: 'rate', rule: 1 }])
  assert.equal(usesOf(survey, 'hiddenField', 'campaign'), [])
  const rule = ruleAt(blockOf(survey, 'rate'), 0)
  const onField = setLeftOperand(survey, rule.conditions.conditions[0] as Condition, { type: 'hiddenField', value: 'campaign' })
  const block = replaceRule(blockOf(survey, 'rate'), 0, replaceCondition(rule, 0, onField))
  assert.equal(usesOf(putBlock(survey, block), 'hiddenField', 'campaign'), [{ blockId: 'rate', rule: 1 }])
})

rules('problems the server would keep silently are named at their paths', () => {
  const survey = buildDoneWhen()
  assert.equal(logicProblems(survey), [])
  const fresh = addRule(survey, blockOf(survey, 'praise')).block
  assert.equal(logicProblems(putBlock(survey, fresh)), [
    { path: 'blocks.1.logic.0.conditions.conditions.0.rightOperand', key: 'problemValue' },
    { path: 'blocks.1.logic.0.actions.0.target', key: 'problemTarget' },
  ])
  const rule = ruleAt(blockOf(survey, 'rate'), 0)
  const later = replaceCondition(rule, 0, {
    ...(rule.conditions.conditions[0] as Condition),
    leftOperand: { type: 'element', value: 'area' },
  })
  const noVariable = replaceAction(later, 1, { ...(later.actions[1] as LogicAction & { objective: 'calculate' }), variableId: 'gone' })
  const broken = setFallback(replaceRule(blockOf(survey, 'rate'), 0, noVariable), 'rate')
  assert.equal(logicProblemMessages(putBlock(survey, broken), logicTexts.en), [
    { path: 'blocks.0.logic.0.conditions.conditions.0.leftOperand', message: logicTexts.en.problemOperand },
    { path: 'blocks.0.logic.0.actions.1.variableId', message: logicTexts.en.problemVariable },
    { path: 'blocks.0.logicFallback', message: logicTexts.en.problemTarget },
  ])
  // An earlier block as the fallback is another client's choice, kept and taken.
  assert.equal(logicProblems(putBlock(survey, setFallback(blockOf(survey, 'improve'), 'rate'))), [])
})

rules.run()

const settings = suite('variables, hidden fields and languages')

settings('variable names follow the server rule and are unique', () => {
  const survey = buildDoneWhen()
  assert.is(variableNameProblem(survey, 'other', 'low_scores'), 'nameTaken')
  assert.is(variableNameProblem(survey, 'variable_1', 'low_scores'), undefined)
  assert.is(variableNameProblem(survey, 'variable_1', 'Low Scores'), 'nameSyntax')
  assert.is(variableNameProblem(survey, 'variable_1', ''), 'nameEmpty')
  assert.is(newVariable(survey).id, 'variable_2')
  assert.equal(setVariableType({ id: 'v', name: 'v', type: 'text', value: '12' }, 'number'), {
    id: 'v',
    name: 'v',
    type: 'number',
    value: 12,
  })
  assert.equal(setVariableType({ id: 'v', name: 'v', type: 'text', value: 'x' }, 'number'), {
    id: 'v',
    name: 'v',
    type: 'number',
    value: 0,
  })
})

settings('hidden field ids are refused as the server would refuse them', () => {
  const survey = buildDoneWhen()
  assert.equal([...RESERVED_FIELD_IDS], [...FORBIDDEN_QUESTION_IDS])
  assert.is(hiddenFieldIdProblem(survey, 'utm source'), 'idSpaces')
  assert.is(hiddenFieldIdProblem(survey, 'utm.source'), 'idSyntax')
  assert.is(hiddenFieldIdProblem(survey, 'userId'), 'idReserved')
  assert.is(hiddenFieldIdProblem(survey, '__proto__'), 'idReserved')
  assert.is(hiddenFieldIdProblem(survey, 'score'), 'idTakenByElement')
  assert.is(hiddenFieldIdProblem(survey, 'campaign'), 'idTaken')
  assert.is(hiddenFieldIdProblem(survey, 'utm_source'), undefined)
})

settings('languages: add, enable, default only before the first save, and removal takes its texts along', () => {
  const survey = baseSurvey()
  const added = addLanguage(survey, 'de-DE')
  assert.equal(added.languages.at(-1), { code: 'de-DE', default: false, enabled: true })
  assert.not.ok('defaultLanguage' in added)
  let next = applyLanguagesPatch(survey, added)
  assert.is(setLanguageEnabled(next, 'de-DE', false).languages[1]!.enabled, false)
  assert.is(setLanguageEnabled(next, 'en-US', false).languages[0]!.enabled, true)
  const chosen = setDefaultLanguage(next, 'de-DE')
  assert.is(chosen.defaultLanguage, 'de-DE')
  assert.equal(
    chosen.languages.map((language) => [language.code, language.default]),
    [
      ['en-US', false],
      ['de-DE', true],
    ],
  )
  const saved = { ...next, id: 'survey-1' }
  assert.not.ok('defaultLanguage' in setDefaultLanguage(saved, 'de-DE'))
  const block = blockOf(next, 'rate')
  const element = { ...block.elements[0]!, headline: { 'en-US': 'How?', 'de-DE': 'Wie?' } }
  next = putBlock(next, { ...block, elements: [element] })
  assert.equal(translationCount(next, 'de-DE'), { total: 6, missing: 5 })
  assert.equal(missingTexts(next, 'de-DE').missing, [
    'blocks.1.elements.0.headline',
    'blocks.2.elements.0.headline',
    'blocks.2.elements.0.choices.0.label',
    'blocks.2.elements.0.choices.1.label',
    'endings.0.headline',
  ])
  const removed = applyLanguagesPatch(next, removeLanguage(next, 'de-DE'))
  assert.equal(languagesOf(removed), [{ code: 'en-US', default: true, enabled: true }])
  assert.equal(blockOf(removed, 'rate').elements[0]!.headline, { 'en-US': 'How?' })
  assert.is(blockOf(removed, 'praise'), blockOf(next, 'praise'))
  assert.equal(removeLanguage(next, 'en-US').languages.length, 2)
})

settings('a survey whose document lists no languages shows its default one', () => {
  assert.equal(languagesOf({}), [{ code: 'en-US', default: true, enabled: true }])
  assert.equal(languagesOf({ defaultLanguage: 'de-DE', languages: [] }), [{ code: 'de-DE', default: true, enabled: true }])
})

settings('the German texts name every key the English ones do', () => {
  assert.equal(Object.keys(logicTexts.de).sort(), Object.keys(logicTexts.en).sort())
  for (const [key, text] of Object.entries(logicTexts.de)) assert.ok(text.trim() !== '', key)
})

settings.run()
