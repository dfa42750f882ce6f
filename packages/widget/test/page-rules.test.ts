/** Click matching, hidden fields and embedded data. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { ClickElement } from '../src/core/rules/click-match'
import { clickMatches } from '../src/core/rules/click-match'
import { MAX_EMBEDDED_KEYS, clearEmbeddedData, mergeEmbeddedData } from '../src/core/rules/embedded-data'
import { pickHiddenFields } from '../src/core/rules/hidden-fields'

/** A tiny element tree: selectors are `.class` or `#id` only, which is all these tests need. */
function element(tag: { id?: string; classes?: string[]; html: string; text?: string }, parent: ClickElement | null = null): ClickElement {
  const self: ClickElement = {
    innerHTML: tag.html,
    textContent: tag.text ?? tag.html.replace(/<[^>]+>/g, ''),
    parentElement: parent,
    matches(selector) {
      if (selector.startsWith('.')) return (tag.classes ?? []).includes(selector.slice(1))
      if (selector.startsWith('#')) return tag.id === selector.slice(1)
      throw new SyntaxError(`'${selector}' is not a valid selector`)
    },
    closest(selector) {
      for (let at: ClickElement | null = self; at; at = at.parentElement) if (at.matches(selector)) return at
      return null
    },
  }
  return self
}

const button = element({ classes: ['buy'], id: 'cta', html: '<svg></svg> Buy now' })
const icon = element({ html: '' }, button)

const clicks = suite('click actions')
clicks('by CSS selector: the element or an ancestor', () => {
  assert.is(clickMatches(button, { cssSelector: '.buy' }), true)
  assert.is(clickMatches(icon, { cssSelector: '#cta' }), true, 'a click on the icon inside the button')
  assert.is(clickMatches(icon, { cssSelector: '.sell' }), false)
})
clicks('by inner text or HTML, on the element or a near ancestor', () => {
  assert.is(clickMatches(button, { innerHtml: 'Buy now' }), true)
  assert.is(clickMatches(button, { innerHtml: '<svg></svg> Buy now' }), true)
  assert.is(clickMatches(icon, { innerHtml: 'Buy now' }), true)
  assert.is(clickMatches(button, { innerHtml: 'Buy' }), false)
})
clicks('both: the selected element must have the text', () => {
  assert.is(clickMatches(icon, { cssSelector: '.buy', innerHtml: 'Buy now' }), true)
  assert.is(clickMatches(icon, { cssSelector: '.buy', innerHtml: 'Sell' }), false)
})
clicks('nothing to match, or a selector the browser refuses: no match', () => {
  assert.is(clickMatches(button, {}), false)
  assert.is(clickMatches(button, undefined), false)
  assert.is(clickMatches(button, { cssSelector: '  ' }), false)
  assert.is(clickMatches(button, { cssSelector: 'div[' }), false)
})
clicks.run()

const hidden = suite('hidden fields')
hidden('only the fields the survey declares, of the types a response takes', () => {
  const picked = pickHiddenFields(
    { enabled: true, fieldIds: ['plan', 'seats', 'tags', 'bad'] },
    {
      plan: 'pro',
      seats: 4,
      tags: ['a', 'b'],
      bad: { nested: true },
      unknown: 'x',
    },
  )
  assert.equal(picked.fields, { plan: 'pro', seats: 4, tags: ['a', 'b'] })
  assert.equal(picked.ignored, ['bad', 'unknown'])
})
hidden('disabled hidden fields take nothing; no values, nothing ignored', () => {
  assert.equal(pickHiddenFields({ enabled: false, fieldIds: ['plan'] }, { plan: 'pro' }), { fields: {}, ignored: ['plan'] })
  assert.equal(pickHiddenFields({ enabled: true, fieldIds: ['plan'] }, undefined), { fields: {}, ignored: [] })
  assert.equal(pickHiddenFields(undefined, { plan: 'pro' }), { fields: {}, ignored: ['plan'] })
})
hidden.run()

const embedded = suite('embedded data')
embedded('last write wins, null removes, undefined is skipped, a date becomes its ISO string', () => {
  let { bag } = mergeEmbeddedData({}, { plan: 'free', seats: 1, trial: true, gone: 'x' })
  ;({ bag } = mergeEmbeddedData(bag, { plan: 'pro', gone: null, seats: undefined, since: new Date('2026-01-02T03:04:05.000Z') }))
  assert.equal(bag, { plan: 'pro', seats: 1, trial: true, since: '2026-01-02T03:04:05.000Z' })
})
embedded('values of other types, and keys past the bound, are refused', () => {
  const many = Object.fromEntries(Array.from({ length: MAX_EMBEDDED_KEYS }, (_, i) => [`k${i}`, i]))
  const first = mergeEmbeddedData({}, many)
  assert.is(Object.keys(first.bag).length, MAX_EMBEDDED_KEYS)
  const more = mergeEmbeddedData(first.bag, { extra: 1, k0: 'replaced', obj: {} as never, nan: Number.NaN, long: 'x'.repeat(5001) })
  assert.equal(more.refused, ['extra', 'obj', 'nan', 'long'])
  assert.is(more.bag.k0, 'replaced', 'an existing key may still change')
})
embedded('clear: no argument clears all, one argument only that key', () => {
  const bag = { a: 1, b: 2 }
  assert.equal(clearEmbeddedData(bag, []), {})
  assert.equal(clearEmbeddedData(bag, ['a']), { b: 2 })
  assert.equal(clearEmbeddedData(bag, [undefined]), bag, 'an undefined key clears nothing')
})
embedded.run()
