import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { RequestObservation } from '../src/observer'
import { observeRequests } from '../src/pipeline/observe-requests'
import { answering, callTo } from './pipeline-helpers'

const observing = suite('pipeline: observeRequests')

observing('tells the hook of every answer: route, method, status, duration and the id inner steps set', async () => {
  const seen: RequestObservation[] = []
  const call = callTo('/api/v1/management/surveys/abc', { method: 'DELETE' })
  const next = answering(() => new Response(null, { status: 204 }))
  const response = await observeRequests(
    (observation) => seen.push(observation),
    (_, pathname) => (pathname.startsWith('/api/v1/management/surveys/') ? '/api/v1/management/surveys/:id' : null),
  )(call, () => {
    call.requestId = 'inner'
    return next()
  })
  assert.is(response.status, 204)
  assert.is(seen.length, 1)
  const [observation] = seen
  assert.equal(
    { ...observation, durationMs: 0 },
    { route: '/api/v1/management/surveys/:id', method: 'DELETE', status: 204, durationMs: 0, requestId: 'inner' },
  )
  assert.ok((observation?.durationMs ?? -1) >= 0)
})

observing('a hook that throws changes nothing of the answer', async () => {
  const response = await observeRequests(
    () => {
      throw new Error('broken hook')
    },
    () => null,
  )(callTo('/'), answering())
  assert.is(await response.text(), 'answer')
})

observing.run()
