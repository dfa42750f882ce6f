import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { fromBase64Url, toBase64Url } from '../tokens/token-text'

/**
 * The cursors of a shared survey's pages (`/share/{key}?after=…`). A list's cursor names the last row shown
 * by its time and id, and a response's id is what the public response update takes: a read-only link must
 * carry no such id (see docs/results.md#what-it-never-shows). So the position is encrypted (AES-GCM under a
 * key derived from the server secret, bound to the survey): the visitor can hand it back, never read it.
 */
export interface ShareCursors {
  /** An opaque cursor of `position` for pages of `surveyId`. */
  seal(surveyId: string, position: SharePosition): Promise<string>
  /** The position inside a cursor sealed for `surveyId`; null for anything else. */
  open(surveyId: string, cursor: string): Promise<SharePosition | null>
}

export interface SharePosition {
  createdAt: Date
  id: string
}

/** The longest cursor opened: longer text is refused without work. */
const MAX_CURSOR_LENGTH = 512
const IV_BYTES = 12

/**
 * Cursors sealed under `secret`. Without one, a key made now: cursors then work on this process only (one
 * instance; after a restart a visitor's "older" link starts again from the newest page with a 400).
 */
export function createShareCursors(secret: string | undefined): ShareCursors {
  const root = secret ? utf8ToBytes(secret) : crypto.getRandomValues(new Uint8Array(32))
  // A key of its own, so that a cursor can never double as any other use of the secret.
  const raw = hmac(sha256, root, utf8ToBytes('canvass share cursor v1'))
  let key: Promise<CryptoKey> | undefined
  const aesKey = () => (key ??= crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']))
  return {
    async seal(surveyId, position) {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
      const text = utf8ToBytes(`${position.createdAt.toISOString()}|${position.id}`)
      const sealed = new Uint8Array(
        await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: utf8ToBytes(surveyId) }, await aesKey(), text),
      )
      const out = new Uint8Array(iv.length + sealed.length)
      out.set(iv)
      out.set(sealed, iv.length)
      return toBase64Url(out)
    },
    async open(surveyId, cursor) {
      if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null
      let bytes: Uint8Array
      try {
        bytes = fromBase64Url(cursor)
      } catch {
        return null
      }
      if (bytes.length <= IV_BYTES + 16) return null
      let plain: ArrayBuffer
      try {
        plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES), additionalData: utf8ToBytes(surveyId) },
          await aesKey(),
          bytes.slice(IV_BYTES),
        )
      } catch {
        return null
      }
      const text = new TextDecoder().decode(plain)
      const bar = text.indexOf('|')
      const createdAt = new Date(text.slice(0, bar))
      if (bar < 1 || Number.isNaN(createdAt.getTime())) return null
      return { createdAt, id: text.slice(bar + 1) }
    },
  }
}
