/**
 * The walk of grouped responses through a survey's blocks (`walkPaths`, docs/api.md "A survey's summary"): jumps to
 * a block, an element and an ending, the fallback, a jump back that would loop, conditions on variables, groups
 * without values (followed through the blocks they hold entries for) and groups past both caps.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { PathGroup } from '../src/ports/storage/index'
import { pathQuery, walkPaths } from '../src/domain/results/survey-paths'

const test = suite('the walk of paths')

const element = (id: string) => ({ id, type: 'openText', headline: { default: id }, required: false })
const when = (left: object, operator: string, right: unknown, target: string) => ({
  id: `r-${target}`,
  conditions: {
    id: 'g',
    connector: 'and',
    conditions: [{ id: 'c', leftOperand: left, operator, rightOperand: { type: 'static', value: right } }],
  },
  actions: [{ id: 'a', objective: 'jumpToBlock', target }],
})

const SURVEY = {
  blocks: [
    {
      id: 'b1',
      name: 'First',
      elements: [element('a'), element('a2')],
      logic: [
        when({ type: 'element', value: 'a' }, 'equals', 'end', 'ending1'),
        when({ type: 'element', value: 'a' }, 'equals', 'third', 'c'),
        when({ type: 'variable', value: 'score' }, 'isGreaterThan', 5, 'b2'),
      ],
      logicFallback: 'b3',
    },
    { id: 'b2', name: '', elements: [element('b')], logic: [when({ type: 'hiddenField', value: 'h' }, 'equals', 'back', 'b1')] },
    { id: 'b3', name: 'Third', elements: [element('c')] },
  ],
  questions: [element('a'), element('a2'), element('b'), element('c')],
  endings: [{ id: 'ending1', type: 'endScreen' }],
  variables: [{ id: 'score', name: 'score', type: 'number', value: 0 }],
}
const IDS = ['a', 'a2', 'b', 'c']

const group = (count: number, finished: boolean, marks: string | null, data?: object, variables: object = {}): PathGroup => ({
  count,
  finished,
  marks,
  values: data === undefined ? null : { data: data as Record<string, unknown>, variables: variables as Record<string, unknown> },
})
const funnel = (groups: PathGroup[]) =>
  walkPaths(SURVEY, IDS, groups).blocks.map((block) => [block.blockId, block.reached, block.answered, block.skipped, block.leftHere])

test('what the logic reads: answers, hidden fields and variables', () => {
  assert.equal(pathQuery(SURVEY), { data: ['a', 'h'], variables: ['score'] })
})

test('an ending ends the path; a jump to an element goes to its block; else the fallback', () => {
  assert.equal(funnel([group(2, true, '2000', { a: 'end' })]), [
    ['b1', 2, 2, 0, 0],
    ['b2', 0, 0, 0, 0],
    ['b3', 0, 0, 0, 0],
  ])
  assert.equal(funnel([group(1, true, '2202', { a: 'third' }), group(3, false, '1100', {})]), [
    ['b1', 4, 1, 3, 0],
    ['b2', 0, 0, 0, 0],
    ['b3', 4, 1, 0, 3],
  ])
})

test('a variable as stored leads to a block; a jump back to a block passed ends the walk', () => {
  const walk = walkPaths(SURVEY, IDS, [group(1, true, '2220', { h: 'back' }, { score: 9 })])
  assert.equal(
    walk.blocks.map((block) => [block.name, block.reached]),
    [
      ['First', 1],
      ['Block 2', 1],
      ['Third', 0],
    ],
  )
  assert.equal([...walk.skipped], [], 'nothing seen was left empty')
})

test('an unfinished response stops in the first block on its path it did not pass', () => {
  assert.equal(funnel([group(1, false, '2000', { a: 'x' })]), [
    ['b1', 1, 0, 0, 1],
    ['b2', 0, 0, 0, 0],
    ['b3', 0, 0, 0, 0],
  ])
})

test('a response with entries further on went past a block it holds none for: skipped, not left', () => {
  const walk = walkPaths(SURVEY, IDS, [group(1, false, '2002', {})])
  assert.equal(
    walk.blocks.map((block) => [block.blockId, block.reached, block.answered, block.skipped, block.leftHere]),
    [
      ['b1', 1, 1, 0, 0],
      ['b2', 0, 0, 0, 0],
      ['b3', 1, 1, 0, 0],
    ],
  )
  assert.equal([...walk.skipped], [['a2', 1]])
})

test('without values: through the blocks held, in order; past both caps: in no block', () => {
  const walk = walkPaths(SURVEY, IDS, [group(2, false, '2200'), group(1, true, '0002'), group(5, false, null)])
  assert.equal(
    walk.blocks.map((block) => [block.blockId, block.reached, block.answered, block.skipped, block.leftHere]),
    [
      ['b1', 2, 2, 0, 0],
      ['b2', 2, 0, 0, 2],
      ['b3', 1, 1, 0, 0],
    ],
  )
  assert.is(walk.notWalked, 5)
})

test.run()
