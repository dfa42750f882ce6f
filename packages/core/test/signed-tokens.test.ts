/**
 * Signed tokens (core/src/domain/tokens/signed-tokens.ts), what PIN proofs and preview tokens are made of: a token
 * names its subject until it expires, for its purpose only, and anything altered is refused. The format is
 * checked against an HMAC computed here with node:crypto, so tokens issued before a release still hold after it.
 */
import { createHmac } from 'node:crypto'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPinProofs } from '../src/domain/tokens/pin-proof'
import { createPreviewTokens } from '../src/domain/tokens/preview-tokens'
import { createSignedTokens } from '../src/domain/tokens/signed-tokens'

const now = new Date('2026-11-27T12:00:00.000Z')
const later = (ms: number) => new Date(now.getTime() + ms)

test('a token names its subject until it expires, and not a second longer', () => {
  const tokens = createSignedTokens({ secret: 'a secret', purpose: 'test v1', ttlMs: 60_000 })
  const { token, expiresAt } = tokens.issue('survey-1', now)
  assert.is(expiresAt.toISOString(), '2026-11-27T12:01:00.000Z')
  assert.is(tokens.subjectOf(token, now), 'survey-1')
  assert.is(tokens.subjectOf(token, later(59_999)), 'survey-1')
  assert.is(tokens.subjectOf(token, later(60_000)), undefined)
})

test("a token's own lifetime, when given, replaces the default", () => {
  const tokens = createSignedTokens({ secret: 'a secret', purpose: 'test v1', ttlMs: 60_000 })
  const { token, expiresAt } = tokens.issue('survey-1', now, 5_000)
  assert.is(expiresAt.toISOString(), '2026-11-27T12:00:05.000Z')
  assert.is(tokens.subjectOf(token, later(4_999)), 'survey-1')
  assert.is(tokens.subjectOf(token, later(5_000)), undefined)
})

test('an altered expiry, subject or signature, another purpose or secret, and junk are refused', () => {
  const tokens = createSignedTokens({ secret: 'a secret', purpose: 'test v1', ttlMs: 60_000 })
  const { token } = tokens.issue('survey-1', now)
  const [expiry, subject, mac] = token.split('.') as [string, string, string]
  const other = Buffer.from('survey-2').toString('base64url')
  for (const altered of [
    `${Number(expiry) + 3600}.${subject}.${mac}`,
    `${expiry}.${other}.${mac}`,
    `${expiry}.${subject}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
    `${token}.`,
    '',
    'x'.repeat(10_000),
  ]) {
    assert.is(tokens.subjectOf(altered, now), undefined, altered.slice(0, 80))
  }
  assert.is(createSignedTokens({ secret: 'a secret', purpose: 'test v2', ttlMs: 60_000 }).subjectOf(token, now), undefined)
  assert.is(createSignedTokens({ secret: 'another', purpose: 'test v1', ttlMs: 60_000 }).subjectOf(token, now), undefined)
})

test('a subject is at most 300 bytes unless the maker says more; a longer one is never issued', () => {
  const tokens = createSignedTokens({ secret: 'a secret', purpose: 'test v1', ttlMs: 60_000 })
  const longest = 'é'.repeat(150)
  assert.is(tokens.subjectOf(tokens.issue(longest, now).token, now), longest)
  assert.throws(() => tokens.issue(`${longest}x`, now), /at most 300 bytes/)
  const roomy = createSignedTokens({ secret: 'a secret', purpose: 'test v1', ttlMs: 60_000, maxSubjectBytes: 768 })
  const big = 'x'.repeat(768)
  const { token } = roomy.issue(big, now)
  assert.is(roomy.subjectOf(token, now), big)
  // The default maker refuses it unread: too long for its tokens.
  assert.is(tokens.subjectOf(token, now), undefined)
  assert.throws(() => roomy.issue(`${big}x`, now), RangeError)
})

test('without a secret, tokens hold in the instance that made them only', () => {
  const one = createSignedTokens({ secret: undefined, purpose: 'test v1', ttlMs: 60_000 })
  const two = createSignedTokens({ secret: undefined, purpose: 'test v1', ttlMs: 60_000 })
  const { token } = one.issue('survey-1', now)
  assert.is(one.subjectOf(token, now), 'survey-1')
  assert.is(two.subjectOf(token, now), undefined)
})

test('PIN proofs and preview tokens keep their format, and neither is taken for the other', () => {
  const secret = 'the server secret'
  const expected = (purpose: string, ttlMs: number) => {
    const key = createHmac('sha256', secret).update(purpose).digest()
    const payload = `${Math.ceil((now.getTime() + ttlMs) / 1000)}.${Buffer.from('survey-1').toString('base64url')}`
    return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`
  }
  const proofs = createPinProofs(secret)
  const previews = createPreviewTokens(secret)
  const proof = proofs.issue('survey-1', now)
  const preview = previews.issue('survey-1', now).token
  assert.is(proof, expected('canvass pin proof v1', 24 * 60 * 60 * 1000))
  assert.is(preview, expected('canvass survey preview v1', 60 * 60 * 1000))
  assert.is(proofs.surveyOf(proof, now), 'survey-1')
  assert.is(previews.surveyOf(preview, now), 'survey-1')
  assert.is(proofs.surveyOf(preview, now), undefined)
  assert.is(previews.surveyOf(proof, now), undefined)
})

test.run()
