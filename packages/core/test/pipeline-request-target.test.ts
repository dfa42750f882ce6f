import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { requestCall } from '../src/pipeline/request-call'
import { target } from '../src/pipeline/request-target'
import { answering } from './pipeline-helpers'

const targets = suite('pipeline: target')

targets('splits the URL into the path and the query the steps after it route by', async () => {
  const call = requestCall(new Request('http://canvass.test/api/v1/management/responses?limit=5&skip=10#part'), {})
  const next = answering()
  await target()(call, next)
  assert.is(call.pathname, '/api/v1/management/responses')
  assert.is(call.search, 'limit=5&skip=10')
  assert.is(next.calls, 1)
})

targets('a path the URL parser would change is split as the parser does', async () => {
  const call = requestCall(new Request('http://canvass.test/api/v1/./client/../management/me'), {})
  await target()(call, answering())
  assert.is(call.pathname, '/api/v1/management/me')
  assert.is(call.search, '')
})

targets.run()
