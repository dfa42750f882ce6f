/**
 * Hostile input, item 5, for the standalone server's own route: `/health` (src/health.ts, which main.ts puts in
 * front of Canvass) answers with nosniff and no-store, on a real database. The other findings run on the test bed
 * in packages/core/test/hostile-input-routes.test.ts.
 */
import { suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { healthAnswer } from '../src/health'

const { test, bed } = suiteWithBed('hostile input: the health route', { widgetBundles: false, blobs: false })

test('5: /health answers with nosniff and no-store', async () => {
  const health = await healthAnswer(bed().canvass)
  assert.equal([health.status, await health.json()], [200, { status: 'ok' }])
  assert.is(health.headers.get('x-content-type-options'), 'nosniff')
  assert.is(health.headers.get('cache-control'), 'no-store')
})

test.run()
