import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { WEBHOOK_RETRY_SCHEDULE_MS, nextAttemptAt } from '../src/webhooks/retry-schedule'

// The default retry schedule (docs/design.md, "Events and webhooks"), written out here by hand so that a change to the constant
// cannot pass unnoticed.
const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DOCUMENTED = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR, 20 * HOUR, 24 * HOUR]
const NOW = new Date('2030-01-01T00:00:00.000Z')
/** Just below 1: `random` is in [0, 1). */
const ALMOST_ONE = 1 - Number.EPSILON

/** The wait before the next attempt after the `attempts`-th failed, or undefined when none is left. */
function wait(attempts: number, extra: { random?: () => number; retryAfterSeconds?: number } = {}): number | undefined {
  const at = nextAttemptAt({ now: NOW, attempts, ...extra })
  return at === undefined ? undefined : at.getTime() - NOW.getTime()
}

const schedule = suite('default retry schedule')

schedule('is the nine documented waits', () => {
  assert.equal([...WEBHOOK_RETRY_SCHEDULE_MS], DOCUMENTED)
})

schedule('random = 0 gives each wait less 20 %', () => {
  assert.equal(
    DOCUMENTED.map((_, i) => wait(i + 1, { random: () => 0 })),
    DOCUMENTED.map((step) => (step * 4) / 5),
  )
})

schedule('random → 1 gives each wait plus 20 %, never more', () => {
  for (const [i, step] of DOCUMENTED.entries()) {
    const got = wait(i + 1, { random: () => ALMOST_ONE }) as number
    assert.ok(got <= (step * 6) / 5 && got >= (step * 6) / 5 - 1, `step ${i + 1}: ${got}`)
  }
})

schedule('random = 0.5 gives the wait itself', () => {
  assert.equal(
    DOCUMENTED.map((_, i) => wait(i + 1, { random: () => 0.5 })),
    DOCUMENTED,
  )
})

schedule('after the ninth wait the next failure is final', () => {
  assert.is(wait(9, { random: () => 0.5 }), 24 * HOUR, 'the ninth wait follows the ninth attempt')
  assert.is(wait(10, { random: () => 0.5 }), undefined, 'the tenth attempt was the last')
  assert.is(wait(10, { random: () => 0.5, retryAfterSeconds: 60 }), undefined, 'Retry-After does not add attempts')
  assert.is(wait(25), undefined)
})

const retryAfter = suite('Retry-After')

retryAfter('a longer Retry-After wins over the scheduled wait', () => {
  assert.is(wait(1, { random: () => ALMOST_ONE, retryAfterSeconds: 120 }), 120 * SECOND)
})

retryAfter('a shorter Retry-After does not bring the attempt forward', () => {
  assert.is(wait(2, { random: () => 0, retryAfterSeconds: 1 }), 4 * MINUTE, 'the 5 min step less 20 %')
  assert.is(wait(1, { random: () => 0.5, retryAfterSeconds: 0 }), 5 * SECOND)
})

retryAfter('is capped at the longest wait of the schedule, so a receiver cannot park a delivery for ever', () => {
  assert.is(wait(1, { random: () => 0.5, retryAfterSeconds: 10 * 365 * 24 * 3600 }), 24 * HOUR)
})

retryAfter('a custom schedule caps at its own longest wait', () => {
  const at = nextAttemptAt({ now: NOW, attempts: 1, schedule: [1000, 2000], random: () => 0.5, retryAfterSeconds: 3600 })
  assert.is(at?.getTime(), NOW.getTime() + 2000)
})

schedule.run()
retryAfter.run()
