/**
 * One answer, whatever the language (issue 84; docs/api.md, "Answers in every language"): a stored choice,
 * ranked item, picture or matrix label resolves to its option by id, by its label in the response's language,
 * by its label in any language, to the element's "other" input, else stays unmatched with its raw value; a
 * filter on a choice widens to every stored form of it.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { withAnswerForms } from '../src/domain/results/answer-filters'
import { elementOptions, labelIn, languageKey, optionSet, resolveValue, storedForms } from '../src/domain/results/answer-resolution'

const both = (en: string, de: string) => ({ default: en, de })
const single = {
  id: 'feel',
  type: 'multipleChoiceSingle',
  choices: [
    { id: 'very', label: both('Very disappointed', 'Sehr enttäuscht') },
    { id: 'some', label: both('Somewhat disappointed', 'Etwas enttäuscht') },
    { id: 'other', label: both('Other', 'Andere') },
  ],
}

test('match order: id, the response language, any language, other, unmatched; raw kept; exact after trim', () => {
  const set = elementOptions(single, 'choices')
  const of = (raw: string, language?: string) => {
    const resolved = resolveValue(set, raw, language)
    return [resolved.option?.id ?? null, resolved.match, resolved.raw]
  }
  assert.equal(of('some'), ['some', 'exact', 'some'])
  assert.equal(of('Etwas enttäuscht', 'de'), ['some', 'label', 'Etwas enttäuscht'])
  assert.equal(of('Etwas enttäuscht'), ['some', 'label', 'Etwas enttäuscht'], 'a German label without a language')
  assert.equal(of('Somewhat disappointed', 'de'), ['some', 'label', 'Somewhat disappointed'], 'the default label in a German response')
  assert.equal(of('  Sehr enttäuscht '), ['very', 'label', '  Sehr enttäuscht '])
  assert.equal(of('somewhat disappointed'), ['other', 'other', 'somewhat disappointed'], 'case is not folded')
  assert.equal(of('Other'), ['other', 'other', 'Other'], 'the word "other" is what was typed, not the choice')
  const noOther = optionSet(single.choices.slice(0, 2))
  assert.equal(resolveValue(noOther, 'Nope'), { option: undefined, match: 'unmatched', raw: 'Nope' })
  const some = resolveValue(set, 'Etwas enttäuscht').option!
  assert.is(some.defaultLabel, 'Somewhat disappointed')
  assert.is(labelIn(some, 'de'), 'Etwas enttäuscht')
  assert.is(labelIn(some, 'fr'), 'Somewhat disappointed')
})

test('the response language wins where two languages share a label; the default language first without one', () => {
  const set = optionSet([
    { id: 'gift', label: both('Gift', 'Geschenk') },
    { id: 'poison', label: both('Poison', 'Gift') },
  ])
  assert.is(resolveValue(set, 'Gift', 'de').option?.id, 'poison')
  assert.is(resolveValue(set, 'Gift').option?.id, 'gift')
})

test('matrix rows and columns in both forms; pictures by id; the i18n key of a response language', () => {
  const grid = {
    rows: [{ id: 'r1', label: both('Speed', 'Geschwindigkeit') }],
    columns: [both('Bad', 'Schlecht'), both('Good', 'Gut'), 'Plain'],
  }
  assert.is(resolveValue(elementOptions(grid, 'rows'), 'Geschwindigkeit', 'de').option?.id, 'r1')
  const good = resolveValue(elementOptions(grid, 'columns'), 'Gut', 'de').option!
  assert.equal([good.id, good.key, good.defaultLabel], [null, '#1', 'Good'])
  assert.is(resolveValue(elementOptions(grid, 'columns'), 'Plain').option?.key, '#2')
  const pictures = optionSet([
    { id: 'p1', imageUrl: 'https://x/1.png' },
    { id: 'p2', imageUrl: 'https://x/2.png' },
  ])
  assert.equal([resolveValue(pictures, 'p2').option?.id, resolveValue(pictures, 'p2').match], ['p2', 'exact'])
  const languages = [
    { language: { code: 'en' }, default: true },
    { language: { code: 'de' }, default: false },
  ]
  assert.equal(
    ['en', 'DE', 'fr', null, 'default'].map((code) => languageKey(languages, code)),
    ['default', 'de', 'default', 'default', 'default'],
  )
})

test('a filter on a choice takes every stored form of it; other conditions and unknown values are kept', () => {
  assert.equal(storedForms(elementOptions(single, 'choices'), 'Etwas enttäuscht').sort(), [
    'Etwas enttäuscht',
    'Somewhat disappointed',
    'some',
  ])
  assert.equal(storedForms(elementOptions(single, 'choices'), 'Something else'), ['Something else'])
  const survey = { questions: [single, { id: 'why', type: 'openText' }], blocks: [] }
  const where = [
    { on: 'json' as const, field: { column: 'data' as const, path: ['feel'] }, op: 'in' as const, values: ['Somewhat disappointed', 'x'] },
    { on: 'json' as const, field: { column: 'data' as const, path: ['why'] }, op: 'in' as const, values: ['Somewhat disappointed'] },
    { on: 'json' as const, field: { column: 'data' as const, path: ['feel'] }, op: 'contains' as const, value: 'Some' },
  ]
  const widened = withAnswerForms(survey, { where })
  assert.equal(widened.where?.[0], { ...where[0], values: ['Somewhat disappointed', 'some', 'Etwas enttäuscht', 'x'] })
  assert.equal(widened.where?.slice(1), where.slice(1))
  assert.is(withAnswerForms(survey, { where: undefined }).where, undefined)
  const grid = {
    id: 'grid',
    type: 'matrix',
    rows: [{ id: 'r1', label: both('Speed', 'Tempo') }],
    columns: [both('Bad', 'Schlecht'), both('Good', 'Gut')],
  }
  const cell = { on: 'json' as const, field: { column: 'data' as const, path: ['grid.Tempo'] }, op: 'in' as const, values: ['Good'] }
  const rows = withAnswerForms({ questions: [grid], blocks: [] }, { where: [cell] }).where
  assert.equal(rows, [
    {
      on: 'any',
      conditions: ['Tempo', 'r1', 'Speed'].map((row) => ({
        on: 'json',
        field: { column: 'data', path: ['grid', row] },
        op: 'in',
        values: ['Good', 'Gut'],
      })),
    },
  ])
})

test.run()
