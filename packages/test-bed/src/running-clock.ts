import type { TestClock } from './clock'

/**
 * A clock that runs with the real time, and that a test moves forward on top of it: for suites whose rows must
 * keep the order they were made in (lists, newest first) and where one test needs time to pass (an update's
 * `updatedAt` after its `createdAt`) without waiting for it.
 */
export function createRunningTestClock(): TestClock {
  let offset = 0
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`TestClock.advance: ${ms} is not a duration`)
      offset += ms
    },
    set(value) {
      const time = new Date(value).getTime()
      if (!Number.isFinite(time)) throw new TypeError(`TestClock.set: not a time: ${String(value)}`)
      offset = time - Date.now()
    },
  }
}
