import * as Multipart from 'multipasta'
import type { MultipartError } from 'multipasta'
import { concatBytes } from '../bytes'
import { badUploadBody, fileTooLarge } from './upload-error'
import type { UploadError } from './upload-error'

/** Parts other than `file` are read (kept when they come before it) and bounded by these. */
const MAX_PARTS = 16
const MAX_FIELD_BYTES = 64 * 1024
const READ_AHEAD_BYTES = 1024 * 1024
const CHUNK_BYTES = 256 * 1024

export interface MultipartUpload {
  /**
   * The text fields sent before the file (the first of each name): an S3-style presigned POST sends its
   * `presignedFields` there.
   */
  fields: Record<string, string>
  file: ReadableStream<Uint8Array>
}

/**
 * The bytes of the part named `file` of a `multipart/form-data` request, as a stream that reads the request
 * only as fast as its reader pulls (so a slow store slows the client instead of filling memory), and the
 * fields before it. Resolves once the part's headers have arrived; rejects with a 400 {@link UploadError}
 * when the body is not multipart or holds no `file` part. The stream errors with a 400 when the body is
 * malformed or ends early, and with a 413 when the parts besides the file pass their bound.
 */
export async function multipartFile(request: Request, maxBytes: number): Promise<MultipartUpload> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!request.body) throw badUploadBody('No file provided')
  const reader = request.body.getReader()
  let failure: UploadError | undefined
  let found = false
  let fileEnded = false
  let bodyEnded = false
  let pending: Uint8Array[] = []
  const fields: Record<string, string> = Object.create(null)
  const decoder = new TextDecoder()

  const fail = (error: UploadError) => {
    failure ??= error
  }
  const parser = Multipart.make({
    headers: { 'content-type': contentType },
    isFile: (info) => info.name === 'file',
    maxParts: MAX_PARTS,
    maxFieldSize: MAX_FIELD_BYTES,
    // The file may hold maxBytes (the store stops it one byte later); the rest is headers and small fields.
    maxTotalSize: maxBytes + MAX_PARTS * (MAX_FIELD_BYTES + 1024) + 1,
    onField(info, value) {
      if (!found && !Object.hasOwn(fields, info.name)) fields[info.name] = decoder.decode(value)
    },
    onFile() {
      // Only the first `file` part counts; a second one is read past.
      if (found) return () => {}
      found = true
      return (chunk) => {
        if (chunk === null) fileEnded = true
        else if (!fileEnded) pending.push(chunk)
      }
    },
    onError: (error) => fail(multipartError(error)),
    onDone() {},
  })

  /** Reads one chunk of the request into the parser. */
  async function pump(): Promise<void> {
    if (bodyEnded) return
    let result: ReadableStreamReadResult<Uint8Array>
    try {
      result = await reader.read()
    } catch {
      fail(badUploadBody('The request body could not be read'))
      return
    }
    try {
      if (result.done) {
        bodyEnded = true
        parser.end()
        if (!fileEnded) fail(badUploadBody(found ? 'The request body ended before the file did' : 'No file provided'))
      } else {
        parser.write(result.value)
      }
    } catch {
      // The parser throws on what it cannot decode (a malformed `filename*`).
      fail(badUploadBody('Malformed multipart body'))
    }
  }

  while (!found && !failure && !bodyEnded) await pump()
  if (!found || failure) {
    await reader.cancel().catch(() => {})
    throw failure ?? badUploadBody('No file provided')
  }

  const file = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // Socket reads are often small; handing the store fewer, larger chunks saves it a write per read.
        while (pendingBytes() < CHUNK_BYTES && !fileEnded && !failure && !bodyEnded) await pump()
        const chunks = pending
        pending = []
        if (failure) {
          await reader.cancel().catch(() => {})
          controller.error(failure)
          return
        }
        if (chunks.length > 0) controller.enqueue(concatBytes(chunks))
        if (fileEnded) {
          controller.close()
          // What follows the file is the closing boundary and perhaps a few fields: read it so the
          // connection can carry the answer, but no more than the parser would take.
          void drain()
        }
      },
      async cancel(reason) {
        await reader.cancel(reason).catch(() => {})
      },
      // Up to this much is read ahead of the store, so that the network and the store work at the same time.
    },
    new ByteLengthQueuingStrategy({ highWaterMark: READ_AHEAD_BYTES }),
  )
  return { fields, file }

  function pendingBytes(): number {
    let total = 0
    for (const chunk of pending) total += chunk.byteLength
    return total
  }

  async function drain(): Promise<void> {
    while (!bodyEnded && !failure) await pump()
    if (failure) await reader.cancel().catch(() => {})
  }
}

function multipartError(error: MultipartError): UploadError {
  if (error._tag === 'ReachedLimit') return error.limit === 'MaxParts' ? badUploadBody('Too many parts') : fileTooLarge()
  if (error._tag === 'InvalidBoundary') return badUploadBody('Content-Type must be multipart/form-data with a boundary')
  if (error._tag === 'EndNotReached') return badUploadBody('The request body ended before the file did')
  return badUploadBody('Malformed multipart body')
}
