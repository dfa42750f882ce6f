/** Quota conditions judged on the server (`domain/quotas/quota-conditions.ts`), as the reference's `evaluateLogic`. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { meetsQuota } from '../src/domain/quotas/quota-conditions'

const survey = {
  questions: [
    {
      id: 'plan',
      type: 'multipleChoiceSingle',
      choices: [
        { id: 'pro', label: { default: 'Pro', de: 'Profi' } },
        { id: 'other', label: { default: 'Other' } },
      ],
    },
    {
      id: 'tools',
      type: 'multipleChoiceMulti',
      choices: [
        { id: 'a', label: { default: 'A' } },
        { id: 'b', label: { default: 'B' } },
      ],
    },
    { id: 'age', type: 'openText', inputType: 'number' },
    {
      id: 'grid',
      type: 'matrix',
      rows: [{ id: 'r0', label: { default: 'Speed' } }],
      columns: [
        { id: 'c0', label: { default: 'Bad' } },
        { id: 'c1', label: { default: 'Good' } },
      ],
    },
    { id: 'when', type: 'date' },
  ],
  variables: [{ id: 'score', name: 'score', type: 'number', value: 3 }],
}

const element = (value: string, meta?: Record<string, string>) => ({ type: 'element', value, ...(meta ? { meta } : {}) })
const fixed = (value: unknown) => ({ type: 'static', value })
const condition = (leftOperand: unknown, operator: string, rightOperand?: unknown) => ({
  id: 'c',
  leftOperand,
  operator,
  ...(rightOperand === undefined ? {} : { rightOperand }),
})
const meets = (
  conditions: unknown[],
  data: Record<string, unknown>,
  variables: Record<string, unknown> = {},
  connector: 'and' | 'or' = 'and',
) => meetsQuota({ connector, conditions }, survey, { data, variables })

const test = suite('quota conditions')

test('choice answers compare by choice id in any language; unknown labels are "other"', () => {
  assert.ok(meets([condition(element('plan'), 'equals', fixed('pro'))], { plan: 'Profi' }))
  assert.not.ok(meets([condition(element('plan'), 'equals', fixed('pro'))], { plan: 'Free' }))
  assert.ok(meets([condition(element('plan'), 'equals', fixed('other'))], { plan: 'Something typed' }))
  assert.ok(meets([condition(element('tools'), 'includesOneOf', fixed(['b']))], { tools: ['A', 'B'] }))
  assert.not.ok(meets([condition(element('tools'), 'includesAllOf', fixed(['a', 'b']))], { tools: ['A'] }))
})

test('numbers, dates, matrix rows, hidden fields and variables', () => {
  assert.ok(meets([condition(element('age'), 'isGreaterThanOrEqual', fixed(18))], { age: '18' }))
  assert.not.ok(meets([condition(element('age'), 'isLessThan', fixed(18))], { age: 'eighteen' }))
  assert.ok(meets([condition(element('when'), 'isBefore', fixed('2026-01-01'))], { when: '2025-06-30' }))
  assert.ok(meets([condition(element('grid', { row: '0' }), 'equals', fixed('1'))], { grid: { Speed: 'Good' } }))
  assert.ok(meets([condition({ type: 'hiddenField', value: 'source' }, 'equals', fixed('ads'))], { source: 'ads' }))
  assert.ok(meets([condition({ type: 'variable', value: 'score' }, 'equals', fixed(3))], {}), 'the starting value without one sent')
  assert.ok(meets([condition({ type: 'variable', value: 'score' }, 'isGreaterThan', element('age'))], { age: 5 }, { score: 9 }))
})

test('connectors; no conditions meet every response; unary operators', () => {
  const pro = condition(element('plan'), 'equals', fixed('pro'))
  const adult = condition(element('age'), 'isGreaterThanOrEqual', fixed(18))
  assert.not.ok(meets([pro, adult], { plan: 'Pro', age: 12 }))
  assert.ok(meets([pro, adult], { plan: 'Pro', age: 12 }, {}, 'or'))
  assert.ok(meets([], {}))
  assert.not.ok(meets([], {}, {}, 'or'), 'or of nothing holds nothing, as Array.some')
  assert.ok(meets([condition(element('age'), 'isSkipped')], {}))
  assert.ok(meets([condition(element('plan'), 'isSubmitted')], { plan: 'Pro' }))
  assert.not.ok(meets([condition(element('plan'), 'isNearby', fixed('x'))], { plan: 'Pro' }), 'an unknown operator never holds')
})

test.run()
