import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { constantTimeEqual, fromBase64Url, toBase64Url } from './token-text'

/**
 * Preview tokens: what `POST /api/v1/management/surveys/{id}/preview` mints for whoever holds a management
 * key, and what the link page takes as `?preview=` to show that survey whatever its status, with nothing
 * saved (docs/surveys.md#previewing-a-draft). A token is `<expiry>.<survey>.<mac>`: the expiry in seconds
 * since the epoch, the survey id in base64url, and the base64url HMAC-SHA256 of both under a key derived from
 * the server secret for this use only, so that a token is no PIN proof and no other signature of the secret.
 * It opens the page of its survey until it expires, and no client or management route accepts it.
 */
export interface PreviewTokens {
  /** A token for this survey, valid `PREVIEW_TOKEN_TTL_MS` from `now`; with its expiry. */
  issue(surveyId: string, now: Date): { token: string; expiresAt: Date }
  /** The survey a token was minted for, while it is valid; undefined for anything else. */
  surveyOf(token: string, now: Date): string | undefined
}

/** How long a preview link works: an hour, enough to look a survey over and short enough to leak little. */
export const PREVIEW_TOKEN_TTL_MS = 60 * 60 * 1000

/** The longest token taken apart: longer strings are refused without work. */
const MAX_TOKEN_LENGTH = 512

const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/

/**
 * Tokens signed with `secret`. Without one, a key made now: tokens then open pages of this process only (a
 * restart, or another instance, answers 404 to them).
 */
export function createPreviewTokens(secret: string | undefined): PreviewTokens {
  const root = secret ? utf8ToBytes(secret) : crypto.getRandomValues(new Uint8Array(32))
  const key = hmac(sha256, root, utf8ToBytes('canvass survey preview v1'))
  const mac = (payload: string) => toBase64Url(hmac(sha256, key, utf8ToBytes(payload)))
  return {
    issue(surveyId, now) {
      const expiry = Math.ceil((now.getTime() + PREVIEW_TOKEN_TTL_MS) / 1000)
      const payload = `${expiry}.${toBase64Url(utf8ToBytes(surveyId))}`
      return { token: `${payload}.${mac(payload)}`, expiresAt: new Date(expiry * 1000) }
    },
    surveyOf(token, now) {
      if (token.length > MAX_TOKEN_LENGTH) return undefined
      const match = TOKEN.exec(token)
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
