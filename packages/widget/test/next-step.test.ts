import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Flow } from '../src/renderer/next-step'
import { WELCOME, firstStep, minutesToFinish, nextStep, progress } from '../src/renderer/next-step'
import type { Question } from '../src/renderer/types'

const q = (id: string, extra: Partial<Question> = {}): Question =>
  ({ id, type: 'openText', headline: { default: id }, required: true, ...extra }) as Question

const flow = (questions: Question[], endings: Flow['endings'] = [{ id: 'thanks', type: 'endScreen' }], welcomeEnabled = false): Flow => ({
  questions,
  endings,
  variables: [],
  welcomeEnabled,
})

const test = suite('next step')

test('opens on the welcome card when it is enabled, else on the first question', () => {
  assert.is(firstStep(flow([q('a')], [], true)), WELCOME)
  assert.is(firstStep(flow([q('a')])), 'a')
  assert.is(nextStep(flow([q('a')], [], true), WELCOME, {}, {}).next, 'a')
})

test('goes in order, then to the first ending, finished there', () => {
  const f = flow([q('a'), q('b')], [{ id: 'e1', type: 'endScreen' }, { id: 'e2', type: 'redirectToUrl', url: 'https://example.com/' }])
  assert.equal(nextStep(f, 'a', { a: 'x' }, {}), { next: 'b', finished: false, endingId: undefined, values: {}, requiredIds: [] })
  assert.equal(nextStep(f, 'b', { b: 'x' }, {}), { next: 'e1', finished: true, endingId: 'e1', values: {}, requiredIds: [] })
})

test('without endings the last answer finishes with the built-in end (no id)', () => {
  assert.equal(nextStep(flow([q('a')], []), 'a', {}, {}), { next: undefined, finished: true, endingId: undefined, values: {}, requiredIds: [] })
})

test('a jump goes to a question or an ending; an unknown target falls back to logicFallback, then to the order', () => {
  const jump = (target: string, logicFallback?: string) =>
    q('a', {
      logic: [{ conditions: { connector: 'and', conditions: [] }, actions: [{ objective: 'jumpToQuestion', target }] }],
      ...(logicFallback ? { logicFallback } : {}),
    })
  const endings: Flow['endings'] = [{ id: 'e1', type: 'endScreen' }, { id: 'e2', type: 'endScreen' }]
  assert.is(nextStep(flow([jump('c'), q('b'), q('c')], endings), 'a', {}, {}).next, 'c')
  const toEnding = nextStep(flow([jump('e2'), q('b')], endings), 'a', {}, {})
  assert.equal([toEnding.next, toEnding.finished, toEnding.endingId], ['e2', true, 'e2'])
  assert.is(nextStep(flow([jump('nowhere', 'c'), q('b'), q('c')], endings), 'a', {}, {}).next, 'c')
  assert.is(nextStep(flow([jump('nowhere'), q('b')], endings), 'a', {}, {}).next, 'b')
})

test('logicFallback applies when no rule jumps', () => {
  const a = q('a', {
    logic: [{ conditions: { connector: 'and', conditions: [{ leftOperand: { type: 'question', value: 'a' }, operator: 'equals', rightOperand: { type: 'static', value: 'yes' } }] }, actions: [{ objective: 'jumpToQuestion', target: 'c' }] }],
    logicFallback: 'e1',
  })
  const f = flow([a, q('b'), q('c')], [{ id: 'e1', type: 'endScreen' }])
  assert.is(nextStep(f, 'a', { a: 'yes' }, {}).next, 'c')
  assert.is(nextStep(f, 'a', { a: 'no' }, {}).next, 'e1')
})

test('"end" from the first logic finishes at the first ending', () => {
  const a = q('a', { logic: [{ condition: 'submitted', destination: 'end' }] })
  assert.equal(nextStep(flow([a, q('b')]), 'a', { a: 'x' }, {}).endingId, 'thanks')
  assert.equal(nextStep(flow([a, q('b')], []), 'a', { a: 'x' }, {}).finished, true)
})

test('progress runs from 0 to 1', () => {
  const f = flow([q('a'), q('b'), q('c'), q('d')])
  assert.equal([progress(f, WELCOME), progress(f, 'a'), progress(f, 'c'), progress(f, 'thanks'), progress(f, undefined)], [0, 0, 0.5, 1, 1])
})

test('minutes to finish: at least one', () => {
  assert.is(minutesToFinish([q('a')]), 1)
  assert.is(minutesToFinish(Array.from({ length: 10 }, (_, i) => q(`q${i}`))), 5)
})

test.run()
