import type { Logger } from '../context'
import { CanvassError } from '../errors'

export interface PassLoopOptions {
  /** One pass of the work; resolves true when another should follow at once (it left work behind). */
  pass: () => Promise<boolean>
  /** Milliseconds between passes when nothing asks for one sooner. */
  intervalMs: number
  logger: Logger
  /** What the log says, the work's name first (`Blob janitor: …`). */
  messages: {
    /** The database could not be reached: said once, until a pass reaches it again. */
    away: string
    /** A pass reached the database again. */
    back: string
    /** A pass failed for another reason; logged with the error. */
    failed: string
  }
}

export interface PassLoop {
  /** Runs a pass at once, then after each pass as `pass` and `intervalMs` say, until `stop()`. */
  start(): void
  /** Runs a pass as soon as the current one ends (or at once when none runs); nothing when not started. */
  wake(): void
  /** Stops the loop and waits for the pass in progress. */
  stop(): Promise<void>
}

/**
 * The loop of a background worker that works in passes (the blob janitor, the quota screener): one pass at a
 * time, the next after `intervalMs` or at once when asked, a database that cannot be reached said once and its
 * return once, and no timer that keeps a process alive.
 */
export function createPassLoop(options: PassLoopOptions): PassLoop {
  const { logger, messages } = options
  let stopped = true
  let away = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let current: Promise<void> | undefined
  let again = false

  function schedule(ms: number): void {
    timer = setTimeout(tick, ms)
    // A loop waiting for its next pass does not keep a process alive.
    ;(timer as { unref?: () => void }).unref?.()
  }

  function tick(): void {
    timer = undefined
    if (stopped) return
    again = false
    current = options
      .pass()
      .then(
        (more) => {
          if (more) again = true
          if (away) logger.warn(messages.back)
          away = false
        },
        (error: unknown) => {
          if (error instanceof CanvassError && error.code === 'service_unavailable') {
            if (!away) logger.warn(messages.away)
            away = true
          } else logger.error(messages.failed, error)
        },
      )
      .finally(() => {
        current = undefined
        if (!stopped) schedule(again ? 0 : options.intervalMs)
      })
  }

  return {
    start() {
      if (!stopped) return
      stopped = false
      schedule(0)
    },
    wake() {
      if (stopped) return
      if (current) {
        again = true
        return
      }
      if (timer !== undefined) clearTimeout(timer)
      schedule(0)
    },
    async stop() {
      stopped = true
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      await current
    },
  }
}
