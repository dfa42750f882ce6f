import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** Prefix of every key Canvass generates. */
export const API_KEY_PREFIX = 'cvs_'

/** A new plain API key: `cvs_` and 43 base62 characters from 32 CSPRNG bytes (docs/design.md, "Authentication"). */
export function generateApiKey(): string {
  // 256 / log2(62) ≈ 43 characters carry the 32 bytes' entropy; rejection sampling keeps them uniform.
  const out: string[] = []
  while (out.length < 43) {
    for (const byte of crypto.getRandomValues(new Uint8Array(64))) {
      if (byte < 248 && out.length < 43) out.push(BASE62[byte % 62] as string)
    }
  }
  return API_KEY_PREFIX + out.join('')
}

/** The start of a plain key that listings show to tell keys apart: `cvs_` and 4 characters (or 4 of a legacy key). */
export const apiKeyPrefix = (key: string): string => key.slice(0, key.startsWith(API_KEY_PREFIX) ? 8 : 4)

/** Whether a string has the shape of a key we could have issued (new format or legacy 32 hex chars). */
export const isWellFormedApiKey = (key: string): boolean => /^cvs_[0-9A-Za-z]{43}$/.test(key) || /^[0-9a-f]{32}$/i.test(key)

/**
 * SHA-256 of the key, lowercase hex: the only form in which keys are stored. Computed in JavaScript rather
 * than with `crypto.subtle`, which on Node sends every digest to the thread pool and back: for a key of 47
 * bytes that round trip costs several times the hashing, on every authenticated request.
 */
export async function hashApiKey(key: string): Promise<string> {
  return bytesToHex(sha256(utf8ToBytes(key)))
}

/**
 * The management key a request presents (docs/api.md, "Authentication"): `x-api-key`, or the token of
 * `Authorization: Bearer <key>`. Undefined, so a 401, when there is none, when an `Authorization` header of
 * the Bearer scheme is malformed (no token, or more than one word), and when both headers are sent with
 * different keys: which one the caller meant cannot be known, and honouring either would let a proxy's or a
 * client library's header override the other. An `Authorization` header of another scheme (a proxy's
 * `Basic`) is not a key and is left alone. The two values are the caller's own, so comparing them with `===`
 * tells the caller nothing it does not know; the key itself is only ever looked up by its hash.
 */
export function presentedApiKey(headers: Headers): string | undefined {
  const header = headers.get('x-api-key')?.trim() || undefined
  const authorization = headers.get('authorization')?.trim()
  if (!authorization || !/^bearer(?:\s|$)/i.test(authorization)) return header
  const bearer = /^bearer[ \t]+([^\s]+)$/i.exec(authorization)?.[1]
  if (bearer === undefined) return undefined
  if (header !== undefined && header !== bearer) return undefined
  return bearer
}
