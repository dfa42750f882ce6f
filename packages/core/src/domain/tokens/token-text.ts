/**
 * Text helpers of the tokens Canvass signs (sealed single-use ids, PIN proofs, upload signatures): a
 * comparison whose time does not depend on where two strings differ, and unpadded base64url.
 */
import { fromBase64, toBase64 } from '../../bytes'

/** Whether `a` and `b` are equal, in time that depends only on their length. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return difference === 0
}

/** Unpadded base64url of `bytes`. */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The bytes of unpadded base64url text (throws on text `atob` refuses). */
export function fromBase64Url(text: string): Uint8Array {
  return fromBase64(text.replace(/-/g, '+').replace(/_/g, '/'))
}
