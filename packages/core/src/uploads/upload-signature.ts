import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import type { FileAccessType } from '../ports/storage'
import { constantTimeEqual } from '../domain/tokens/token-text'

/** What a presign signs and an upload proves (docs/design.md, "Uploads"). */
export interface UploadGrant {
  uuid: string
  /** The stored name (`<base>--fid--<uuid>.<ext>`). */
  fileName: string
  environmentId: string
  fileType: string
  /** Milliseconds since the epoch, as the decimal string the client sends back. */
  timestamp: string
  /**
   * Where the file goes. The upload request does not carry it in a signed header (the management `signedUrl`
   * names it in its query), so only the signature ties the file to the access type chosen at presign.
   */
  accessType: FileAccessType
}

/** How old a signature may be, and how far in the future its timestamp may lie. */
export const SIGNATURE_MAX_AGE_MS = 5 * 60 * 1000
export const SIGNATURE_MAX_SKEW_MS = 60 * 1000

/**
 * Hex HMAC-SHA256 with the server secret of `{uuid}:{fileName}:{environmentId}:{fileType}:{timestamp}:{accessType}`.
 * The access type comes last, after the digits-only timestamp, so no other grant signs the same text.
 */
export function signUpload(grant: UploadGrant, secret: string): string {
  const message = `${grant.uuid}:${grant.fileName}:${grant.environmentId}:${grant.fileType}:${grant.timestamp}:${grant.accessType}`
  return bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(message)))
}

/**
 * Whether `signature` signs `grant` and its timestamp is in the window (at most 5 minutes old, at most 60
 * seconds ahead). The comparison takes the same time wherever the strings differ.
 */
export function verifyUpload(grant: UploadGrant, signature: string, secret: string, now: number): boolean {
  if (!/^\d{1,16}$/.test(grant.timestamp)) return false
  const timestamp = Number(grant.timestamp)
  if (now - timestamp > SIGNATURE_MAX_AGE_MS || timestamp - now > SIGNATURE_MAX_SKEW_MS) return false
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false
  return constantTimeEqual(signUpload(grant, secret), signature.toLowerCase())
}
