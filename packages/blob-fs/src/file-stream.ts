import type { FileHandle } from 'node:fs/promises'

const CHUNK_BYTES = 64 * 1024

/**
 * `length` bytes of an open file from `position`, as a web stream that reads on demand and closes the
 * handle when it ends, fails or is cancelled. Reading through the handle, not the path, keeps a reader on
 * the object it opened even when a put replaces the file meanwhile.
 */
export function fileStream(handle: FileHandle, position: number, length: number): ReadableStream<Uint8Array> {
  let closing: Promise<void> | undefined
  const close = () => (closing ??= handle.close())
  let next = position
  let remaining = length
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (remaining > 0) {
          const buffer = new Uint8Array(Math.min(CHUNK_BYTES, remaining))
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, next)
          if (bytesRead === 0) throw new Error('blob-fs: the file ended before its announced size')
          next += bytesRead
          remaining -= bytesRead
          controller.enqueue(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead))
        }
        if (remaining === 0) {
          await close()
          controller.close()
        }
      } catch (error) {
        await close().catch(() => {})
        controller.error(error)
      }
    },
    cancel: () => close(),
  })
}

/** Writes the whole chunk at `position`: a single write may take fewer bytes than it was given. */
export async function writeAll(handle: FileHandle, chunk: Uint8Array, position: number): Promise<void> {
  let offset = 0
  while (offset < chunk.length) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset, position + offset)
    offset += bytesWritten
  }
}
