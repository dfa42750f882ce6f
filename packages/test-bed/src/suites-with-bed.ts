import type { Test } from 'uvu'
import { suiteWithBed } from './suite'
import type { TestCanvass, TestCanvassOptions } from './test-canvass'

/** Several uvu suites, each with a test bed of its own, and one accessor for the bed of the suite running. */
export interface SuitesWithBed {
  /** A uvu suite whose `before` makes a bed with the shared options and whose `after` closes it. */
  suite(name: string): Test
  /** The bed of the suite that is running. */
  bed(): TestCanvass
}

/**
 * `suiteWithBed` for a file of several suites on the same options: each suite gets a bed (a database) of its
 * own, and the tests of every suite read theirs through one `bed()`. Suites run one after another, so the
 * running suite's bed is the one its `before` made.
 */
export function suitesWithBed(options: TestCanvassOptions | (() => TestCanvassOptions) = {}): SuitesWithBed {
  let running: (() => TestCanvass) | undefined
  return {
    suite(name) {
      const { test, bed } = suiteWithBed(name, options)
      test.before(() => {
        running = bed
      })
      return test
    },
    bed() {
      if (!running) throw new Error('no test bed: no suite of suitesWithBed has started')
      return running()
    },
  }
}
