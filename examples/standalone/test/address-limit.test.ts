/**
 * The per-address ceiling of the standalone server over HTTP (`CANVASS_RATE_LIMITS=address=…`): requests to
 * made-up environment ids, one each, and file reads under `/storage/…` count per client address, with the
 * management limit off; a live key is not counted against its address. PGlite (the in-process counters;
 * `rate-limits.test.ts` covers counters shared through Postgres). The client address comes from
 * `x-forwarded-for`, so that one test machine can play several clients.
 */
import { randomBytes } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Backend } from './fixtures'
import { startBackend } from './fixtures'

const LIMIT = 20
const WINDOW_S = 20

/** Waits for the next fixed window when the current one has too little left for a burst of requests. */
async function roomInWindow(): Promise<void> {
  const left = WINDOW_S * 1000 - (Date.now() % (WINDOW_S * 1000))
  if (left < (WINDOW_S * 1000) / 2) await new Promise((resolve) => setTimeout(resolve, left + 100))
}

const madeUpEnvironment = () => randomBytes(12).toString('hex').slice(0, 24)

const ceiling = suite('rate limits: the per-address ceiling over HTTP')
let x: Backend
ceiling.before(async () => {
  x = await startBackend({
    CANVASS_RATE_LIMITS: `address=${LIMIT}/${WINDOW_S}s,management=off`,
    CANVASS_CLIENT_ADDRESS_HEADER: 'x-forwarded-for',
  })
})
ceiling.after(async () => {
  if (x) assert.is(await x.stop(), 0)
})

ceiling('one address asking for a new made-up environment each time is limited; then its file reads too; another address and a live key are not', async () => {
  const from = (ip: string, path: string, key?: string) => x.call('GET', path, { ...(key ? { key } : {}), headers: { 'x-forwarded-for': ip } })
  await roomInWindow()
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
})

ceiling('file reads alone are limited per address', async () => {
  const read = (ip: string) => x.call('GET', `/storage/${x.envA}/public/missing--fid--${crypto.randomUUID()}.png`, { headers: { 'x-forwarded-for': ip } })
  await roomInWindow()
  const statuses = []
  for (let i = 0; i <= LIMIT; i++) statuses.push((await read('10.7.1.1')).status)
  assert.equal(statuses, [...Array.from({ length: LIMIT }, () => 404), 429])
})

ceiling.run()
