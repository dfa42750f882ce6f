/**
 * Whether this process has just been paused: stopped (SIGSTOP, a container frozen), or its event loop held by a
 * long garbage collection or synchronous work. Node runs its timers before it reads what arrived while it was
 * paused, so the guards against slow clients (the headers and request timeouts, a keep-alive connection's idle
 * timeout) would find their time long gone and close connections whose requests have arrived in full, unread
 * (the kernel answers those with a reset). `applyServerLimits` asks this before it cuts a connection.
 *
 * A timer ticks every `TICK_MS`, unref'd; a gap of more than `PAUSE_MS` between two ticks is a pause. A pause is
 * "recent" while the loop has not ticked since it began (the guard's timer ran first after the pause) and for
 * `GRACE_MS` after the tick that saw it: time enough for Node to read what arrived meanwhile.
 */
export interface PauseWatch {
  /** True during a pause's aftermath: a connection's timeout that fires now says nothing about its client. */
  pausedRecently(): boolean
}

const TICK_MS = 250
const PAUSE_MS = 1000
const GRACE_MS = 2000

let lastTick = 0
let pauseSeenAt = Number.NEGATIVE_INFINITY
let timer: ReturnType<typeof setInterval> | undefined

/** The process's pause watch, started on first use (one timer for every server of the process). */
export function pauseWatch(): PauseWatch {
  if (timer === undefined) {
    lastTick = performance.now()
    timer = setInterval(() => {
      const now = performance.now()
      if (now - lastTick > PAUSE_MS) pauseSeenAt = now
      lastTick = now
    }, TICK_MS)
    timer.unref()
  }
  return {
    pausedRecently() {
      const now = performance.now()
      return now - lastTick > PAUSE_MS || now - pauseSeenAt < GRACE_MS
    },
  }
}
