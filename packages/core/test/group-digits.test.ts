/**
 * `groupDigits` writes what `toLocaleString('en-US')` wrote where Canvass used it (counts, and shares of one
 * decimal), without Node's ICU data: the same strings for integers of any size JavaScript writes without an
 * exponent, negative or not, and for shares of one decimal (not negative).
 */
import fc from 'fast-check'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { groupDigits } from '../src/group-digits'

const test = suite('groupDigits')

test('integers and numbers of one decimal, as toLocaleString("en-US") writes them', () => {
  fc.assert(
    fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (value) => {
      assert.is(groupDigits(value), value.toLocaleString('en-US'))
    }),
  )
  fc.assert(
    fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), (value) => {
      const share = Number(value.toFixed(1))
      assert.is(groupDigits(share), share.toLocaleString('en-US'))
    }),
  )
})

test('the edges: zero, three and four digits, a decimal below one', () => {
  assert.is(groupDigits(0), '0')
  assert.is(groupDigits(999), '999')
  assert.is(groupDigits(1000), '1,000')
  assert.is(groupDigits(-1234567), '-1,234,567')
  assert.is(groupDigits(0.5), '0.5')
  assert.is(groupDigits(12345.6), '12,345.6')
})

test.run()
