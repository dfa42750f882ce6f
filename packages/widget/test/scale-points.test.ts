import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { storedAnswer } from '../src/renderer/answers'
import { runLogic } from '../src/renderer/logic'
import { isSupported } from '../src/renderer/questions'
import { scalePoints, scaleRange } from '../src/renderer/scale-points'
import type { CesQuestion, CsatQuestion, LogicRule, Question, RatingQuestion } from '../src/renderer/types'
import type { UiKey } from '../src/renderer/ui-text'
import { uiText } from '../src/renderer/ui-text'
import { validateAnswer } from '../src/renderer/validation'

const words = (code: string) => (key: UiKey, values?: Record<string, string | number>) => uiText(code, key, values)
const t = words('en')
const csat = (extra: Partial<CsatQuestion> = {}): CsatQuestion => ({
  id: 'sat',
  type: 'csat',
  headline: { default: 'How satisfied are you?' },
  required: true,
  scale: 'smiley',
  range: 5,
  ...extra,
})
const ces = (extra: Partial<CesQuestion> = {}): CesQuestion => ({
  id: 'ease',
  type: 'ces',
  headline: { default: 'How easy was it?' },
  required: true,
  scale: 'number',
  range: 7,
  ...extra,
})

const test = suite('rating, CSAT and CES scales')

test('the renderer shows csat and ces questions (they are not skipped as unsupported)', () => {
  assert.ok(isSupported(csat()))
  assert.ok(isSupported(ces()))
})

test('a CSAT scale has five points named with their number and the end labels', () => {
  const points = scalePoints(
    csat({ lowerLabel: { default: 'Not at all', de: 'Gar nicht' }, upperLabel: { default: 'Very' } }),
    'default',
    t,
  )
  assert.equal(
    points.map((point) => point.value),
    [1, 2, 3, 4, 5],
  )
  assert.equal(
    points.map((point) => point.label),
    ['1 of 5, Not at all', '2 of 5', '3 of 5', '4 of 5', '5 of 5, Very'],
  )
  const german = scalePoints(csat({ lowerLabel: { default: 'Not at all', de: 'Gar nicht' } }), 'de', words('de'))
  assert.match(german[0]!.label, /Gar nicht$/)
})

test('a CES scale has five or seven points; a stored range off the type falls back to five', () => {
  assert.is(scalePoints(ces(), 'default', t).length, 7)
  assert.is(scalePoints(ces({ range: 5 }), 'default', t).length, 5)
  assert.is(scaleRange(ces({ range: 10 as never })), 5)
  assert.is(scaleRange(csat({ range: 7 as never })), 5)
  assert.is(scaleRange(csat({ range: undefined as never })), 5)
  const rating: RatingQuestion = { id: 'r', type: 'rating', headline: { default: 'R' }, required: true, scale: 'star', range: 10 }
  assert.is(scaleRange(rating), 10, 'a rating keeps its own ranges')
})

test('colour coding marks the low, middle and high points of number and smiley scales, never stars', () => {
  const tones = (question: Question) => scalePoints(question as CsatQuestion, 'default', t).map((point) => point.tone)
  assert.equal(tones(csat({ isColorCodingEnabled: true })), ['low', 'low', 'mid', 'high', 'high'])
  assert.equal(tones(ces({ isColorCodingEnabled: true })), ['low', 'low', 'low', 'mid', 'mid', 'high', 'high'])
  assert.equal(tones(csat()), [undefined, undefined, undefined, undefined, undefined], 'off unless enabled')
  assert.equal(tones(csat({ scale: 'star', isColorCodingEnabled: true })), [undefined, undefined, undefined, undefined, undefined])
})

test('an answer is a whole point of the scale; an optional question may stay empty', () => {
  const key = (question: Question, value: unknown, required = true) => validateAnswer(question, value as never, required)?.key
  assert.is(key(csat(), 5), undefined)
  assert.is(key(csat(), 1), undefined)
  for (const bad of [0, 6, 4.5, '4', '']) assert.is(key(csat(), bad), 'answerRequired', JSON.stringify(bad))
  assert.is(key(ces(), 7), undefined)
  assert.is(key(ces({ range: 5 }), 6), 'answerRequired')
  assert.is(key(ces(), undefined, false), undefined)
  assert.is(storedAnswer(csat(), 4, 'default'), 4)
  assert.is(storedAnswer(ces(), undefined, 'default'), '', 'unanswered: the empty value, as for ratings')
})

test('logic compares a CSAT answer as a number', () => {
  const rule: LogicRule = {
    id: 'low',
    conditions: {
      connector: 'and',
      conditions: [
        { leftOperand: { type: 'question', value: 'sat' }, operator: 'isLessThanOrEqual', rightOperand: { type: 'static', value: 2 } },
      ],
    },
    actions: [{ objective: 'jumpToQuestion', target: 'why' }],
  }
  const question = csat({ logic: [rule] })
  const ctx = (sat: number) => ({ questions: [question], variables: [], data: { sat }, values: {} })
  assert.is(runLogic(question, ctx(2)).jumpTarget, 'why')
  assert.is(runLogic(question, ctx(4)).jumpTarget, undefined)
})

test.run()
