import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { constantTimeEqual, fromBase64Url, toBase64Url } from './token-text'

/**
 * Short-lived tokens that name one subject (a survey id, say) for one purpose, signed with the server secret:
 * what PIN proofs and preview tokens are made of. A token is `<expiry>.<subject>.<mac>`: the expiry in seconds
 * since the epoch, the subject in base64url, and the base64url HMAC-SHA256 of both under a key derived from the
 * secret and the purpose, so that a token of one purpose is never taken for another, nor for any other signature
 * of the secret. It says nothing the subject does not already say.
 */
export interface SignedTokens {
  /** A token for `subject`, valid `ttlMs` from `now` (this token's own `ttlMs` when given); with its expiry. */
  issue(subject: string, now: Date, ttlMs?: number): { token: string; expiresAt: Date }
  /** The subject a token was issued for, while it is valid; undefined for anything else (forged, expired, too long). */
  subjectOf(token: string, now: Date): string | undefined
}

/** The longest subject a token carries unless its maker says (`maxSubjectBytes`): 300 bytes of UTF-8. */
export const DEFAULT_MAX_SUBJECT_BYTES = 300

/** The longest token of the default subject taken apart: longer strings are refused without work. */
export const MAX_SIGNED_TOKEN_LENGTH = 512

/** How many base64url characters a subject of `bytes` takes at most. */
const base64Length = (bytes: number) => Math.ceil((bytes * 4) / 3)

/**
 * Tokens for `purpose`, signed with `secret`. Without a secret, a key made now: tokens then hold in this process
 * only (another instance, or this one after a restart, refuses them). A subject is at most `maxSubjectBytes`
 * of UTF-8 (`DEFAULT_MAX_SUBJECT_BYTES` unless given); `issue` throws a RangeError for a longer one.
 */
export function createSignedTokens(options: {
  secret: string | undefined
  purpose: string
  ttlMs: number
  maxSubjectBytes?: number
}): SignedTokens {
  const root = options.secret ? utf8ToBytes(options.secret) : crypto.getRandomValues(new Uint8Array(32))
  const key = hmac(sha256, root, utf8ToBytes(options.purpose))
  const mac = (payload: string) => toBase64Url(hmac(sha256, key, utf8ToBytes(payload)))
  const maxSubjectBytes = options.maxSubjectBytes ?? DEFAULT_MAX_SUBJECT_BYTES
  // Expiry, dot, subject, dot, signature: anything longer is refused before the expression runs.
  const maxLength = Math.max(MAX_SIGNED_TOKEN_LENGTH, 12 + 1 + base64Length(maxSubjectBytes) + 1 + 43)
  const shape = new RegExp(`^(\\d{1,12})\\.([A-Za-z0-9_-]{1,${base64Length(maxSubjectBytes)}})\\.([A-Za-z0-9_-]{43})$`)
  return {
    issue(subject, now, ttlMs = options.ttlMs) {
      const bytes = utf8ToBytes(subject)
      if (bytes.length > maxSubjectBytes) throw new RangeError(`A subject has at most ${maxSubjectBytes} bytes, not ${bytes.length}`)
      const expiry = Math.ceil((now.getTime() + ttlMs) / 1000)
      const payload = `${expiry}.${toBase64Url(bytes)}`
      return { token: `${payload}.${mac(payload)}`, expiresAt: new Date(expiry * 1000) }
    },
    subjectOf(token, now) {
      if (token.length > maxLength) return undefined
      const match = shape.exec(token)
      if (!match) return undefined
      const [, expiry = '', subject = '', signature = ''] = match
      if (!constantTimeEqual(signature, mac(`${expiry}.${subject}`))) return undefined
      if (Number(expiry) * 1000 <= now.getTime()) return undefined
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(subject))
      } catch {
        return undefined
      }
    },
  }
}
