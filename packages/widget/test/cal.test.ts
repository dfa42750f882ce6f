import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { storedAnswer } from '../src/renderer/answers'
import { calBookingUrl } from '../src/renderer/questions/cal'
import type { CalQuestion } from '../src/renderer/types'
import { validateAnswer } from '../src/renderer/validation'

const cal = (fields: Partial<CalQuestion> = {}): CalQuestion => ({
  id: 'book',
  type: 'cal',
  headline: { default: 'Book a call' },
  required: true,
  calUserName: 'rick/15min',
  ...fields,
})

test('the booking page is https on the question host, cal.com by default, each segment encoded', () => {
  assert.is(calBookingUrl(cal()), 'https://cal.com/rick/15min')
  assert.is(calBookingUrl(cal({ calHost: 'cal.example.org:8443' })), 'https://cal.example.org:8443/rick/15min')
  assert.is(calBookingUrl(cal({ calHost: '' })), 'https://cal.com/rick/15min')
  assert.is(calBookingUrl(cal({ calUserName: 'jörg<x>' })), 'https://cal.com/j%C3%B6rg%3Cx%3E')
})

test('a host that is no host name, or a user path that leaves its place, gives no booking page', () => {
  for (const fields of [
    { calHost: 'https://cal.com' },
    { calHost: 'evil.com/x' },
    { calHost: 'a@b.com' },
    { calHost: 'javascript:alert(1)' },
    { calUserName: '' },
    { calUserName: '../admin' },
    { calUserName: 'rick//x' },
  ]) {
    assert.is(calBookingUrl(cal(fields)), undefined, JSON.stringify(fields))
  }
})

test('a required cal question needs "booked"; an optional one may be left', () => {
  assert.equal(validateAnswer(cal(), undefined, true), { key: 'calRequired' })
  assert.equal(validateAnswer(cal(), '', true), { key: 'calRequired' })
  assert.equal(validateAnswer(cal(), 'yes', true), { key: 'calRequired' })
  assert.is(validateAnswer(cal(), 'booked', true), undefined)
  assert.is(validateAnswer(cal({ required: false }), undefined, false), undefined)
  assert.is(storedAnswer(cal(), 'booked', 'default'), 'booked')
  assert.is(storedAnswer(cal({ required: false }), undefined, 'default'), '')
})

test.run()
