import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { formatDate, recall } from '../src/renderer/recall'

const test = suite('recall')

test('answers, hidden fields and variables replace their recall; missing ones take the fallback', () => {
  const data = { name: 'Ada', plan: 'pro', tools: ['Alpha', '', 'Beta'], score: 9 }
  assert.is(recall('Hi #recall:name/fallback:there#!', data, {}), 'Hi Ada!')
  assert.is(recall('Hi #recall:nobody/fallback:there#!', data, {}), 'Hi there!')
  assert.is(recall('You use #recall:tools/fallback:nothing#.', data, {}), 'You use Alpha, Beta.')
  assert.is(recall('#recall:score/fallback:?# of 10, total #recall:v1/fallback:0#', data, { v1: 42 }), '9 of 10, total 42')
  assert.is(recall('Twice: #recall:name/fallback:x# and #recall:plan/fallback:y#', data, {}), 'Twice: Ada and pro')
  assert.is(recall('Spaces: #recall:none/fallback:dear nbspfriend#', data, {}), 'Spaces: dear  friend')
  assert.is(recall('No recall here', data, {}), 'No recall here')
})

test('an empty answer takes the fallback; a date is written out; a matrix lists its rows', () => {
  assert.is(recall('#recall:a/fallback:none#', { a: '' }, {}), 'none')
  assert.is(recall('On #recall:d/fallback:?#', { d: '2024-03-01' }, {}, 'en'), 'On March 1, 2024')
  assert.is(recall('#recall:m/fallback:?#', { m: { Speed: 'Good', Price: '' } }, {}), 'Speed: Good')
})

test('text from answers stays text (no markup is built from it)', () => {
  assert.is(recall('#recall:a/fallback:x#', { a: '<img src=x onerror=alert(1)>' }, {}), '<img src=x onerror=alert(1)>')
})

test('formatDate keeps what is no real date', () => {
  assert.is(formatDate('2024-02-30'), '2024-02-30')
  assert.is(formatDate('2024-02-01', 'de'), '1. Februar 2024')
})

test.run()
