import { CanvassError } from '../../errors'
import type { JsonObject, ResponsePatch, ResponseRecord } from '../../ports/storage/index'

/** docs/design.md, "Limits and input": a stored response (data, ttc, variables and meta together) is at most 1 MiB unless configured. */
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024

/** The parts of a response that its size counts. */
export interface SizedResponseParts {
  data: JsonObject
  ttc: Record<string, number>
  variables: JsonObject
  meta: JsonObject
}

/** Size of a response as the bound counts it: the UTF-8 bytes of its four JSON parts. */
export function responseBytes(parts: SizedResponseParts): number {
  return (
    utf8Length(JSON.stringify(parts.data)) +
    utf8Length(JSON.stringify(parts.ttc)) +
    utf8Length(JSON.stringify(parts.variables)) +
    utf8Length(JSON.stringify(parts.meta))
  )
}

/** Refuses (413, docs/design.md, "Limits and input") a response whose parts would pass `maxBytes`. */
export function checkResponseSize(parts: SizedResponseParts, maxBytes: number): void {
  if (responseBytes(parts) > maxBytes) throw responseTooLarge(maxBytes)
}

/**
 * Checks the response that `patch` would leave: called inside the storage's locked update, so the size is
 * that of the row as it really becomes, whatever other updates ran before (a check before the lock would
 * let concurrent merges grow a row past the bound together).
 */
export function checkPatchedSize(current: ResponseRecord, patch: ResponsePatch, maxBytes: number): ResponsePatch {
  checkResponseSize(
    {
      data: patch.data ?? current.data,
      ttc: patch.ttc ?? current.ttc,
      variables: patch.variables ?? current.variables,
      meta: patch.meta ?? current.meta,
    },
    maxBytes,
  )
  return patch
}

export const responseTooLarge = (maxBytes: number): CanvassError =>
  new CanvassError('payload_too_large', `A response must not be larger than ${maxBytes} bytes`, {
    details: { response: `data, ttc, variables and meta together would exceed ${maxBytes} bytes` },
  })

/** UTF-8 length of a string, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = text.length
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) continue
    if (c < 0x800) bytes += 1
    else if (c >= 0xd800 && c <= 0xdbff) {
      // A surrogate pair: two UTF-16 units, four bytes.
      bytes += 2
      i++
    } else bytes += 2
  }
  return bytes
}
