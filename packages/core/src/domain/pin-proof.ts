import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { constantTimeEqual, fromBase64Url, toBase64Url } from './token-text'

/**
 * Proofs that someone showed a survey's PIN: what the link page hands the renderer once the right PIN was
 * entered, and what a client response create or update of a survey with a PIN must carry as `pinAuthToken`
 * (the reference's field). A proof is `<expiry>.<survey>.<mac>`: the expiry in seconds since the epoch, the
 * survey id in base64url, and the base64url HMAC-SHA256 of both under a key derived from the server secret.
 * It works for its survey only, until it expires, and cannot be made without the secret; it says nothing
 * that the survey id does not already say.
 */
export interface PinProofs {
  /** A proof for this survey, valid `PIN_PROOF_TTL_MS` from `now`. */
  issue(surveyId: string, now: Date): string
  /** The survey a proof was issued for, while it is valid; undefined for anything else. */
  surveyOf(token: string, now: Date): string | undefined
}

/**
 * How long a proof holds: a day, so that a respondent who leaves the page open for hours can still finish.
 * A proof grants no more than the PIN does, and the PIN does not expire.
 */
export const PIN_PROOF_TTL_MS = 24 * 60 * 60 * 1000

/** The longest proof taken apart: longer strings are refused without work. */
export const MAX_PIN_PROOF_LENGTH = 512

/**
 * Proofs signed with `secret`. Without one, a key made now: proofs then hold in this process only (one
 * instance; a restart asks respondents for the PIN again).
 */
export function createPinProofs(secret: string | undefined): PinProofs {
  const root = secret ? utf8ToBytes(secret) : crypto.getRandomValues(new Uint8Array(32))
  // A key of its own, so that a proof can never double as any other signature of the secret.
  const key = hmac(sha256, root, utf8ToBytes('canvass pin proof v1'))
  const mac = (payload: string) => toBase64Url(hmac(sha256, key, utf8ToBytes(payload)))
  return {
    issue(surveyId, now) {
      const payload = `${Math.ceil((now.getTime() + PIN_PROOF_TTL_MS) / 1000)}.${toBase64Url(utf8ToBytes(surveyId))}`
      return `${payload}.${mac(payload)}`
    },
    surveyOf(token, now) {
      if (token.length > MAX_PIN_PROOF_LENGTH) return undefined
      const match = PROOF.exec(token)
      if (!match) return undefined
      const [, expiry = '', survey = '', signature = ''] = match
      if (!constantTimeEqual(signature, mac(`${expiry}.${survey}`))) return undefined
      if (Number(expiry) * 1000 <= now.getTime()) return undefined
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(survey))
      } catch {
        return undefined
      }
    },
  }
}

const PROOF = /^(\d{1,12})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/
