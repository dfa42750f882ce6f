import { BlobTooLargeError, concatBytes } from '@canvass/core'

export interface Part {
  bytes: Uint8Array
  /** No byte follows this part. */
  last: boolean
}

/**
 * Cuts a body into parts of `partSize` bytes (the last one shorter), counting every byte against `maxBytes`
 * as it arrives. It holds one part in memory, plus at most one chunk read ahead to learn whether the body
 * ends exactly at a part boundary.
 */
export function createPartReader(body: ReadableStream<Uint8Array>, partSize: number, maxBytes: number) {
  const reader = body.getReader()
  let ahead: Uint8Array | undefined
  let ended = false
  let total = 0

  async function nextChunk(): Promise<Uint8Array | undefined> {
    if (ahead) {
      const chunk = ahead
      ahead = undefined
      return chunk
    }
    while (!ended) {
      const { done, value } = await reader.read()
      if (done) {
        ended = true
        break
      }
      if (!(value instanceof Uint8Array)) throw new TypeError('blob-s3: body chunks must be Uint8Array')
      total += value.length
      if (total > maxBytes) throw new BlobTooLargeError(maxBytes)
      if (value.length > 0) return value
    }
    return undefined
  }

  return {
    async next(): Promise<Part> {
      const chunks: Uint8Array[] = []
      let size = 0
      while (size < partSize) {
        const chunk = await nextChunk()
        if (!chunk) break
        const room = partSize - size
        if (chunk.length > room) {
          ahead = chunk.subarray(room)
          chunks.push(chunk.subarray(0, room))
          size += room
        } else {
          chunks.push(chunk)
          size += chunk.length
        }
      }
      if (!ahead) ahead = await nextChunk()
      return { bytes: concatBytes(chunks), last: ahead === undefined }
    },
    /** Releases the body when the put gives up before reading it to the end. */
    async cancel(reason: unknown): Promise<void> {
      if (!ended) await reader.cancel(reason).catch(() => {})
    },
  }
}
