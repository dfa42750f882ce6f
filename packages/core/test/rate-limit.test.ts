import { suiteWithBed } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createCanvass, createMemoryRateLimiter, createSingleUseSealer, generateApiKey } from '../src'
import type { CanvassOptions } from '../src'
import { createRateLimitGate } from '../src/rate-limit/rate-limit-gate'

/**
 * Suites that make Canvass instances have a bed each: a test makes instances of its own (their own counters)
 * on its storage. The gate runs before routing; most requests go to paths no route answers.
 */
const { test: gate, bed: gateBed } = suiteWithBed('rate limits in createCanvass')
const { test: failing, bed: failingBed } = suiteWithBed('rate limits: failing limiter and spec-form PUT')
const { test: management, bed } = suiteWithBed('rate limits: management keys')
const canvassWith = (options: Omit<CanvassOptions, 'storage'> = {}, on = gateBed) => createCanvass({ storage: on().storage, ...options })

const memory = suite('createMemoryRateLimiter')
memory('counts per key in fixed windows and starts again in the next window', async () => {
  const limiter = createMemoryRateLimiter()
  const t = new Date('2026-11-20T10:00:59.000Z')
  for (let i = 1; i <= 3; i++) {
    const [a, b] = await limiter.hit(
      [
        { key: 'a', windowMs: 60_000 },
        { key: 'b', windowMs: 60_000 },
      ],
      t,
    )
    assert.equal([a?.count, b?.count], [i, i])
    assert.equal(a?.resetAt, new Date('2026-11-20T10:01:00.000Z'))
  }
  const [next] = await limiter.hit([{ key: 'a', windowMs: 60_000 }], new Date('2026-11-20T10:01:00.000Z'))
  assert.is(next?.count, 1)
})

gate(
  'client routes: 429 with Retry-After, RateLimit-Policy, RateLimit and CORS after the limit; other environments and addresses unaffected',
  async () => {
    const canvass = canvassWith({ rateLimits: { client: { limit: 3, windowMs: 60_000 }, environment: { limit: 5, windowMs: 60_000 } } })
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
    // The refused request used none of the environment's budget: 4 of 5 are used, one more address fills it.
    assert.is((await call('env-a', '10.0.0.4')).status, 404)
    const flooded = await call('env-a', '10.0.0.3')
    assert.is(flooded.status, 429)
    assert.is(flooded.headers.get('ratelimit-policy'), '"environment";q=5;w=60')
    assert.is((await call('env-b', '10.0.0.9')).status, 404, 'a flooded environment never throttles another')
  },
)

gate('preflights are never limited; off unless configured', async () => {
  const canvass = canvassWith({ rateLimits: { management: { limit: 2, windowMs: 60_000 }, client: { limit: 1, windowMs: 60_000 } } })
  const preflight = () =>
    canvass.fetch(
      new Request('http://x/api/v1/client/env/responses', { method: 'OPTIONS', headers: { 'access-control-request-method': 'POST' } }),
      { clientAddress: '1.1.1.1' },
    )
  for (let i = 0; i < 5; i++) assert.is((await preflight()).status, 204)
  const open = canvassWith()
  for (let i = 0; i < 20; i++) assert.is((await open.fetch(new Request('http://x/api/v1/client/env/nothing'))).status, 404)
})

gate('the client address comes from the host unless a trusted proxy header is configured', async () => {
  const direct = canvassWith({ rateLimits: { client: { limit: 1, windowMs: 60_000 } } })
  const spoofed = (i: number) => new Request('http://x/api/v1/client/env/nothing', { headers: { 'x-forwarded-for': `9.9.9.${i}` } })
  assert.is((await direct.fetch(spoofed(1), { clientAddress: '1.1.1.1' })).status, 404)
  assert.is((await direct.fetch(spoofed(2), { clientAddress: '1.1.1.1' })).status, 429, 'a forwarded header is ignored by default')
  const proxied = canvassWith({ rateLimits: { client: { limit: 1, windowMs: 60_000 }, clientAddressHeader: 'X-Forwarded-For' } })
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

failing('lets requests through and logs the cause', async () => {
  const logged: string[] = []
  const canvass = canvassWith(
    {
      logger: { error: (message) => logged.push(message), warn: () => {} },
      rateLimits: { limiter: { hit: async () => Promise.reject(new Error('database away')) }, client: { limit: 1, windowMs: 60_000 } },
    },
    failingBed,
  )
  for (let i = 0; i < 3; i++) assert.is((await canvass.fetch(new Request('http://x/api/v1/client/env/nothing'))).status, 404)
  assert.is(logged.length, 3)
})

failing('the spec-form client PUT counts per address only, never against an environment', async () => {
  const canvass = canvassWith(
    { rateLimits: { client: { limit: 2, windowMs: 60_000 }, environment: { limit: 2, windowMs: 60_000 } } },
    failingBed,
  )
  const put = (ip: string) =>
    canvass.fetch(new Request('http://x/api/v1/client/responses/nothing/x', { method: 'PUT' }), { clientAddress: ip })
  for (const ip of ['1.1.1.1', '1.1.1.2', '1.1.1.3']) assert.is((await put(ip)).status, 404)
  assert.is((await put('1.1.1.1')).status, 404)
  assert.is((await put('1.1.1.1')).status, 429)
})
failing.run()

/**
 * The bed's storage, a live key (the bed's `keyA`) and a revoked one; `lookups` counts the gate's key lookups
 * where a test hands the gate its lookup. Management requests go to `attribute-classes`, which authenticates,
 * so made-up keys get the documented 401.
 */
async function storageWithKeys() {
  const { canvass, storage, envA, keyA: live } = bed()
  const { id, key: revoked } = await canvass.admin.createApiKey({ environmentId: envA, label: 'revoked' })
  await canvass.admin.revokeApiKey(id)
  const lookups: string[] = []
  const lookup = (hash: string) => {
    lookups.push(hash)
    return storage.apiKeys.findByHash(hash)
  }
  return { storage, live, revoked, lookups, lookup }
}

management('made-up keys count per client address: 401 until the address limit, then 429; live keys keep their own bucket', async () => {
  const { storage, live, revoked } = await storageWithKeys()
  const canvass = createCanvass({ storage, rateLimits: { management: { limit: 3, windowMs: 60_000 } } })
  const manage = (key: string | undefined, ip: string) =>
    canvass.fetch(new Request('http://x/api/v1/management/attribute-classes', { headers: key ? { 'x-api-key': key } : {} }), {
      clientAddress: ip,
    })
  // A fresh well-formed key per request, a malformed one and a revoked one: none gets a counter of its own.
  const bogus = [generateApiKey(), 'not-a-key', revoked]
  assert.equal(await Promise.all(bogus.map(async (key) => (await manage(key, '10.0.0.1')).status)), [401, 401, 401])
  const limited = await manage(generateApiKey(), '10.0.0.1')
  assert.is(limited.status, 429, 'a flood of made-up keys from one address is limited')
  assert.is(limited.headers.get('ratelimit-policy'), '"management";q=3;w=60')
  assert.is((await manage(undefined, '10.0.0.1')).status, 429, 'no key at all counts in the same bucket')
  assert.is((await manage(generateApiKey(), '10.0.0.2')).status, 401, 'another address has its own bucket')
  // The live key is counted per key, not per address: the flood from its address does not touch it.
  const ownBucket = []
  for (let i = 0; i < 4; i++) ownBucket.push((await manage(live, '10.0.0.1')).status)
  assert.equal(ownBucket, [200, 200, 200, 429])
  assert.is((await manage(live, '10.0.0.9')).status, 429, 'per key, whatever the address')
})

management('a live key is looked up by the gate once a minute, not per request; made-up keys every time', async () => {
  const { live, lookups, lookup } = await storageWithKeys()
  const gate = createRateLimitGate({ management: { limit: 100, windowMs: 60_000 } }, '', { error() {}, warn() {} }, lookup)
  const request = (key: string) => new Request('http://x/api/v1/management/surveys', { headers: { 'x-api-key': key } })
  const t0 = new Date('2026-11-20T10:00:00.000Z')
  for (let i = 0; i < 5; i++)
    await gate(request(live), '/api/v1/management/surveys', { clientAddress: '1.1.1.1' }, new Date(t0.getTime() + i * 1000))
  assert.is(lookups.length, 1)
  await gate(request(live), '/api/v1/management/surveys', { clientAddress: '1.1.1.1' }, new Date(t0.getTime() + 61_000))
  assert.is(lookups.length, 2, 'looked up again after a minute, so a revocation reaches the gate')
  await gate(request('x'.repeat(10)), '/api/v1/management/surveys', { clientAddress: '1.1.1.1' }, t0)
  assert.is(lookups.length, 2, 'a malformed key is never looked up')
  const made = generateApiKey()
  await gate(request(made), '/api/v1/management/surveys', { clientAddress: '1.1.1.1' }, t0)
  await gate(request(made), '/api/v1/management/surveys', { clientAddress: '1.1.1.1' }, t0)
  assert.is(lookups.length, 4, 'an unknown key is not remembered as live')
})

management('a key lookup that fails counts the request by address and lets the route answer', async () => {
  const gate = createRateLimitGate({ management: { limit: 1, windowMs: 60_000 } }, '', { error() {}, warn() {} }, async () => {
    throw new Error('database away')
  })
  const request = () => new Request('http://x/api/v1/management/surveys', { headers: { 'x-api-key': generateApiKey() } })
  const now = new Date('2026-11-20T10:00:00.000Z')
  await gate(request(), '/api/v1/management/surveys', { clientAddress: '1.1.1.1' }, now)
  const second = await gate(request(), '/api/v1/management/surveys', { clientAddress: '1.1.1.1' }, now).then(
    () => undefined,
    (error: unknown) => error,
  )
  assert.is((second as { status?: number } | undefined)?.status, 429)
})
management.run()

const order = suite('rate limits: order of counting')
order('a request refused per (environment, address) does not use up the environment budget', async () => {
  const gate = createRateLimitGate(
    { client: { limit: 2, windowMs: 60_000 }, environment: { limit: 3, windowMs: 60_000 }, management: false },
    '',
    { error() {}, warn() {} },
    async () => null,
  )
  const now = new Date('2026-11-20T10:00:00.000Z')
  const hit = (ip: string) =>
    gate(
      new Request(`http://x/api/v1/client/env-a/displays`, { method: 'POST' }),
      '/api/v1/client/env-a/displays',
      { clientAddress: ip },
      now,
    ).then(
      () => 'ok',
      (error: { headers?: Record<string, string> }) => error.headers?.['ratelimit-policy'] ?? 'error',
    )
  const flood = []
  for (let i = 0; i < 10; i++) flood.push(await hit('6.6.6.6'))
  assert.equal(flood, ['ok', 'ok', ...Array.from({ length: 8 }, () => '"client";q=2;w=60')])
  // Two of the environment's three went to the flooding address; the eight refused ones used none.
  assert.equal([await hit('10.0.0.1'), await hit('10.0.0.2')], ['ok', '"environment";q=3;w=60'])
})
order.run()
