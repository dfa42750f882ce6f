import type { Storage } from '@canvass/core'
import { suite } from 'uvu'
import { skipTest } from './skip'

/** One check of an optional port: a name adapters can skip by, and a body that seeds its own data. */
export interface PortTest<Context> {
  name: string
  run(context: Context): Promise<void>
}

/** What an optional port's kit is given, as `testStorage` is. */
export interface TestPortOptions {
  /** Names the suite in the report, e.g. `storage-kysely reporting on PGlite`. */
  name: string
  /**
   * Returns a storage on an empty, ready (migrated) database that provides the port. The checks seed their data
   * through the storage's main groups (projects, surveys, responses), so the port is tested with the storage it
   * belongs to.
   */
  create: () => Promise<Storage>
  /** Releases what `create` made. Called after the last test, also on failure. */
  cleanup?: () => Promise<void>
  /** Tests this adapter does not run, by exact name, with the reason (as `testStorage` takes them). */
  skip?: { reason: string; tests: string[] }[]
}

/**
 * Registers and runs a suite of an optional port's checks: `contextOf` reads the port from the storage (and
 * throws, naming it, when the storage lacks it), so that a storage that does not provide the port fails at once.
 */
export function runPortTests<Context>(
  kit: string,
  { name, create, cleanup, skip = [] }: TestPortOptions,
  tests: readonly PortTest<Context>[],
  contextOf: (storage: Storage) => Context,
): void {
  const reasons = new Map<string, string>()
  for (const { reason, tests: names } of skip) for (const test of names) reasons.set(test, reason)
  const unknown = [...reasons.keys()].filter((test) => !tests.some((known) => known.name === test))
  if (unknown.length > 0) throw new Error(`${kit}: no conformance tests named ${unknown.map((t) => JSON.stringify(t)).join(', ')}`)

  const test = suite(name)
  let context: Context | undefined
  test.before(async () => {
    context = contextOf(await create())
  })
  test.after(async () => {
    await cleanup?.()
  })
  for (const { name: testName, run } of tests) {
    const reason = reasons.get(testName)
    if (reason !== undefined) {
      skipTest(test, testName, reason)
      continue
    }
    test(testName, async () => {
      if (!context) throw new Error(`${kit}: create() of "${name}" did not finish`)
      await run(context)
    })
  }
  test.run()
}
