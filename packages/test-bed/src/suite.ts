import { suite } from 'uvu'
import type { Test } from 'uvu'
import type { TestCanvass, TestCanvassOptions } from './test-canvass'
import { createTestCanvass } from './test-canvass'

export interface SuiteWithBed {
  /** A uvu suite whose `before` makes the bed and whose `after` closes it, also when a test failed. */
  test: Test
  /** The running suite's bed. */
  bed(): TestCanvass
}

/**
 * A uvu suite with a test bed of its own, shared by its tests: each test makes the rows it needs (a survey,
 * a project) and reads only those. `options` may be a function, called (and awaited) at `before`.
 */
export function suiteWithBed(
  name: string,
  options: TestCanvassOptions | (() => TestCanvassOptions | Promise<TestCanvassOptions>) = {},
): SuiteWithBed {
  const test = suite(name)
  let current: TestCanvass | undefined
  test.before(async () => {
    current = await createTestCanvass(typeof options === 'function' ? await options() : options)
  })
  test.after(async () => {
    const closing = current
    current = undefined
    await closing?.close()
  })
  return {
    test,
    bed() {
      if (!current) throw new Error(`${name}: no test bed (its before hook did not make one)`)
      return current
    },
  }
}
