import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { CanvassError } from '../src/errors'
import { rateLimit } from '../src/pipeline/rate-limit'
import { createMemoryRateLimiter } from '../src/rate-limit/create-memory-rate-limiter'
import { createRateLimitGate } from '../src/rate-limit/rate-limit-gate'
import { answering, callTo } from './pipeline-helpers'

const limits = suite('pipeline: rateLimit')
const now = () => new Date('2026-01-01T00:00:00Z')
const gate = () =>
  createRateLimitGate({ limiter: createMemoryRateLimiter(), address: { limit: 1, windowMs: 60_000 } }, '', console, async () => null)
const from = (method: string) => callTo('/api/v1/client/env/environment', { method }, { clientAddress: '203.0.113.1' })

limits('past a limit the request is refused with 429 before the steps inside it run', async () => {
  const step = rateLimit(gate(), now)
  const next = answering()
  assert.is((await step(from('GET'), next)).status, 200)
  const refusal = await step(from('GET'), next).catch((error: unknown) => error)
  assert.instance(refusal, CanvassError)
  assert.is((refusal as CanvassError).status, 429)
  assert.is(next.calls, 1)
})

limits('a preflight is never counted', async () => {
  const step = rateLimit(gate(), now)
  const next = answering()
  for (let i = 0; i < 5; i++) await step(from('OPTIONS'), next)
  assert.is((await step(from('GET'), next)).status, 200)
  assert.is(next.calls, 6)
})

limits.run()
