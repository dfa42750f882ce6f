import { suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { DEFAULT_RATE_LIMITS, createCanvass, generateApiKey } from '../src'

/**
 * The per-address ceiling: every request without a live API key counts per client address, whatever the
 * environment id it names or the route it takes, so that spreading requests over made-up environment ids
 * (each a lookup) or reading files does not escape the limits. The requests go to paths no route answers;
 * each test makes its own Canvass (its own counters) on the bed's storage, whose key `keyA` is the live one.
 */
function storageWithKey() {
  return { storage: bed().storage, live: bed().keyA }
}

const { test: ceiling, bed } = suiteWithBed('rate limits: the per-address ceiling')

ceiling('requests to made-up environment ids, one each, are limited per address; another address is not', async () => {
  const { storage } = storageWithKey()
  const canvass = createCanvass({ storage, rateLimits: { address: { limit: 5, windowMs: 60_000 } } })
  const call = (ip: string) => canvass.fetch(new Request(`http://x/api/v1/client/${crypto.randomUUID()}/nothing`), { clientAddress: ip })
  for (let i = 0; i < 5; i++) assert.is((await call('10.0.0.1')).status, 404, `request ${i + 1}`)
  const limited = await call('10.0.0.1')
  assert.equal([limited.status, (await limited.json()).code], [429, 'too_many_requests'])
  assert.is(limited.headers.get('ratelimit-policy'), '"address";q=5;w=60')
  assert.match(limited.headers.get('ratelimit') ?? '', /^"address";r=0;t=\d+$/)
  assert.is(limited.headers.get('access-control-allow-origin'), '*', 'a client route keeps its CORS headers')
  assert.is((await call('10.0.0.2')).status, 404, 'another address has its own ceiling')
})

ceiling('file reads count per address even with the management limit off, in the same budget as client routes', async () => {
  const { storage } = storageWithKey()
  const canvass = createCanvass({ storage, rateLimits: { management: false, address: { limit: 4, windowMs: 60_000 } } })
  const read = (ip: string) => canvass.fetch(new Request(`http://x/storage/env${crypto.randomUUID()}/public/a.png`), { clientAddress: ip })
  const client = (ip: string) => canvass.fetch(new Request(`http://x/api/v1/client/${crypto.randomUUID()}/nothing`), { clientAddress: ip })
  const statuses = [await read('10.0.0.1'), await client('10.0.0.1'), await read('10.0.0.1'), await client('10.0.0.1')].map((r) => r.status)
  assert.equal(statuses, [404, 404, 404, 404])
  const limited = await read('10.0.0.1')
  assert.is(limited.status, 429)
  assert.is(limited.headers.get('ratelimit-policy'), '"address";q=4;w=60')
  assert.is((await client('10.0.0.1')).status, 429, 'the client routes share the ceiling')
  assert.is((await read('10.0.0.3')).status, 404)
})

ceiling('a request with a live key is counted per key, not against its address; made-up keys count per address', async () => {
  const { storage, live } = storageWithKey()
  const canvass = createCanvass({ storage, rateLimits: { address: { limit: 2, windowMs: 60_000 } } })
  const manage = (key: string | undefined) =>
    canvass.fetch(new Request('http://x/api/v1/management/nothing', { headers: key ? { 'x-api-key': key } : {} }), {
      clientAddress: '10.0.0.1',
    })
  assert.equal([(await manage(generateApiKey())).status, (await manage(undefined)).status], [404, 404])
  const limited = await manage(generateApiKey())
  assert.equal([limited.status, limited.headers.get('ratelimit-policy')], [429, '"address";q=2;w=60'])
  for (let i = 0; i < 3; i++) assert.is((await manage(live)).status, 404, 'a live key from the same address')
})

ceiling('a refusal per address spends no budget of the environment or of (environment, address)', async () => {
  const { storage } = storageWithKey()
  const canvass = createCanvass({
    storage,
    rateLimits: {
      address: { limit: 2, windowMs: 60_000 },
      client: { limit: 3, windowMs: 60_000 },
      environment: { limit: 3, windowMs: 60_000 },
    },
  })
  const call = (ip: string) => canvass.fetch(new Request('http://x/api/v1/client/env-a/nothing'), { clientAddress: ip })
  const flood = []
  for (let i = 0; i < 6; i++) flood.push((await call('6.6.6.6')).headers.get('ratelimit-policy'))
  assert.equal(flood, [null, null, ...Array.from({ length: 4 }, () => '"address";q=2;w=60')])
  // Two of the environment's three went to the flooding address; the four it was refused used none.
  assert.equal([(await call('10.0.0.1')).status, (await call('10.0.0.2')).headers.get('ratelimit-policy')], [404, '"environment";q=3;w=60'])
})

ceiling('on by default with the other limits, at a ceiling no real client meets; off with false', async () => {
  assert.equal(DEFAULT_RATE_LIMITS.address, { limit: 6000, windowMs: 60_000 })
  const { storage } = storageWithKey()
  const off = createCanvass({ storage, rateLimits: { address: false, client: false, environment: false, management: false } })
  for (let i = 0; i < 20; i++) {
    assert.is((await off.fetch(new Request(`http://x/api/v1/client/${i}/nothing`), { clientAddress: '10.0.0.1' })).status, 404)
  }
  assert.throws(() => createCanvass({ storage, rateLimits: { address: { limit: 0, windowMs: 60_000 } } }), /limit/)
})

ceiling.run()
