import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { preflight } from '../src/pipeline/preflight'
import { answering, callTo } from './pipeline-helpers'

const preflights = suite('pipeline: preflight')
const step = preflight({
  isClientRoute: (pathname) => pathname.startsWith('/api/v1/client/'),
  isEditorRoute: (pathname) => pathname.startsWith('/api/v3/surveys'),
})

preflights('a client route’s preflight echoes the requested headers', async () => {
  const next = answering()
  const call = callTo('/api/v1/client/env/displays', { method: 'OPTIONS', headers: { 'access-control-request-headers': 'content-type' } })
  const response = await step(call, next)
  assert.is(response.status, 204)
  assert.is(response.headers.get('access-control-allow-headers'), 'content-type')
  assert.is(response.headers.get('access-control-allow-methods'), 'GET, POST, PUT, OPTIONS')
  assert.is(next.calls, 0)
})

preflights('an editor route’s preflight allows what the editor sends, never x-api-key', async () => {
  const response = await step(callTo('/api/v3/surveys/abc', { method: 'OPTIONS' }), answering())
  assert.is(response.status, 204)
  assert.is(response.headers.get('access-control-allow-headers'), 'authorization, content-type, idempotency-key, x-request-id')
})

preflights('any other OPTIONS request, and every other method, goes on', async () => {
  const next = answering()
  await step(callTo('/api/v1/management/me', { method: 'OPTIONS' }), next)
  await step(callTo('/api/v1/client/env/displays', { method: 'POST' }), next)
  assert.is(next.calls, 2)
})

preflights.run()
