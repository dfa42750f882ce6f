/**
 * The per-address ceiling over HTTP (`rateLimits.address`): requests to made-up environment ids, one each, and
 * file reads under `/storage/…` count per client address, with the management limit off; a live key is not
 * counted against its address. PGlite, with the in-process counters (`rate-limits.test.ts` of the standalone
 * server covers counters shared through Postgres). The client address is the one the host reports, so that one
 * test plays several clients; the windows move on the bed's clock.
 */
import { randomBytes } from 'node:crypto'
import { createTestClock, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const LIMIT = 20
const WINDOW_S = 20

const clock = createTestClock()

/** Moves the clock to the start of the next fixed window, so that a burst of requests fits in one. */
function freshWindow(): void {
  const windowMs = WINDOW_S * 1000
  clock.set((Math.floor(clock.now().getTime() / windowMs) + 1) * windowMs)
}

const madeUpEnvironment = () => randomBytes(12).toString('hex').slice(0, 24)

const { test: ceiling, bed } = suiteWithBed('rate limits: the per-address ceiling over HTTP', {
  backend: 'pglite',
  clock,
  rateLimits: { address: { limit: LIMIT, windowMs: WINDOW_S * 1000 }, management: false },
})

ceiling(
  'one address asking for a new made-up environment each time is limited; then its file reads too; another address and a live key are not',
  async () => {
    const x = bed()
    const from = (ip: string, path: string, key?: string) => x.call('GET', path, { ...(key ? { key } : {}), address: ip })
    freshWindow()
    for (let i = 0; i < LIMIT; i++) {
      const env = madeUpEnvironment()
      const res = await from('10.7.0.1', `/api/v1/client/${env}/environment`)
      assert.equal([res.status, res.body.code], [404, 'not_found'], `request ${i + 1}`)
    }
    const limited = await from('10.7.0.1', `/api/v1/client/${madeUpEnvironment()}/environment`)
    assert.equal([limited.status, limited.body.code], [429, 'too_many_requests'])
    assert.is(limited.headers.get('ratelimit-policy'), `"address";q=${LIMIT};w=${WINDOW_S}`)
    const file = `/storage/${x.envA}/public/missing--fid--${crypto.randomUUID()}.png`
    assert.is((await from('10.7.0.1', file)).status, 429, 'file reads share the ceiling')
    assert.is((await from('10.7.0.1', `/api/v1/client/${x.envA}/environment`)).status, 429, 'a real environment too')
    assert.is((await from('10.7.0.2', file)).status, 404, 'another address')
    assert.is((await from('10.7.0.1', '/api/v1/management/surveys', x.keyA)).status, 200, 'a live key is counted per key, not per address')
  },
)

ceiling('file reads alone are limited per address', async () => {
  const x = bed()
  const read = (ip: string) => x.call('GET', `/storage/${x.envA}/public/missing--fid--${crypto.randomUUID()}.png`, { address: ip })
  freshWindow()
  const statuses = []
  for (let i = 0; i <= LIMIT; i++) statuses.push((await read('10.7.1.1')).status)
  assert.equal(statuses, [...Array.from({ length: LIMIT }, () => 404), 429])
})

ceiling.run()
