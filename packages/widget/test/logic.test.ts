import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { evaluateGroup, initialValues, runLogic } from '../src/renderer/logic'
import type { LogicContext } from '../src/renderer/logic'
import type { ConditionGroup, Question, SurveyVariable } from '../src/renderer/types'

const color: Question = {
  id: 'color',
  type: 'multipleChoiceSingle',
  headline: { default: 'Colour?' },
  required: true,
  choices: [
    { id: 'red', label: { default: 'Red', de: 'Rot' } },
    { id: 'blue', label: { default: 'Blue', de: 'Blau' } },
    { id: 'other', label: { default: 'Other' } },
  ],
}
const tools: Question = {
  id: 'tools',
  type: 'multipleChoiceMulti',
  headline: { default: 'Tools?' },
  required: false,
  choices: [
    { id: 'a', label: { default: 'Alpha' } },
    { id: 'b', label: { default: 'Beta' } },
  ],
}
const age: Question = { id: 'age', type: 'openText', inputType: 'number', headline: { default: 'Age?' }, required: true }
const score: Question = { id: 'score', type: 'nps', headline: { default: 'NPS' }, required: true }
const grid: Question = {
  id: 'grid',
  type: 'matrix',
  headline: { default: 'Grid' },
  required: false,
  rows: [{ id: 'r1', label: { default: 'Speed' } }, { default: 'Price' }],
  columns: [
    { id: 'c1', label: { default: 'Bad' } },
    { id: 'c2', label: { default: 'Good' } },
  ],
}
const when: Question = { id: 'when', type: 'date', format: 'y-M-d', headline: { default: 'When?' }, required: false }
const total: SurveyVariable = { id: 'total', name: 'total', type: 'number', value: 10 }
const label: SurveyVariable = { id: 'label', name: 'label', type: 'text', value: '' }

const ctx = (data: LogicContext['data'], values = initialValues([total, label])): LogicContext => ({
  questions: [color, tools, age, score, grid, when],
  variables: [total, label],
  data,
  values,
})
const group = (operator: string, left: string, right?: unknown, extra: Record<string, unknown> = {}): ConditionGroup => ({
  connector: 'and',
  conditions: [
    {
      leftOperand: { type: 'question', value: left, ...extra },
      operator,
      ...(right === undefined ? {} : { rightOperand: { type: 'static', value: right as string } }),
    },
  ],
})

const conditions = suite('logic: conditions')

conditions('choice answers compare by choice id, in any language', () => {
  assert.ok(evaluateGroup(group('equals', 'color', 'red'), ctx({ color: 'Red' })))
  assert.ok(evaluateGroup(group('equals', 'color', 'red'), ctx({ color: 'Rot' })), 'the German label is the same choice')
  assert.not.ok(evaluateGroup(group('equals', 'color', 'red'), ctx({ color: 'Blue' })))
  assert.ok(evaluateGroup(group('equals', 'color', 'other'), ctx({ color: 'Green, typed' })), 'unknown text is "other"')
  assert.ok(evaluateGroup(group('doesNotEqual', 'color', 'red'), ctx({ color: 'Blue' })))
  assert.ok(evaluateGroup(group('equalsOneOf', 'color', ['red', 'blue']), ctx({ color: 'Blau' })))
})

conditions('multiple choice: includes all of, one of, none of', () => {
  const data = { tools: ['Alpha', 'Beta'] }
  assert.ok(evaluateGroup(group('includesAllOf', 'tools', ['a', 'b']), ctx(data)))
  assert.ok(evaluateGroup(group('includesOneOf', 'tools', ['b']), ctx({ tools: ['Beta'] })))
  assert.not.ok(evaluateGroup(group('includesAllOf', 'tools', ['a', 'b']), ctx({ tools: ['Beta'] })))
  assert.ok(evaluateGroup(group('doesNotIncludeOneOf', 'tools', ['a']), ctx({ tools: ['Beta'] })))
  assert.not.ok(evaluateGroup(group('doesNotIncludeOneOf', 'tools', ['a']), ctx({ tools: ['Alpha'] })))
})

conditions('numbers: an open text number input compares as a number; NPS too', () => {
  assert.ok(evaluateGroup(group('isGreaterThan', 'age', 17), ctx({ age: '18' })))
  assert.not.ok(evaluateGroup(group('isGreaterThan', 'age', 17), ctx({ age: '17' })))
  assert.not.ok(evaluateGroup(group('isGreaterThan', 'age', 17), ctx({ age: '' })), 'no answer is no number')
  assert.ok(
    evaluateGroup(group('isGreaterThan', 'age', 17), ctx({ age: ['18'] })),
    'a list of one number is that number, as in the reference',
  )
  assert.not.ok(evaluateGroup(group('isGreaterThan', 'age', 17), ctx({ age: { a: '18' } })), 'a record is no number')
  assert.ok(evaluateGroup(group('isLessThanOrEqual', 'score', 6), ctx({ score: 6 })))
  assert.ok(evaluateGroup(group('equals', 'score', 9), ctx({ score: 9 })))
})

conditions('submitted and skipped', () => {
  assert.ok(evaluateGroup(group('isSubmitted', 'tools'), ctx({ tools: ['Alpha'] })))
  assert.ok(evaluateGroup(group('isSkipped', 'tools'), ctx({ tools: [] })))
  assert.ok(evaluateGroup(group('isSkipped', 'tools'), ctx({})), 'never answered counts as skipped')
  assert.not.ok(evaluateGroup(group('isSubmitted', 'tools'), ctx({})))
})

conditions('matrix rows by index, and whole-matrix operators', () => {
  const data = { grid: { Speed: 'Good', Price: '' } }
  assert.ok(evaluateGroup(group('equals', 'grid', '1', { meta: { row: '0' } }), ctx(data)), 'row 0 chose column 1')
  assert.ok(evaluateGroup(group('isPartiallySubmitted', 'grid'), ctx(data)))
  assert.not.ok(evaluateGroup(group('isCompletelySubmitted', 'grid'), ctx(data)))
  assert.ok(evaluateGroup(group('isCompletelySubmitted', 'grid'), ctx({ grid: { Speed: 'Good', Price: 'Bad' } })))
})

conditions('dates: before, after, equals', () => {
  assert.ok(evaluateGroup(group('isBefore', 'when', '2024-06-01'), ctx({ when: '2024-05-31' })))
  assert.ok(evaluateGroup(group('isAfter', 'when', '2024-06-01'), ctx({ when: '2024-06-02' })))
  assert.ok(evaluateGroup(group('equals', 'when', '2024-06-01'), ctx({ when: '2024-06-01' })))
})

conditions('groups nest; "or" needs one, "and" needs all; hidden fields and variables are operands', () => {
  const nested: ConditionGroup = {
    connector: 'or',
    conditions: [
      { leftOperand: { type: 'hiddenField', value: 'plan' }, operator: 'equals', rightOperand: { type: 'static', value: 'pro' } },
      {
        connector: 'and',
        conditions: [
          { leftOperand: { type: 'variable', value: 'total' }, operator: 'isGreaterThan', rightOperand: { type: 'static', value: 5 } },
          { leftOperand: { type: 'question', value: 'color' }, operator: 'equals', rightOperand: { type: 'static', value: 'blue' } },
        ],
      },
    ],
  }
  assert.ok(evaluateGroup(nested, ctx({ plan: 'pro' })))
  assert.ok(evaluateGroup(nested, ctx({ plan: 'free', color: 'Blue' })))
  assert.not.ok(evaluateGroup(nested, ctx({ plan: 'free', color: 'Red' })))
  assert.not.ok(evaluateGroup(nested, ctx({ plan: 'free', color: 'Blue' }, { total: 1, label: '' })))
})

conditions('an unknown operator or a broken condition never holds', () => {
  assert.not.ok(evaluateGroup(group('isMagic', 'color', 'red'), ctx({ color: 'Red' })))
  assert.not.ok(evaluateGroup(group('equals', 'missing', 'x'), ctx({})))
})

conditions.run()

const actions = suite('logic: actions')

actions('the first jump wins; requireAnswer collects; calculations chain in order', () => {
  const question: Question = {
    ...score,
    logic: [
      {
        conditions: group('isGreaterThanOrEqual', 'score', 9),
        actions: [
          { objective: 'calculate', variableId: 'total', operator: 'add', value: { type: 'static', value: 5 } },
          { objective: 'calculate', variableId: 'total', operator: 'multiply', value: { type: 'static', value: 2 } },
          { objective: 'calculate', variableId: 'label', operator: 'assign', value: { type: 'static', value: 'promoter' } },
          { objective: 'requireAnswer', target: 'tools' },
          { objective: 'jumpToQuestion', target: 'when' },
        ],
      },
      {
        conditions: group('isSubmitted', 'score'),
        actions: [
          { objective: 'jumpToQuestion', target: 'grid' },
          { objective: 'requireAnswer', target: 'age' },
        ],
      },
    ],
  }
  const outcome = runLogic(question, ctx({ score: 10 }))
  assert.equal(outcome, { jumpTarget: 'when', requiredIds: ['tools', 'age'], values: { total: 30, label: 'promoter' } })
  const low = runLogic(question, ctx({ score: 3 }))
  assert.equal(low, { jumpTarget: 'grid', requiredIds: ['age'], values: { total: 10, label: '' } })
})

actions('calculate: subtract, divide (never by zero), concat, and values from answers', () => {
  const rule = (operator: string, value: unknown, variableId = 'total') => ({
    conditions: { connector: 'and' as const, conditions: [] },
    actions: [{ objective: 'calculate' as const, variableId, operator, value: value as never }],
  })
  const run = (r: ReturnType<typeof rule>, data = {}) => runLogic({ id: 'x', logic: [r] }, ctx(data)).values
  assert.is(run(rule('subtract', { type: 'static', value: 3 })).total, 7)
  assert.is(run(rule('divide', { type: 'static', value: 4 })).total, 2.5)
  assert.is(run(rule('divide', { type: 'static', value: 0 })).total, 10, 'dividing by zero changes nothing')
  assert.is(run(rule('add', { type: 'question', value: 'age' }), { age: '32' }).total, 42)
  assert.is(run(rule('concat', { type: 'question', value: 'color' }, 'label'), { color: 'Red' }).label, 'Red')
  assert.is(run(rule('add', { type: 'variable', value: 'total' })).total, 20)
})

actions(
  'calculate keeps a variable of its type and finite: an overflow, a text answer or an operator of the other type changes nothing',
  () => {
    // A NaN or an infinity would go out as `null` in the response's `variables`, which the server refuses.
    const rule = (operator: string, value: unknown, variableId = 'total') => ({
      conditions: { connector: 'and' as const, conditions: [] },
      actions: [{ objective: 'calculate' as const, variableId, operator, value: value as never }],
    })
    const run = (r: ReturnType<typeof rule>, data = {}) => runLogic({ id: 'x', logic: [r] }, ctx(data)).values
    assert.is(run(rule('multiply', { type: 'static', value: 1e308 })).total, 10, 'overflow')
    assert.is(run(rule('add', { type: 'question', value: 'color' }), { color: 'Red' }).total, 10, 'a text is no number')
    assert.is(run(rule('assign', { type: 'question', value: 'color' }), { color: 'Red' }).total, 10, 'nor is assigning one')
    assert.is(run(rule('concat', { type: 'static', value: '5' })).total, 10, 'concat is for texts')
    assert.is(run(rule('add', { type: 'static', value: 5 }, 'label')).label, '', 'arithmetic is for numbers')
    assert.is(run(rule('assign', { type: 'static', value: 7 }, 'label')).label, '7', 'assigning a number to a text writes it')
    assert.is(run(rule('assign', { type: 'static', value: '12.5' })).total, 12.5, 'a numeric text assigns its number')
  },
)

actions("the reference's first logic: condition, value, destination", () => {
  const question: Question = {
    ...color,
    logic: [
      { condition: 'equals', value: 'Blue', destination: 'when' },
      { condition: 'submitted', destination: 'grid' },
    ],
  }
  assert.is(runLogic(question, ctx({ color: 'Blue' })).jumpTarget, 'when')
  assert.is(runLogic(question, ctx({ color: 'Red' })).jumpTarget, 'grid')
  const skip: Question = { ...tools, logic: [{ condition: 'skipped', destination: 'end' }] }
  assert.is(runLogic(skip, ctx({ tools: [] })).jumpTarget, 'end')
  assert.is(runLogic(skip, ctx({ tools: ['Alpha'] })).jumpTarget, undefined)
})

actions('no logic, or logic of another shape, does nothing', () => {
  assert.equal(runLogic({ id: 'x' }, ctx({})), { jumpTarget: undefined, requiredIds: [], values: { total: 10, label: '' } })
  assert.equal(runLogic({ id: 'x', logic: [{ weird: true } as never, null as never] }, ctx({})).jumpTarget, undefined)
})

actions.run()
