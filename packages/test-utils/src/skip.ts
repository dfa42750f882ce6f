import type { Test } from 'uvu'

/**
 * Registers a skipped test and prints why, as `SKIP <name>: <reason>`: uvu counts a skipped test but never
 * names it, and the workspace's test runner (`pnpm test`) collects these lines, repeats them at the end, and
 * counts a skip without one as a failure.
 */
export function skipTest(test: Test, name: string, reason: string): void {
  console.log(`  SKIP ${name}: ${reason}`)
  test.skip(name, () => {})
}

/**
 * `test` itself when `reason` is undefined. Otherwise a suite of the same shape whose tests are all
 * registered skipped, each with the reason printed (`skipTest`), and whose hooks never run: for a suite that
 * needs something this machine lacks (a browser, a server).
 */
export function skipSuiteUnless<T extends Test>(test: T, reason: string | undefined): T {
  if (reason === undefined) return test
  const skip = (name: string) => skipTest(test, name, reason)
  const hook = Object.assign(() => {}, { each: () => {} })
  return Object.assign(skip, { before: hook, after: hook, skip, only: skip, run: () => test.run() }) as unknown as T
}
