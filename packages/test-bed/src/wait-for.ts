/** How long `waitFor` waits, and how often it looks. */
export interface WaitForOptions {
  /**
   * Milliseconds after which it gives up and throws.
   * @default 10_000
   */
  timeoutMs?: number
  /**
   * Milliseconds between two checks.
   * @default 25
   */
  everyMs?: number
}

/**
 * Waits until `check` returns a truthy value, and returns that value: for state that emits no event a test can
 * wait on (a row another process writes, a browser's IndexedDB, a file's removal). Checks at once, then every
 * `everyMs`; after `timeoutMs` it throws an error naming `what` and the last value seen. The wait ends with the
 * condition, never after a fixed time: prefer an event or the injected clock where there is one.
 */
export async function waitFor<T>(what: string, check: () => T | Promise<T>, options: WaitForOptions = {}): Promise<NonNullable<T>> {
  const { timeoutMs = 10_000, everyMs = 25 } = options
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value as NonNullable<T>
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${describe(value)})`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}
