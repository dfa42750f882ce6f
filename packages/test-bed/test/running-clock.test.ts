import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createRunningTestClock } from '../src'

const test = suite('running test clock')

test('runs with the real time, moved on by advance and set, never back by advance', () => {
  const clock = createRunningTestClock()
  const drift = () => clock.now().getTime() - Date.now()
  assert.ok(Math.abs(drift()) <= 1000, 'starts at the real time')
  clock.advance(60_000)
  assert.ok(Math.abs(drift() - 60_000) <= 1000, 'a minute on')
  clock.set('2030-01-01T00:00:00.000Z')
  assert.ok(Math.abs(clock.now().getTime() - Date.parse('2030-01-01T00:00:00.000Z')) <= 1000)
  assert.throws(() => clock.advance(-1), RangeError)
  assert.throws(() => clock.set('not a time'), TypeError)
})

test.run()
