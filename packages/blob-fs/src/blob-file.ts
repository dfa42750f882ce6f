import type { FileHandle } from 'node:fs/promises'

/**
 * One object is one file: a header line, then the bytes. The header holds what `head` answers besides the
 * size: the content type and an id that becomes the etag. Keeping both in the object's own file is what
 * makes a put atomic (one rename replaces bytes and metadata together) and a read consistent (one open
 * file handle pins both), which a sidecar file beside it could not promise.
 *
 * The header is one line of JSON: `{"canvassBlob":1,"contentType":"image/png","id":"<uuid>"}\n`.
 */
export interface BlobHeader {
  contentType: string
  id: string
}

/** Headers are far smaller: a content type is at most 255 characters. */
export const HEADER_MAX_BYTES = 1024
const VERSION = 1

export function encodeHeader(header: BlobHeader): Uint8Array {
  return new TextEncoder().encode(`${JSON.stringify({ canvassBlob: VERSION, contentType: header.contentType, id: header.id })}\n`)
}

/** Reads the header at the start of an open blob file; throws when the file is not one. */
export async function readHeader(handle: FileHandle, path: string): Promise<BlobHeader & { length: number }> {
  const buffer = new Uint8Array(HEADER_MAX_BYTES)
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
  const end = buffer.subarray(0, bytesRead).indexOf(0x0a)
  if (end > 0) {
    try {
      const parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(buffer.subarray(0, end))) as Record<string, unknown>
      if (parsed.canvassBlob === VERSION && typeof parsed.contentType === 'string' && typeof parsed.id === 'string') {
        return { contentType: parsed.contentType, id: parsed.id, length: end + 1 }
      }
    } catch {
      // Not JSON: reported below like any other foreign file.
    }
  }
  throw new Error(`blob-fs: ${path} is not a Canvass blob file (no valid header); was it written by something else?`)
}
