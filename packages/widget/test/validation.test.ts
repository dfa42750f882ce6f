import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Question } from '../src/renderer/types'
import { isIsoDate, validateAnswer } from '../src/renderer/validation'

const text = (extra: Record<string, unknown> = {}): Question =>
  ({ id: 't', type: 'openText', headline: { default: 'T' }, required: true, ...extra }) as Question
const key = (question: Question, value: unknown, required = question.required, state = {}) =>
  validateAnswer(question, value as never, required, state)?.key

const test = suite('validation')

test('a required question needs an answer; an optional one may be empty', () => {
  assert.is(key(text(), ''), 'answerRequired')
  assert.is(key(text(), '   '), 'answerRequired')
  assert.is(key(text(), undefined), 'answerRequired')
  assert.is(key(text(), '', false), undefined)
  assert.is(key(text(), 'fine'), undefined)
  assert.is(key(text(), '', true), 'answerRequired', 'required by logic')
})

test('open text input types', () => {
  assert.is(key(text({ inputType: 'email' }), 'someone@example.com'), undefined)
  assert.is(key(text({ inputType: 'email' }), 'someone@'), 'invalidEmail')
  assert.is(key(text({ inputType: 'url' }), 'https://example.com/x'), undefined)
  assert.is(key(text({ inputType: 'url' }), 'javascript:alert(1)'), 'invalidUrl')
  assert.is(key(text({ inputType: 'url' }), 'example.com'), 'invalidUrl')
  assert.is(key(text({ inputType: 'phone' }), '+49 (30) 123-456'), undefined)
  assert.is(key(text({ inputType: 'phone' }), '12ab'), 'invalidPhone')
  assert.is(key(text({ inputType: 'number' }), '-3.5'), undefined)
  assert.is(key(text({ inputType: 'number' }), 'three'), 'invalidNumber')
  assert.is(key(text({ inputType: 'email' }), '', false), undefined, 'an optional email may stay empty')
})

test('character limits count characters, not UTF-16 units', () => {
  const limited = text({ charLimit: { enabled: true, min: 3, max: 5 } })
  assert.equal(validateAnswer(limited, 'ab', true), { key: 'tooShort', values: { n: 3 } })
  assert.equal(validateAnswer(limited, 'abcdef', true), { key: 'tooLong', values: { n: 5 } })
  assert.is(key(limited, '😀😀😀'), undefined)
  assert.is(key(text({ charLimit: { enabled: false, min: 10 } }), 'short'), undefined)
})

test('choices: "other" ticked needs its text', () => {
  const single = {
    id: 'c',
    type: 'multipleChoiceSingle',
    headline: { default: 'C' },
    required: false,
    choices: [
      { id: 'a', label: { default: 'A' } },
      { id: 'other', label: { default: 'Other' } },
    ],
  } as Question
  assert.equal(validateAnswer(single, '', false, { otherSelected: true }), { key: 'otherRequired', field: 'other' })
  assert.is(key(single, 'my own', false, { otherSelected: true }), undefined)
  assert.is(key(single, 'A', false, { otherSelected: false }), undefined)
  const multi = { ...single, type: 'multipleChoiceMulti', required: true } as Question
  assert.is(key(multi, []), 'answerRequired')
  assert.is(key(multi, ['A'], true, { otherSelected: true }), 'otherRequired')
  assert.is(key(multi, ['A', 'mine'], true, { otherSelected: true }), undefined)
})

test('NPS and rating stay in their range', () => {
  const nps = { id: 'n', type: 'nps', headline: { default: 'N' }, required: true } as Question
  assert.is(key(nps, 0), undefined)
  assert.is(key(nps, 11), 'answerRequired')
  assert.is(key(nps, ''), 'answerRequired')
  const rating = { id: 'r', type: 'rating', scale: 'star', range: 5, headline: { default: 'R' }, required: true } as Question
  assert.is(key(rating, 5), undefined)
  assert.is(key(rating, 6), 'answerRequired')
  assert.is(key(rating, 0), 'answerRequired')
})

test('consent, date, CTA', () => {
  const consent = { id: 'c', type: 'consent', label: { default: 'I agree' }, headline: { default: 'C' }, required: true } as Question
  assert.is(key(consent, ''), 'answerRequired')
  assert.is(key(consent, 'accepted'), undefined)
  assert.is(key(consent, '', false), undefined)
  const date = { id: 'd', type: 'date', format: 'y-M-d', headline: { default: 'D' }, required: true } as Question
  assert.is(key(date, '2024-02-29'), undefined)
  assert.is(key(date, '2023-02-29'), 'invalidDate')
  assert.is(key(date, ''), 'answerRequired')
  assert.is(key({ id: 'x', type: 'cta', headline: { default: 'X' }, required: true } as Question, ''), undefined)
})

test('matrix: a required one needs every row', () => {
  const matrix = {
    id: 'm',
    type: 'matrix',
    headline: { default: 'M' },
    required: true,
    rows: [{ default: 'A' }, { default: 'B' }],
    columns: [{ default: '1' }],
  } as Question
  assert.is(key(matrix, { A: '1' }), 'answerRequired')
  assert.is(key(matrix, { A: '1', B: '1' }), undefined)
  assert.is(key(matrix, { A: '1' }, false), undefined)
})

test('ranking: all items or, when optional, none', () => {
  const ranking = {
    id: 'r',
    type: 'ranking',
    headline: { default: 'R' },
    required: false,
    choices: [
      { id: 'a', label: { default: 'A' } },
      { id: 'b', label: { default: 'B' } },
    ],
  } as Question
  assert.is(key(ranking, []), undefined)
  assert.is(key(ranking, ['A']), 'rankAll')
  assert.is(key(ranking, ['B', 'A']), undefined)
  assert.is(key(ranking, [], true), 'answerRequired')
})

test('address and contact info: required inputs, valid email and phone, all-or-nothing when optional', () => {
  const contact = {
    id: 'ci',
    type: 'contactInfo',
    headline: { default: 'C' },
    required: true,
    firstName: { show: true, required: true, placeholder: { default: 'First' } },
    lastName: { show: true, required: false, placeholder: { default: 'Last' } },
    email: { show: true, required: true, placeholder: { default: 'Email' } },
    phone: { show: false, required: false, placeholder: { default: 'Phone' } },
    company: { show: true, required: false, placeholder: { default: 'Company' } },
  } as Question
  assert.equal(validateAnswer(contact, ['Ada', '', '', '', ''], true), { key: 'answerRequired', field: 'email' })
  assert.equal(validateAnswer(contact, ['Ada', '', 'nope', '', ''], true), { key: 'invalidEmail', field: 'email' })
  assert.is(key(contact, ['Ada', '', 'ada@example.com', '', '']), undefined)
  assert.is(key(contact, [], false), undefined, 'an optional question may be left empty')
  const oldAddress = { id: 'a', type: 'address', headline: { default: 'A' }, required: true } as Question
  assert.equal(
    validateAnswer(oldAddress, ['Main St 1', '', '', '', '', ''], true),
    { key: 'answerRequired', field: 'addressLine2' },
    'without the objects every input is shown and follows the question',
  )
})

test('picture selection and file upload need one when required', () => {
  const pictures = {
    id: 'p',
    type: 'pictureSelection',
    headline: { default: 'P' },
    required: true,
    choices: [
      { id: 'x', imageUrl: '/a.png' },
      { id: 'y', imageUrl: '/b.png' },
    ],
  } as Question
  assert.is(key(pictures, []), 'answerRequired')
  assert.is(key(pictures, ['y']), undefined)
  const files = { id: 'f', type: 'fileUpload', headline: { default: 'F' }, required: true, allowMultipleFiles: false } as Question
  assert.is(key(files, []), 'answerRequired')
  assert.is(key(files, ['https://example.com/f.png']), undefined)
})

test('isIsoDate', () => {
  assert.ok(isIsoDate('2000-01-01'))
  assert.not.ok(isIsoDate('2000-13-01'))
  assert.not.ok(isIsoDate('01/02/2000'))
})

test.run()
