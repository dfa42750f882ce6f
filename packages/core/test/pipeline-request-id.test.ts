import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { requestId } from '../src/pipeline/request-id'
import { answering, callTo } from './pipeline-helpers'

const ids = suite('pipeline: requestId')

ids('a sane x-request-id is the request’s id, on the call, the request and the answer', async () => {
  const call = callTo('/api/v1/management/me', { headers: { 'x-request-id': 'trace-1.2:3' } })
  const response = await requestId()(call, answering())
  assert.is(call.requestId, 'trace-1.2:3')
  assert.is(call.request.requestId, 'trace-1.2:3')
  assert.is(response.headers.get('x-request-id'), 'trace-1.2:3')
})

ids('an id that could forge a log line is replaced by a new one', async () => {
  const call = callTo('/', { headers: { 'x-request-id': 'a b\tc' } })
  const response = await requestId()(call, answering())
  assert.match(call.requestId, /^[0-9a-f-]{36}$/)
  assert.is(response.headers.get('x-request-id'), call.requestId)
})

ids('the host’s id is used, and the header is left to the host', async () => {
  const call = callTo('/', { headers: { 'x-request-id': 'sent' } }, { requestId: 'host-id' })
  const response = await requestId()(call, answering())
  assert.is(call.requestId, 'host-id')
  assert.is(response.headers.get('x-request-id'), null)
})

ids('an answer with immutable headers is copied to carry the id', async () => {
  const response = await requestId()(
    callTo('/'),
    answering(() => Response.redirect('http://canvass.test/elsewhere', 302)),
  )
  assert.is(response.status, 302)
  assert.ok(response.headers.get('x-request-id'))
})

ids.run()
