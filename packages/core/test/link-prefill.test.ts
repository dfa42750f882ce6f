import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { PREFILL_MAX_CHARS, prefillAnswer, prefillFromQuery } from '../src/pages/link-prefill'

const t = (text: string, de?: string) => ({ default: text, ...(de ? { de } : {}) })
const choices = [
  { id: 'red', label: t('Red', 'Rot') },
  { id: 'blue', label: t('Blue', 'Blau') },
]
const withOther = [...choices, { id: 'other', label: t('Other', 'Andere') }]
const q = {
  text: { id: 'text', type: 'openText', required: false },
  single: { id: 'single', type: 'multipleChoiceSingle', required: true, choices },
  singleOther: { id: 'singleOther', type: 'multipleChoiceSingle', required: true, choices: withOther },
  multi: { id: 'multi', type: 'multipleChoiceMulti', required: true, choices },
  multiOther: { id: 'multiOther', type: 'multipleChoiceMulti', required: true, choices: withOther },
  nps: { id: 'nps', type: 'nps', required: true },
  rating: { id: 'rating', type: 'rating', required: true, range: 3 },
  csat: { id: 'csat', type: 'csat', required: true, range: 5 },
  ces: { id: 'ces', type: 'ces', required: true, range: 7 },
  consent: { id: 'consent', type: 'consent', required: true },
  optionalConsent: { id: 'optionalConsent', type: 'consent', required: false },
  pictures: {
    id: 'pictures',
    type: 'pictureSelection',
    required: true,
    allowMulti: true,
    choices: [{ id: 'p1' }, { id: 'p2' }, { id: 'p3' }],
  },
  picture: { id: 'picture', type: 'pictureSelection', required: true, allowMulti: false, choices: [{ id: 'p1' }, { id: 'p2' }] },
}
const languages = [
  { default: true, enabled: true, language: { code: 'en', alias: null } },
  { default: false, enabled: true, language: { code: 'de', alias: 'german' } },
]

test('each type reads its answer as the reference does', () => {
  const cases: [Record<string, unknown>, string, unknown][] = [
    [q.text, 'Hello, <b>world</b>', 'Hello, <b>world</b>'],
    [q.single, 'blue', 'Blue'],
    [q.single, 'Red', 'Red'],
    [q.singleOther, 'Green', 'Green'],
    [q.singleOther, 'other', undefined],
    [q.multi, 'red, Blue', ['Red', 'Blue']],
    [q.multi, 'blue,blue', ['Blue']],
    [q.multiOther, 'Red,Other,Teal', ['Red', 'Teal']],
    [q.nps, '0', 0],
    [q.nps, '10', 10],
    [q.rating, '3', 3],
    [q.csat, '5', 5],
    [q.ces, '7', 7],
    [q.consent, 'accepted', 'accepted'],
    [q.optionalConsent, 'dismissed', ''],
    [q.pictures, '3,1', ['p3', 'p1']],
    [q.picture, '2,1', ['p2']],
  ]
  for (const [question, value, expected] of cases) assert.equal(prefillAnswer(question, value), expected, `${question.id}=${value}`)
})

test('values a question cannot take are left out', () => {
  const cases: [Record<string, unknown>, string][] = [
    [q.single, 'Green'],
    [q.single, ''],
    [q.multi, 'Red,Green'],
    [q.multiOther, 'Teal,Olive'],
    [q.multi, ','],
    [q.multi, 'red,red,red,red'],
    [q.nps, '11'],
    [q.nps, '-1'],
    [q.nps, '4.5'],
    [q.nps, 'nine'],
    [q.nps, '1e1'],
    [q.rating, '4'],
    [q.rating, '0'],
    [q.csat, '6'],
    [q.ces, '8'],
    [q.consent, 'dismissed'],
    [q.consent, 'yes'],
    [q.pictures, '0'],
    [q.pictures, '4'],
    [q.pictures, '1,x'],
    [{ id: 'cta', type: 'cta', required: false }, 'clicked'],
    [{ id: 'cal', type: 'cal', required: false, calUserName: 'rick' }, 'booked'],
    [{ id: 'date', type: 'date', required: false }, '2024-01-01'],
    [{ id: 'x', type: 'newType', required: false }, 'x'],
  ]
  for (const [question, value] of cases) assert.is(prefillAnswer(question, value), undefined, `${question.id}=${value}`)
})

test('the query: question ids only, the first value, bounded, choices in the language of ?lang=', () => {
  const survey = { questions: Object.values(q), languages }
  const query = {
    single: ['Blau', 'Red'],
    multi: 'Rot,blue',
    nps: '9',
    text: 'x'.repeat(PREFILL_MAX_CHARS + 1),
    unknownId: 'ignored',
    constructor: 'ignored',
    __proto__: 'ignored',
    csat: '9',
  }
  assert.equal(prefillFromQuery(survey, query, 'german'), { single: 'Blau', multi: ['Rot', 'Blau'], nps: 9 })
  assert.equal(prefillFromQuery(survey, { single: 'Blau', multi: 'Red' }, undefined), { multi: ['Red'] })
  assert.equal(prefillFromQuery(survey, { text: 'x'.repeat(PREFILL_MAX_CHARS) }, 'fr'), { text: 'x'.repeat(PREFILL_MAX_CHARS) })
  assert.equal(prefillFromQuery({ questions: [null, 'q', { type: 'openText' }], languages: [] }, { q: 'a' }, undefined), {})
  // Ids that are names of every object's own keys are ids like any other.
  const proto = prefillFromQuery(
    {
      questions: [
        { ...q.multi, id: '__proto__' },
        { ...q.text, id: 'constructor' },
        { ...q.text, id: 'toString' },
      ],
      languages: [],
    },
    JSON.parse('{"__proto__":"red","constructor":"c"}'),
    undefined,
  )
  assert.equal(Object.keys(proto), ['__proto__', 'constructor'])
  assert.equal([Object.getPrototypeOf(proto), proto.__proto__, proto.constructor], [Object.prototype, ['Red'], 'c'])
})

test("hostile text never throws, and every answer has its type's shape", () => {
  const hostile = [
    '',
    ' ',
    ',',
    ',,,',
    '\u0000',
    '\uD800',
    '__proto__',
    'constructor',
    'toString',
    '</script><script>alert(1)</script>',
    '1e308',
    'NaN',
    'Infinity',
    '-0',
    '0x10',
    '١',
    '𝟗',
    '9'.repeat(400),
    'a,'.repeat(3000),
    JSON.stringify({ a: 1 }),
    '[1,2]',
    'Red,Red,Blue,other,Other',
  ]
  const survey = { questions: Object.values(q), languages }
  for (const value of hostile) {
    const answers = prefillFromQuery(survey, Object.fromEntries(Object.keys(q).map((id) => [id, value])), 'de')
    for (const [id, answer] of Object.entries(answers)) {
      const type = (q as Record<string, { type: string }>)[id]!.type
      if (['nps', 'rating', 'csat', 'ces'].includes(type))
        assert.ok(Number.isInteger(answer), `${id}=${JSON.stringify(value)}: ${JSON.stringify(answer)}`)
      else if (['multipleChoiceMulti', 'pictureSelection'].includes(type))
        assert.ok(Array.isArray(answer) && answer.every((item) => typeof item === 'string'), id)
      else assert.type(answer, 'string', id)
    }
  }
})

test.run()
