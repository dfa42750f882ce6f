/**
 * The parts of PIN protection that need no storage: the proofs a link page hands out (bound to their survey,
 * expiring, unforgeable without the secret) and the counter of PIN attempts over the rate limiter port
 * (wrong PINs per address and per survey, right PINs never counted as failures, a lockout that answers the
 * same whether the PIN was right or not, and that ends with its window).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createMemoryRateLimiter } from '../src'
import { createPinAttemptCounter } from '../src/rate-limit/pin-attempts'
import { PIN_PROOF_TTL_MS, createPinProofs } from '../src/domain/tokens/pin-proof'

const proofs = suite('PIN proofs')
const now = new Date('2026-03-01T12:00:00Z')

proofs('a proof names its survey until it expires, then nothing', () => {
  const pins = createPinProofs('a-secret-of-the-server')
  const proof = pins.issue('survey1', now)
  assert.is(pins.surveyOf(proof, now), 'survey1')
  assert.is(pins.surveyOf(proof, new Date(now.getTime() + PIN_PROOF_TTL_MS - 1000)), 'survey1')
  assert.is(pins.surveyOf(proof, new Date(now.getTime() + PIN_PROOF_TTL_MS + 1000)), undefined)
})

proofs('a proof cannot be made or changed without the secret, and junk is refused without error', () => {
  const pins = createPinProofs('a-secret-of-the-server')
  const proof = pins.issue('survey1', now)
  const [expiry, survey, mac] = proof.split('.') as [string, string, string]
  const otherSurvey = btoa('survey2').replace(/=+$/, '')
  for (const forged of [
    `${Number(expiry) + 3600}.${survey}.${mac}`,
    `${expiry}.${otherSurvey}.${mac}`,
    `${expiry}.${survey}.${mac.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
    createPinProofs('another-secret-entirely').issue('survey1', now),
    '',
    '...',
    'x'.repeat(10_000),
    `${expiry}.${survey}`,
    `${expiry}.%%%.${mac}`,
  ]) {
    assert.is(pins.surveyOf(forged, now), undefined, forged.slice(0, 80))
  }
  // Without a secret the key is made per instance: another instance's proofs do not hold.
  assert.is(createPinProofs(undefined).surveyOf(createPinProofs(undefined).issue('survey1', now), now), undefined)
})

const attempts = suite('PIN attempts')

attempts('10 wrong PINs per address are judged; the 11th attempt is refused right or wrong, until the window ends', async () => {
  const count = createPinAttemptCounter({}, createMemoryRateLimiter())
  const at = new Date('2026-03-01T12:00:00Z')
  for (let i = 0; i < 10; i++)
    assert.equal(await count({ surveyId: 's1', address: 'a', right: false }, at), { locked: false }, `wrong ${i + 1}`)
  const refusedRight = await count({ surveyId: 's1', address: 'a', right: true }, at)
  assert.equal(refusedRight, { locked: true, limit: 'address', retryAfterSeconds: 15 * 60 })
  const refusedWrong = await count({ surveyId: 's1', address: 'a', right: false }, new Date(at.getTime() + 60_000))
  assert.equal(refusedWrong, { locked: true, limit: 'address', retryAfterSeconds: 14 * 60 })
  assert.equal(await count({ surveyId: 's1', address: 'b', right: false }, at), { locked: false }, 'another address')
  assert.equal(
    await count({ surveyId: 's1', address: 'a', right: true }, new Date(at.getTime() + 15 * 60_000)),
    { locked: false },
    'the next window',
  )
})

attempts('right PINs never count as failures, however many', async () => {
  const count = createPinAttemptCounter(
    { address: { limit: 2, windowMs: 60_000 }, survey: { limit: 3, windowMs: 60_000 } },
    createMemoryRateLimiter(),
  )
  for (let i = 0; i < 50; i++) assert.equal(await count({ surveyId: 's1', address: 'office', right: true }, now), { locked: false })
  assert.equal(await count({ surveyId: 's1', address: 'office', right: false }, now), { locked: false })
  assert.equal(await count({ surveyId: 's1', address: 'office', right: true }, now), { locked: false })
})

attempts('wrong PINs from many addresses lock the survey; an address locked out adds nothing to it', async () => {
  const count = createPinAttemptCounter(
    { address: { limit: 2, windowMs: 60_000 }, survey: { limit: 5, windowMs: 3_600_000 } },
    createMemoryRateLimiter(),
  )
  // One address: 2 judged, 20 refused at the address; only 2 reach the survey's count.
  for (let i = 0; i < 22; i++) await count({ surveyId: 's1', address: 'loud', right: false }, now)
  for (const address of ['b', 'c', 'd']) assert.equal(await count({ surveyId: 's1', address, right: false }, now), { locked: false })
  const locked = await count({ surveyId: 's1', address: 'e', right: false }, now)
  assert.equal(locked, { locked: true, limit: 'survey', retryAfterSeconds: 3600 })
  assert.equal((await count({ surveyId: 's1', address: 'f', right: true }, now)).locked, true, 'the right PIN too')
  assert.equal(await count({ surveyId: 's2', address: 'f', right: true }, now), { locked: false }, 'another survey')
})

attempts('limits that cannot work are refused when made', () => {
  const limiter = createMemoryRateLimiter()
  assert.throws(() => createPinAttemptCounter({ address: { limit: 0, windowMs: 60_000 } }, limiter), /limit/)
  assert.throws(() => createPinAttemptCounter({ survey: { limit: 1, windowMs: 10 } }, limiter), /windowMs/)
})

proofs.run()
attempts.run()
