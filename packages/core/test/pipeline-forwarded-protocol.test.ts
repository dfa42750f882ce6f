import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createRequestProtocols } from '../src/http/request-protocol'
import { trustedProxies } from '../src/http/trusted-proxies'
import { forwardedProtocol } from '../src/pipeline/forwarded-protocol'
import { answering, callTo } from './pipeline-helpers'

const protocols = suite('pipeline: forwardedProtocol')

protocols('a trusted proxy’s forwarded https is what the request is known to have come over', async () => {
  const recorded = createRequestProtocols(trustedProxies(['loopback']))
  const call = callTo('/console', { headers: { 'x-forwarded-proto': 'https' } }, { clientAddress: '127.0.0.1' })
  const next = answering()
  await forwardedProtocol(recorded)(call, next)
  assert.is(next.calls, 1)
  assert.is(recorded.of(call.request), 'https:')
})

protocols('anyone else’s forwarded header is ignored', async () => {
  const recorded = createRequestProtocols(trustedProxies(['loopback']))
  const call = callTo('/console', { headers: { 'x-forwarded-proto': 'https' } }, { clientAddress: '203.0.113.9' })
  await forwardedProtocol(recorded)(call, answering())
  assert.is(recorded.of(call.request), 'http:')
})

protocols.run()
