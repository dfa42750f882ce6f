/** A clock a test moves by hand: hand `now` to `createCanvass` or `createWebhookDispatcher`. */
export interface TestClock {
  /** The clock's time. It moves only when `advance` or `set` moves it. */
  now(): Date
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void
  /** Sets the clock to `time`. */
  set(time: Date | string | number): void
}

/** A clock standing at `start` (default: the real time when it is made). */
export function createTestClock(start: Date | string | number = Date.now()): TestClock {
  let time = new Date(start).getTime()
  if (!Number.isFinite(time)) throw new TypeError(`createTestClock: not a time: ${String(start)}`)
  return {
    now: () => new Date(time),
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`TestClock.advance: ${ms} is not a duration`)
      time += ms
    },
    set(value) {
      const next = new Date(value).getTime()
      if (!Number.isFinite(next)) throw new TypeError(`TestClock.set: not a time: ${String(value)}`)
      time = next
    },
  }
}
