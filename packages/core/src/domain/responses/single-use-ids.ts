import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { constantTimeEqual, toBase64Url } from '../tokens/token-text'

/**
 * Single-use ids of surveys with `singleUse.isEncrypted`: a sealed token `<id>.<mac>`, where `id` is a fresh
 * random id and `mac` the base64url HMAC-SHA256, under a key derived from the server secret, of the survey
 * id and `id`. The client hands the token back as `singleUseId`; Canvass checks the seal and stores `id`.
 * A token therefore only works for the survey it was made for and cannot be made up without the secret;
 * the id itself is random and hides nothing, so signing (not encrypting) is enough.
 */
export interface SingleUseSealer {
  seal(surveyId: string, id: string): string
  /** The id inside a token sealed for this survey, or null for anything else. */
  open(surveyId: string, token: string): string | null
}

const ID = /^[a-z0-9]{1,64}$/

export function createSingleUseSealer(secret: string): SingleUseSealer {
  // A key of its own, so that a single-use token can never double as any other signature of the secret.
  const key = hmac(sha256, utf8ToBytes(secret), utf8ToBytes('canvass single-use id v1'))
  const mac = (surveyId: string, id: string) => toBase64Url(hmac(sha256, key, utf8ToBytes(`${surveyId}\u0000${id}`)))
  return {
    seal: (surveyId, id) => `${id}.${mac(surveyId, id)}`,
    open(surveyId, token) {
      const dot = token.indexOf('.')
      if (dot < 1) return null
      const id = token.slice(0, dot)
      if (!ID.test(id)) return null
      return constantTimeEqual(token.slice(dot + 1), mac(surveyId, id)) ? id : null
    },
  }
}

/** Whether a survey's `singleUse` setting is on: one response per single-use link. */
export function isSingleUse(singleUse: unknown): boolean {
  return typeof singleUse === 'object' && singleUse !== null && (singleUse as { enabled?: unknown }).enabled === true
}

/** Whether a survey's `singleUse` setting asks for sealed ids. */
export function isEncryptedSingleUse(singleUse: unknown): boolean {
  return (
    typeof singleUse === 'object' &&
    singleUse !== null &&
    (singleUse as { enabled?: unknown }).enabled === true &&
    (singleUse as { isEncrypted?: unknown }).isEncrypted === true
  )
}
