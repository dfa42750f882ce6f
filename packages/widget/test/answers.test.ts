import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import {
  MAX_TTC_MS,
  addTime,
  addressInputs,
  choiceAnswer,
  choiceSelection,
  isEmptyAnswer,
  shuffled,
  storedAnswer,
} from '../src/renderer/answers'
import type { MultipleChoiceQuestion, Question } from '../src/renderer/types'

const choices: MultipleChoiceQuestion = {
  id: 'c',
  type: 'multipleChoiceMulti',
  headline: { default: 'C' },
  required: true,
  choices: [
    { id: 'a', label: { default: 'Apple', de: 'Apfel' } },
    { id: 'b', label: { default: 'Banana', de: 'Banane' } },
    { id: 'other', label: { default: 'Other', de: 'Andere' } },
  ],
}

const test = suite('answers')

test('choices are stored by label in the language of the answer; other by its text', () => {
  assert.equal(choiceAnswer(choices, { ids: ['b', 'a'], other: '' }, 'de'), ['Apfel', 'Banane'])
  assert.equal(choiceAnswer(choices, { ids: ['a', 'other'], other: ' Cherry ' }, 'default'), ['Apple', 'Cherry'])
  assert.is(choiceAnswer({ ...choices, type: 'multipleChoiceSingle' }, { ids: ['b'], other: '' }, 'de'), 'Banane')
  assert.is(choiceAnswer({ ...choices, type: 'multipleChoiceSingle' }, { ids: [], other: '' }, 'de'), '')
})

test('a stored answer selects its choices again, in any language', () => {
  assert.equal(choiceSelection(choices, ['Apfel', 'Banana', 'Cherry']), { ids: ['a', 'b', 'other'], other: 'Cherry' })
  assert.equal(choiceSelection(choices, 'Banane'), { ids: ['b'], other: '' })
  assert.equal(choiceSelection(choices, undefined), { ids: [], other: '' })
  assert.equal(
    choiceSelection({ choices: choices.choices.slice(0, 2) }, 'Cherry'),
    { ids: [], other: '' },
    'no "other" option: unknown text selects nothing',
  )
})

test('stored form: empty values per type, full matrices, address all or nothing', () => {
  const matrix = {
    id: 'm',
    type: 'matrix',
    headline: { default: 'M' },
    required: false,
    rows: [{ id: 'r', label: { default: 'Speed' } }, { default: 'Price' }],
    columns: [{ default: 'Good' }],
  } as Question
  assert.equal(storedAnswer(matrix, { Speed: 'Good' }, 'default'), { Speed: 'Good', Price: '' })
  assert.equal(storedAnswer(matrix, undefined, 'default'), {})
  const address = { id: 'a', type: 'address', headline: { default: 'A' }, required: false } as Question
  assert.equal(storedAnswer(address, [' Main St ', '', 'Berlin'], 'default'), ['Main St', '', 'Berlin', '', '', ''])
  assert.equal(storedAnswer(address, ['', ' '], 'default'), [])
  assert.equal(storedAnswer({ id: 'n', type: 'nps', headline: { default: 'N' }, required: false } as Question, undefined, 'default'), '')
  assert.equal(storedAnswer(choices, undefined, 'default'), [])
  assert.equal(
    storedAnswer({ id: 't', type: 'openText', headline: { default: 'T' }, required: false } as Question, '  hi ', 'default'),
    'hi',
  )
})

test('address inputs: shown and required as set, or all shown and following the question when unset', () => {
  const set = addressInputs({
    id: 'a',
    type: 'address',
    headline: { default: 'A' },
    required: true,
    city: { show: false, required: false, placeholder: { default: 'City' } },
  })
  assert.equal(
    set.map((input) => [input.field, input.show, input.required]),
    [
      ['addressLine1', true, true],
      ['addressLine2', true, true],
      ['city', false, false],
      ['state', true, true],
      ['zip', true, true],
      ['country', true, true],
    ],
  )
})

test('blank answers', () => {
  assert.ok(isEmptyAnswer(' '))
  assert.ok(isEmptyAnswer([' ', '']))
  assert.ok(isEmptyAnswer({ a: '' }))
  assert.not.ok(isEmptyAnswer(0))
  assert.not.ok(isEmptyAnswer(['x']))
})

test('shuffle: "other" stays last, "exceptLast" keeps the last, "none" keeps the order', () => {
  const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }]
  const reverse = () => 0
  assert.equal(
    shuffled(items, 'none', reverse).map((i) => i.id),
    ['a', 'b', 'c', 'd'],
  )
  const all = shuffled(items, 'all', reverse).map((i) => i.id)
  assert.equal([...all].sort(), ['a', 'b', 'c', 'd'])
  assert.is.not(all.join(''), 'abcd')
  assert.is(shuffled(items, 'exceptLast', reverse).at(-1)?.id, 'd')
  const withOther = [{ id: 'other' }, ...items]
  assert.is(shuffled(withOther, 'all', reverse).at(-1)?.id, 'other')
  assert.equal(
    shuffled(withOther, 'exceptLast', reverse)
      .slice(-2)
      .map((i) => i.id),
    ['d', 'other'],
  )
})

test('shuffle: the reference\'s reverse options reverse half of the time, "reverseOrderExceptLast" keeping the last', () => {
  const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }]
  const ids = (option: string, draw: number) => shuffled(items, option, () => draw).map((i) => i.id)
  assert.equal(ids('reverseOrderOccasionally', 0.2), ['d', 'c', 'b', 'a'])
  assert.equal(ids('reverseOrderOccasionally', 0.7), ['a', 'b', 'c', 'd'])
  assert.equal(ids('reverseOrderExceptLast', 0.2), ['c', 'b', 'a', 'd'])
  assert.equal(ids('reverseOrderExceptLast', 0.7), ['a', 'b', 'c', 'd'])
  const withOther = [...items, { id: 'other' }]
  assert.equal(
    shuffled(withOther, 'reverseOrderOccasionally', () => 0.2).map((i) => i.id),
    ['d', 'c', 'b', 'a', 'other'],
    '"other" stays last',
  )
})

test('time on a question: whole ms, never negative, at most the day the server takes (a tab left open for two days)', () => {
  assert.is(addTime(undefined, 1234.6), 1235)
  assert.is(addTime(1000, -50), 1000, 'a clock that went back adds nothing')
  assert.is(addTime(1000, Number.NaN), 1000)
  assert.is(addTime(undefined, 2 * MAX_TTC_MS), MAX_TTC_MS)
  assert.is(addTime(MAX_TTC_MS - 10, 60_000), MAX_TTC_MS)
  assert.is(MAX_TTC_MS, 86_400_000)
})

test.run()
