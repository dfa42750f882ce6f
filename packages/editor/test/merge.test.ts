/**
 * The three-way merge of a save refused because the survey changed meanwhile, per top-level field: what only
 * they changed is taken, what only I changed is kept, and a field both changed differently is a conflict that
 * "keep mine" settles for mine alone.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { mergeSurveys } from '../src/merge'

const test = suite('the three-way merge of survey documents')

const base = {
  name: 'Survey',
  status: 'draft',
  updatedAt: '2026-01-01T00:00:00.000Z',
  blocks: [{ id: 'b1', elements: [{ id: 'q1', headline: { 'en-US': 'One' } }] }],
  variables: [],
}

test('a status only they changed is taken, a headline only I changed is kept: no conflict', () => {
  const mine = { ...base, blocks: [{ id: 'b1', elements: [{ id: 'q1', headline: { 'en-US': 'Mine' } }] }] }
  const theirs = { ...base, status: 'inProgress', updatedAt: '2026-01-02T00:00:00.000Z' }
  const { merged, conflicts } = mergeSurveys(base, mine, theirs)
  assert.equal(conflicts, [])
  assert.equal(merged, { ...mine, status: 'inProgress', updatedAt: '2026-01-02T00:00:00.000Z' })
})

test('both changed the same field differently: a conflict; keeping mine takes mine there and theirs elsewhere', () => {
  const mine = { ...base, name: 'Mine' }
  const theirs = { ...base, name: 'Theirs', status: 'paused', updatedAt: '2026-01-02T00:00:00.000Z' }
  assert.equal(mergeSurveys(base, mine, theirs).conflicts, ['name'])
  const kept = mergeSurveys(base, mine, theirs, 'mine')
  assert.equal(kept.conflicts, ['name'])
  assert.equal(kept.merged, { ...base, name: 'Mine', status: 'paused', updatedAt: '2026-01-02T00:00:00.000Z' })
})

test('the same change on both sides, a field added or removed by one side, key order: no conflict', () => {
  const mine = { ...base, name: 'Same', customCss: { light: 'a' } }
  const theirs = { variables: [], blocks: base.blocks, updatedAt: base.updatedAt, status: 'draft', name: 'Same', metadata: { x: 1 } }
  const { merged, conflicts } = mergeSurveys(base, mine, theirs)
  assert.equal(conflicts, [])
  assert.equal(merged, { ...base, name: 'Same', customCss: { light: 'a' }, metadata: { x: 1 } })
  // A field they removed and I left alone goes.
  const removed = mergeSurveys(base, base, { ...base, variables: undefined })
  assert.not.ok('variables' in removed.merged)
})

test.run()
