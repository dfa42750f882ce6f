import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Flow } from '../src/renderer/next-step'
import { WELCOME, firstStep, minutesToFinish, nextStep, progress, resumeStep } from '../src/renderer/next-step'
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
  const f = flow(
    [q('a'), q('b')],
    [
      { id: 'e1', type: 'endScreen' },
      { id: 'e2', type: 'redirectToUrl', url: 'https://example.com/' },
    ],
  )
  assert.equal(nextStep(f, 'a', { a: 'x' }, {}), { next: 'b', finished: false, endingId: undefined, values: {}, requiredIds: [] })
  assert.equal(nextStep(f, 'b', { b: 'x' }, {}), { next: 'e1', finished: true, endingId: 'e1', values: {}, requiredIds: [] })
})

test('without endings the last answer finishes with the built-in end (no id)', () => {
  assert.equal(nextStep(flow([q('a')], []), 'a', {}, {}), {
    next: undefined,
    finished: true,
    endingId: undefined,
    values: {},
    requiredIds: [],
  })
})

test('a jump goes to a question or an ending; an unknown target falls back to logicFallback, then to the order', () => {
  const jump = (target: string, logicFallback?: string) =>
    q('a', {
      logic: [{ conditions: { connector: 'and', conditions: [] }, actions: [{ objective: 'jumpToQuestion', target }] }],
      ...(logicFallback ? { logicFallback } : {}),
    })
  const endings: Flow['endings'] = [
    { id: 'e1', type: 'endScreen' },
    { id: 'e2', type: 'endScreen' },
  ]
  assert.is(nextStep(flow([jump('c'), q('b'), q('c')], endings), 'a', {}, {}).next, 'c')
  const toEnding = nextStep(flow([jump('e2'), q('b')], endings), 'a', {}, {})
  assert.equal([toEnding.next, toEnding.finished, toEnding.endingId], ['e2', true, 'e2'])
  assert.is(nextStep(flow([jump('nowhere', 'c'), q('b'), q('c')], endings), 'a', {}, {}).next, 'c')
  assert.is(nextStep(flow([jump('nowhere'), q('b')], endings), 'a', {}, {}).next, 'b')
})

test('logicFallback applies when no rule jumps', () => {
  const a = q('a', {
    logic: [
      {
        conditions: {
          connector: 'and',
          conditions: [
            { leftOperand: { type: 'question', value: 'a' }, operator: 'equals', rightOperand: { type: 'static', value: 'yes' } },
          ],
        },
        actions: [{ objective: 'jumpToQuestion', target: 'c' }],
      },
    ],
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

test('resumeStep: the answered pages are passed through the logic, so a branch is honoured; it stops at the first page not answered', () => {
  const jump = q('a', {
    logic: [{ conditions: { connector: 'and', conditions: [] }, actions: [{ objective: 'jumpToQuestion', target: 'c' }] }],
  })
  const f = flow([jump, q('b'), q('c'), q('d')])
  assert.equal(resumeStep(f, { a: 'x' }, {}), { step: 'c', history: [{ id: 'a', values: {} }], values: {}, requiredBy: { a: [] } })
  const resumed = resumeStep(f, { a: 'x', c: '' }, {})
  assert.equal(
    [resumed.step, resumed.history.map((h) => h.id)],
    ['d', ['a', 'c']],
    'a skipped optional answer (stored empty) counts as answered',
  )
  assert.is(resumeStep(f, {}, {}).step, 'a')
})

test('progress runs from 0 to 1', () => {
  const f = flow([q('a'), q('b'), q('c'), q('d')])
  assert.equal([progress(f, WELCOME), progress(f, 'a'), progress(f, 'c'), progress(f, 'thanks'), progress(f, undefined)], [0, 0, 0.5, 1, 1])
})

test('minutes to finish: at least one', () => {
  assert.is(minutesToFinish([q('a')]), 1)
  assert.is(minutesToFinish(Array.from({ length: 10 }, (_, i) => q(`q${i}`))), 5)
})

/** Two pages: a page of two elements whose logic adds to a variable and jumps to the third page when q1 is "skip". */
const blockFlow = (): Flow => {
  const rule = {
    id: 'r',
    conditions: {
      id: 'g',
      connector: 'and' as const,
      conditions: [
        { id: 'c', leftOperand: { type: 'element', value: 'q1' }, operator: 'equals', rightOperand: { type: 'static', value: 'skip' } },
      ],
    },
    actions: [
      { id: 'a1', objective: 'calculate', variableId: 'score', operator: 'add', value: { type: 'static', value: 2 } },
      { id: 'a2', objective: 'jumpToBlock', target: 'p3' },
    ],
  }
  const questions = [q('q1'), q('q2'), q('q3'), q('q4')]
  return {
    questions,
    blocks: [
      { id: 'p1', elements: [questions[0] as Question, questions[1] as Question], logic: [rule] as never },
      { id: 'p2', elements: [questions[2] as Question], logicFallback: 'thanks' },
      { id: 'p3', elements: [questions[3] as Question] },
    ],
    endings: [{ id: 'thanks', type: 'endScreen' }],
    variables: [{ id: 'score', name: 'score', type: 'number', value: 0 }],
    welcomeEnabled: false,
  }
}

test('blocks: a page is a block; its logic (calculate, jumpToBlock) runs on the answers of all its elements', () => {
  const f = blockFlow()
  assert.is(firstStep(f), 'p1')
  assert.equal(nextStep(f, 'p1', { q1: 'skip', q2: 'x' }, { score: 1 }), {
    next: 'p3',
    finished: false,
    endingId: undefined,
    values: { score: 3 },
    requiredIds: [],
  })
  assert.equal(nextStep(f, 'p1', { q1: 'go', q2: 'x' }, { score: 1 }).next, 'p2', 'no rule holds: the next block')
  assert.equal(
    nextStep(f, 'p2', { q3: 'x' }, {}),
    { next: 'thanks', finished: true, endingId: 'thanks', values: {}, requiredIds: [] },
    "the block's fallback",
  )
  assert.is(progress(f, 'p2'), 1 / 3)
})

test("blocks: a jump to an element (a question's logic, or a reference client's) goes to the page that holds it", () => {
  const f = blockFlow()
  const blocks = f.blocks as NonNullable<Flow['blocks']>
  const jumpToQuestion = {
    ...f,
    blocks: [
      {
        ...blocks[0],
        logic: [{ conditions: { connector: 'and', conditions: [] }, actions: [{ objective: 'jumpToQuestion', target: 'q4' }] }],
      },
      ...blocks.slice(1),
    ],
  } as Flow
  assert.is(nextStep(jumpToQuestion, 'p1', {}, {}).next, 'p3')
})

test('without blocks each question is a page (the blocks the server derives have the same ids)', () => {
  const f = { ...flow([q('a'), q('b')]), blocks: [] }
  assert.is(firstStep(f), 'a')
  assert.is(nextStep(f, 'a', { a: 'x' }, {}).next, 'b')
})

test.run()
