import { serviceUnavailable } from '@canvass/core'

/** Hands the resource back; calling it again does nothing. */
export type Release = () => void

export interface FairQueueOptions {
  /**
   * Most turns one lane may wait for at once; past it, `acquire` is refused with `serviceUnavailable` (503 with
   * `Retry-After`) rather than queued, so that one caller's burst stays bounded, in memory and in how long its own
   * requests wait. Other lanes are not affected.
   * @default 256
   */
  maxWaitingPerLane?: number
  /**
   * Lanes the bound does not apply to: work whose own limits already bound how much of it waits at once (the
   * background work's).
   * @default []
   */
  unboundedLanes?: readonly string[]
  /**
   * The clock turns are timed with, in milliseconds.
   * @default performance.now
   */
  now?: () => number
}

export interface FairQueue {
  /**
   * Waits for the resource on behalf of `lane` (a caller: an API key, an environment, the background work) and
   * resolves with the function that hands it back. Whose turn comes next is decided by how much of the resource
   * each waiting lane has had (below), not by who asked first.
   */
  acquire(lane: string): Promise<Release>
  /** How many lanes wait, and for how many turns in all. */
  waiting(): { lanes: number; turns: number }
}

/**
 * One resource (the embedded database, which runs one statement at a time) shared by many callers in proportion
 * to the time each has used, by start-time fair queuing: every turn is given a start tag, the later of the queue's
 * virtual time (the start tag of the turn running) and the end of the lane's previous turn (its start tag plus how
 * long it held the resource), and the waiting turn with the earliest tag goes next. A caller that keeps the
 * resource busy (an export's pages, a count's slices) moves its own tags ahead by the time it uses; another caller
 * that asks now is served after the turn that is running, however much the first has queued
 * (docs/deploying.md, "The embedded database").
 */
export function createFairQueue(options: FairQueueOptions = {}): FairQueue {
  const maxWaiting = options.maxWaitingPerLane ?? 256
  const unbounded = new Set(options.unboundedLanes ?? [])
  if (!Number.isSafeInteger(maxWaiting) || maxWaiting < 1)
    throw new TypeError(`maxWaitingPerLane must be a whole number above 0, got ${maxWaiting}`)
  const now = options.now ?? (() => performance.now())

  const lanes = new Map<string, Lane>()
  /** The start tag of the turn that holds the resource, or of the last one that did. */
  let virtual = 0
  let running: { lane: Lane; start: number; since: number } | undefined
  /** A lane the resource is kept for until the next turn of the event loop (see `end`). */
  let holding: { lane: Lane } | undefined
  let turns = 0

  const laneOf = (name: string): Lane => {
    let lane = lanes.get(name)
    if (lane === undefined) {
      lane = { finish: virtual, waiters: [], head: 0 }
      lanes.set(name, lane)
    }
    return lane
  }

  const begin = (lane: Lane, start: number): Release => {
    virtual = start
    running = { lane, start, since: now() }
    let released = false
    return () => {
      if (released) return
      released = true
      end()
    }
  }

  const end = () => {
    const done = running as NonNullable<typeof running>
    running = undefined
    done.lane.finish = done.start + Math.max(0, now() - done.since)
    if (done.lane.waiters.length > 0) done.lane.head = Math.max(virtual, done.lane.finish)
    if (lanes.size > 256) forgetIdle()
    const next = earliest(lanes)
    if (next === undefined) return
    // A request's statements come one after another, each asked a few microtasks after the last ended: given away
    // in between, the turn goes to a busy caller's next page, and a short request waits that long again for each
    // of its statements. So a lane that would be served first anyway if it were waiting (its next start tag is
    // no later than the earliest waiting one's) keeps the resource until the event loop turns.
    if (done.lane.waiters.length === 0 && Math.max(virtual, done.lane.finish) <= next.head) {
      const hold = { lane: done.lane }
      holding = hold
      setImmediate(() => {
        if (holding !== hold) return
        holding = undefined
        // Whoever waits earliest now: others may have asked meanwhile.
        const first = earliest(lanes)
        if (first !== undefined) grant(first)
      })
      return
    }
    grant(next)
  }

  /** Hands the resource to `next`'s first waiting turn. */
  const grant = (next: Lane) => {
    const waiter = next.waiters.shift() as (release: Release) => void
    turns--
    const start = next.head
    waiter(begin(next, start))
  }

  /** A lane with nothing waiting whose last turn ended before now in virtual time starts afresh anyway. */
  const forgetIdle = () => {
    for (const [name, lane] of lanes) {
      if (lane.waiters.length === 0 && lane.finish <= virtual && running?.lane !== lane && holding?.lane !== lane) lanes.delete(name)
    }
  }

  return {
    acquire(name) {
      const lane = laneOf(name)
      if (holding?.lane === lane) {
        holding = undefined
        return Promise.resolve(begin(lane, Math.max(virtual, lane.finish)))
      }
      if (running === undefined && holding === undefined && turns === 0) return Promise.resolve(begin(lane, Math.max(virtual, lane.finish)))
      if (lane.waiters.length >= maxWaiting && !unbounded.has(name)) {
        return Promise.reject(
          serviceUnavailable(new Error(`${lane.waiters.length} statements of one caller already wait for the embedded database`)),
        )
      }
      return new Promise<Release>((resolve) => {
        // The lane's first waiting turn is tagged now; while one of its turns runs, when that one ends.
        if (lane.waiters.length === 0 && running?.lane !== lane) lane.head = Math.max(virtual, lane.finish)
        lane.waiters.push(resolve)
        turns++
      })
    },
    waiting: () => {
      let waitingLanes = 0
      for (const lane of lanes.values()) if (lane.waiters.length > 0) waitingLanes++
      return { lanes: waitingLanes, turns }
    },
  }
}

/** A caller's turns, in `createFairQueue`. */
interface Lane {
  /** Where the lane's last turn ended, in virtual time. */
  finish: number
  /** Its waiting turns, first come first served within the lane. */
  waiters: Array<(release: Release) => void>
  /** The start tag of its first waiting turn. */
  head: number
}

/** The waiting lane with the earliest start tag. */
function earliest(lanes: Map<string, Lane>): Lane | undefined {
  let next: Lane | undefined
  for (const lane of lanes.values()) {
    if (lane.waiters.length > 0 && (next === undefined || lane.head < next.head)) next = lane
  }
  return next
}
