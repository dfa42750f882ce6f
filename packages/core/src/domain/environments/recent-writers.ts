import type { Storage } from '../../ports/storage/index'

/**
 * Who wrote lately, in this process (docs/replicas.md, "Reading your own writes"): a caller's reads go to the
 * primary for `windowMs` after its last write. Bounded: entries expire, and past `maxCallers` the oldest is
 * forgotten early.
 */
export interface RecentWriters {
  /** `caller` wrote at `at` (ms). */
  wrote(caller: string, at: number): void
  /** Whether `caller` wrote less than the window before `at`. */
  wroteRecently(caller: string, at: number): boolean
  /** Callers remembered (those expired since the last write or lookup included): 0 lets a read skip the lookup. */
  readonly size: number
}

/** How many callers are remembered at most: beyond it the one that wrote longest ago is forgotten. */
export const MAX_RECENT_WRITERS = 10_000

/** The memory of recent writers `storage` needs: none unless some of its reads lag (`Storage.laggingReads`). */
export function recentWritersOf(storage: Storage): RecentWriters | undefined {
  const lagging = storage.laggingReads
  if (lagging === undefined) return undefined
  if (!(Number.isFinite(lagging.staleForMs) && lagging.staleForMs >= 0)) {
    throw new TypeError(`storage.laggingReads.staleForMs must be a number of milliseconds, 0 or more, got ${lagging.staleForMs}`)
  }
  return createRecentWriters(lagging.staleForMs)
}

export function createRecentWriters(windowMs: number, maxCallers = MAX_RECENT_WRITERS): RecentWriters {
  // In the order of their last write (a write moves its caller to the end): the oldest come first.
  const lastWrite = new Map<string, number>()
  const expired = (wroteAt: number, at: number) => at - wroteAt >= windowMs
  const dropExpired = (at: number) => {
    for (const [caller, wroteAt] of lastWrite) {
      if (!expired(wroteAt, at)) return
      lastWrite.delete(caller)
    }
  }
  return {
    wrote(caller, at) {
      lastWrite.delete(caller)
      lastWrite.set(caller, at)
      dropExpired(at)
      if (lastWrite.size > maxCallers) lastWrite.delete(lastWrite.keys().next().value as string)
    },
    wroteRecently(caller, at) {
      dropExpired(at)
      const wroteAt = lastWrite.get(caller)
      return wroteAt !== undefined && !expired(wroteAt, at)
    },
    get size() {
      return lastWrite.size
    },
  }
}
