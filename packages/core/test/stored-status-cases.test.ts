/**
 * `storedStatusCases` is `effectiveSurveyStatus` turned around: for every stored state (status and the two dates
 * unset, passed or to come) and every set of wanted statuses, a state matches one of the cases exactly when its
 * effective status is wanted. Storage compares only the cases' columns, so this is what keeps a list filtered by
 * status in step with the rule every write uses.
 */
import * as fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { StoredStatusCase, SurveyStatus } from '../src'
import { effectiveSurveyStatus, storedStatusCases } from '../src'

const STATUSES: SurveyStatus[] = ['draft', 'scheduled', 'inProgress', 'paused', 'completed']
const NOW = new Date('2026-06-01T12:00:00.000Z')
/** A date unset, in the past, exactly now (which counts as passed) or to come. */
const date = fc.constantFrom(null, new Date(NOW.getTime() - 86_400_000), NOW, new Date(NOW.getTime() + 86_400_000))

/** What storage does with a case: compare the stored status and each date with the moment of the read. */
function matches(c: StoredStatusCase, state: { status: SurveyStatus; runOnDate: Date | null; closeOnDate: Date | null }): boolean {
  const stands = (value: Date | null, wanted: StoredStatusCase['runOnDate']) =>
    wanted === undefined || (wanted === 'passed' ? value !== null && value <= NOW : value === null || value > NOW)
  return c.status === state.status && stands(state.runOnDate, c.runOnDate) && stands(state.closeOnDate, c.closeOnDate)
}

test('a stored state matches a case exactly when its effective status is wanted', () => {
  fc.assert(
    fc.property(
      fc.record({ status: fc.constantFrom(...STATUSES), runOnDate: date, closeOnDate: date }),
      fc.subarray(STATUSES),
      (state, wanted) => {
        const effective = effectiveSurveyStatus(state, NOW)
        const matched = storedStatusCases(wanted).some((c) => matches(c, state))
        assert.is(matched, wanted.includes(effective), `${JSON.stringify(state)} is ${effective}; wanted ${wanted.join(',')}`)
      },
    ),
    { numRuns: 2000 },
  )
})

test('no wanted status, no case (the list does not narrow)', () => {
  assert.equal(storedStatusCases([]), [])
})

test.run()
