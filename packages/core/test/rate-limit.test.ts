import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createCanvass, createMemoryRateLimiter, createSingleUseSealer } from '../src'
import type { Storage } from '../src'

/** The gate runs before routing; these requests go to paths no route answers, so storage is never asked. */
const noStorage = {} as Storage

const memory = suite('createMemoryRateLimiter')
memory('counts per key in fixed windows and starts again in the next window', async () => {
  const limiter = createMemoryRateLimiter()
  const t = new Date('2026-11-20T10:00:59.000Z')
  for (let i = 1; i <= 3; i++) {
    const [a, b] = await limiter.hit([{ key: 'a', windowMs: 60_000 }, { key: 'b', windowMs: 60_000 }], t)
    assert.equal([a?.count, b?.count], [i, i])
    assert.equal(a?.resetAt, new Date('2026-11-20T10:01:00.000Z'))
  }
  const [next] = await limiter.hit([{ key: 'a', windowMs: 60_000 }], new Date('2026-11-20T10:01:00.000Z'))
  assert.is(next?.count, 1)
})

const gate = suite('rate limits in createCanvass')
gate('client routes: 429 with Retry-After, RateLimit-Policy, RateLimit and CORS after the limit; other environments and addresses unaffected', async () => {
  const canvass = createCanvass({ storage: noStorage, rateLimits: { client: { limit: 3, windowMs: 60_000 }, environment: { limit: 5, windowMs: 60_000 } } })
  const call = (env: string, ip: string) => canvass.fetch(new Request(`http://x/api/v1/client/${env}/nothing`), { clientAddress: ip })
  for (let i = 0; i < 3; i++) assert.is((await call('env-a', '10.0.0.1')).status, 404)
  const limited = await call('env-a', '10.0.0.1')
  assert.is(limited.status, 429)
  assert.equal((await limited.json()).code, 'too_many_requests')
  assert.match(limited.headers.get('retry-after') ?? '', /^\d+$/)
  assert.ok(Number(limited.headers.get('retry-after')) <= 60)
  assert.is(limited.headers.get('ratelimit-policy'), '"client";q=3;w=60')
  assert.match(limited.headers.get('ratelimit') ?? '', /^"client";r=0;t=\d+$/)
  assert.is(limited.headers.get('access-control-allow-origin'), '*')
  assert.is((await call('env-a', '10.0.0.2')).status, 404, 'another address of the environment')
  assert.is((await call('env-b', '10.0.0.1')).status, 404, 'the same address in another environment')
  // The environment's own limit (5) is now reached by the addresses together.
  const flooded = await call('env-a', '10.0.0.3')
  assert.is(flooded.status, 429)
  assert.is(flooded.headers.get('ratelimit-policy'), '"environment";q=5;w=60')
  assert.is((await call('env-b', '10.0.0.9')).status, 404, 'a flooded environment never throttles another')
})

gate('preflights are never limited; management counts per key; off unless configured', async () => {
  const canvass = createCanvass({ storage: noStorage, rateLimits: { management: { limit: 2, windowMs: 60_000 }, client: { limit: 1, windowMs: 60_000 } } })
  const preflight = () =>
    canvass.fetch(new Request('http://x/api/v1/client/env/responses', { method: 'OPTIONS', headers: { 'access-control-request-method': 'POST' } }), { clientAddress: '1.1.1.1' })
  for (let i = 0; i < 5; i++) assert.is((await preflight()).status, 204)
  const manage = (key: string) => canvass.fetch(new Request('http://x/api/v1/management/nothing', { headers: { 'x-api-key': key } }), { clientAddress: '1.1.1.1' })
  assert.equal([(await manage('k1')).status, (await manage('k1')).status, (await manage('k1')).status], [404, 404, 429])
  assert.is((await manage('k2')).status, 404, 'another key')
  const open = createCanvass({ storage: noStorage })
  for (let i = 0; i < 20; i++) assert.is((await open.fetch(new Request('http://x/api/v1/client/env/nothing'))).status, 404)
})

gate('the client address comes from the host unless a trusted proxy header is configured', async () => {
  const direct = createCanvass({ storage: noStorage, rateLimits: { client: { limit: 1, windowMs: 60_000 } } })
  const spoofed = (i: number) => new Request('http://x/api/v1/client/env/nothing', { headers: { 'x-forwarded-for': `9.9.9.${i}` } })
  assert.is((await direct.fetch(spoofed(1), { clientAddress: '1.1.1.1' })).status, 404)
  assert.is((await direct.fetch(spoofed(2), { clientAddress: '1.1.1.1' })).status, 429, 'a forwarded header is ignored by default')
  const proxied = createCanvass({ storage: noStorage, rateLimits: { client: { limit: 1, windowMs: 60_000 }, clientAddressHeader: 'X-Forwarded-For' } })
  assert.is((await proxied.fetch(spoofed(1), { clientAddress: '10.0.0.1' })).status, 404)
  assert.is((await proxied.fetch(spoofed(2), { clientAddress: '10.0.0.1' })).status, 404, 'the last forwarded address counts')
  assert.is((await proxied.fetch(spoofed(1), { clientAddress: '10.0.0.1' })).status, 429)
})

const sealer = suite('single-use id sealer')
sealer('opens only tokens sealed for the same survey with the same secret', () => {
  const a = createSingleUseSealer('secret-a')
  const token = a.seal('survey1', 'abc123')
  assert.is(a.open('survey1', token), 'abc123')
  assert.is(a.open('survey2', token), null)
  assert.is(createSingleUseSealer('secret-b').open('survey1', token), null)
  for (const bad of ['', 'abc123', `${token}x`, `ABC.${token.split('.')[1]}`, '.x', token.replace('abc123', 'abc124')]) {
    assert.is(a.open('survey1', bad), null, bad)
  }
})

for (const s of [memory, gate, sealer]) s.run()

const failing = suite('rate limits: failing limiter and spec-form PUT')
failing('lets requests through and logs the cause', async () => {
  const logged: string[] = []
  const canvass = createCanvass({
    storage: noStorage,
    logger: { error: (message) => logged.push(message), warn: () => {} },
    rateLimits: { limiter: { hit: async () => Promise.reject(new Error('database away')) }, client: { limit: 1, windowMs: 60_000 } },
  })
  for (let i = 0; i < 3; i++) assert.is((await canvass.fetch(new Request('http://x/api/v1/client/env/nothing'))).status, 404)
  assert.is(logged.length, 3)
})

failing('the spec-form client PUT counts per address only, never against an environment', async () => {
  const canvass = createCanvass({ storage: noStorage, rateLimits: { client: { limit: 2, windowMs: 60_000 }, environment: { limit: 2, windowMs: 60_000 } } })
  const put = (ip: string) => canvass.fetch(new Request('http://x/api/v1/client/responses/nothing/x', { method: 'PUT' }), { clientAddress: ip })
  for (const ip of ['1.1.1.1', '1.1.1.2', '1.1.1.3']) assert.is((await put(ip)).status, 404)
  assert.is((await put('1.1.1.1')).status, 404)
  assert.is((await put('1.1.1.1')).status, 429)
})
failing.run()
