import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

/**
 * Whether an `If-None-Match` header names `etag`. The comparison is weak (RFC 9110 §13.1.2): `W/` prefixes
 * are ignored; `*` matches.
 */
export function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t.replace(/^W\//, '') === opaque
  })
}

/** The strong `ETag` of `text`: the first 128 bits of its SHA-256, in hex, quoted (`W/` before it makes it weak). */
export function strongTag(text: string): string {
  return `"${bytesToHex(sha256(utf8ToBytes(text))).slice(0, 32)}"`
}

/**
 * The strong `ETag` of a fixed text (a bundle, a document), computed when first asked for and then kept: an
 * instance that never serves the text never hashes it, so creating one stays cheap (hashing the widget's bundles
 * and the reference viewer was most of `createCanvass`'s own time).
 */
export function strongTagOf(text: string): () => string {
  let tag: string | undefined
  return () => (tag ??= strongTag(text))
}
