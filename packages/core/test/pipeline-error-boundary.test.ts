import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Logger } from '../src/context'
import { CanvassError } from '../src/errors'
import type { RateLimitObservation } from '../src/observer'
import type { ErrorBoundaryOptions } from '../src/pipeline/error-boundary'
import { errorBoundary } from '../src/pipeline/error-boundary'
import { createMemoryRateLimiter } from '../src/rate-limit/create-memory-rate-limiter'
import { createRateLimitGate } from '../src/rate-limit/rate-limit-gate'
import { callTo } from './pipeline-helpers'

const boundary = suite('pipeline: errorBoundary')

function options(logged: unknown[][], limited: RateLimitObservation[] = []): ErrorBoundaryOptions {
  const logger: Logger = { error: (...args) => void logged.push(args), warn: () => {} }
  return {
    logger,
    v3Prefix: '/api/v3/',
    isClientPath: (pathname) => pathname.startsWith('/api/v1/client/'),
    onRateLimited: (observation) => void limited.push(observation),
    routeOf: () => '/api/v1/client/:environmentId/displays',
  }
}

boundary('a CanvassError is the contract’s error body, with CORS headers on a client path', async () => {
  const call = callTo('/api/v1/client/env/displays', { method: 'POST' })
  call.requestId = 'rid'
  const response = await errorBoundary(options([]))(call, () => Promise.reject(new CanvassError('not_found', 'Survey not found')))
  assert.is(response.status, 404)
  assert.is(response.headers.get('access-control-allow-origin'), '*')
  assert.is(((await response.json()) as { code: string }).code, 'not_found')
})

boundary('on a v3 path an error is a problem', async () => {
  const call = callTo('/api/v3/surveys')
  const response = await errorBoundary(options([]))(call, () => Promise.reject(new CanvassError('not_found', 'Route not found')))
  assert.is(response.status, 404)
  assert.is(response.headers.get('content-type'), 'application/problem+json')
  assert.is(response.headers.get('access-control-allow-origin'), null)
})

boundary('an unexpected error is logged with the route and answered with a generic 500', async () => {
  const logged: unknown[][] = []
  const call = callTo('/api/v1/management/me?secret=1')
  call.requestId = 'rid'
  const response = await errorBoundary(options(logged))(call, () => Promise.reject(new Error('database on fire')))
  assert.is(response.status, 500)
  assert.not.match(await response.text(), /on fire/)
  assert.is(logged.length, 1)
  assert.match(String(logged[0]?.[0]), /GET \/api\/v1\/management\/me/)
  assert.not.match(String(logged[0]?.[0]), /secret/)
})

boundary('a refusal of the rate limits is a 429, told to observe.rateLimited', async () => {
  const limited: RateLimitObservation[] = []
  const gate = createRateLimitGate(
    { limiter: createMemoryRateLimiter(), address: { limit: 1, windowMs: 60_000 } },
    '',
    console,
    async () => null,
  )
  const call = callTo('/api/v1/client/env/displays', { method: 'POST' }, { clientAddress: '203.0.113.1' })
  const step = errorBoundary(options([], limited))
  const counted = (next: () => Promise<Response>) =>
    step(call, async () => (await gate(call.request, call.pathname, call.info, new Date()), next()))
  assert.is((await counted(async () => new Response('first'))).status, 200)
  const refused = await counted(async () => new Response('second'))
  assert.is(refused.status, 429)
  assert.is(limited.length, 1)
  assert.is(limited[0]?.route, '/api/v1/client/:environmentId/displays')
})

boundary.run()
