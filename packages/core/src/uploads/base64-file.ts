import { fromBase64 } from '../bytes'
import { readJsonBody } from '../http/body'
import { CanvassError } from '../errors'
import { badUploadBody, fileTooLarge } from './upload-error'

/** Room beside the base64 text: the JSON around it and a `data:<type>;base64,` prefix. */
const ENVELOPE_BYTES = 64 * 1024
/** Characters decoded at a time: a multiple of 4, so every slice decodes on its own. */
const SLICE = 64 * 1024

/** The largest body of the JSON form that can carry a file of `maxBytes`. */
export const base64BodyLimit = (maxBytes: number): number => Math.ceil(maxBytes / 3) * 4 + ENVELOPE_BYTES

/**
 * The file of a JSON upload body `{ "fileBase64String": "…" }`, the form the reference client sends: plain
 * base64 or a `data:` URL. The body is bounded by {@link base64BodyLimit} while it is read (413 beyond), the
 * decoded size is checked before anything is stored, and the bytes are decoded slice by slice as the
 * store pulls them, so the file is never held twice.
 */
export async function base64File(request: Request, maxBytes: number): Promise<ReadableStream<Uint8Array>> {
  let body: Record<string, unknown>
  try {
    body = await readJsonBody(request, base64BodyLimit(maxBytes))
  } catch (error) {
    if (error instanceof CanvassError && error.status === 413) throw fileTooLarge()
    if (error instanceof CanvassError && error.status < 500) throw badUploadBody(error.message)
    throw error
  }
  const value = body.fileBase64String
  if (typeof value !== 'string' || value === '') throw badUploadBody('No file provided')
  const comma = value.startsWith('data:') ? value.indexOf(',') : -1
  if (value.startsWith('data:') && (comma === -1 || !value.slice(0, comma).endsWith(';base64'))) {
    throw badUploadBody('fileBase64String must be base64 or a base64 data URL')
  }
  const encoded = value.slice(comma + 1)
  if (encoded.length % 4 === 1 || !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) {
    throw badUploadBody('fileBase64String must be base64 or a base64 data URL')
  }
  const padding = encoded.endsWith('==') ? 2 : encoded.endsWith('=') ? 1 : 0
  const size = Math.floor(((encoded.length - padding) * 3) / 4)
  if (size > maxBytes) throw fileTooLarge()

  let offset = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= encoded.length) {
        controller.close()
        return
      }
      const slice = encoded.slice(offset, offset + SLICE)
      offset += SLICE
      controller.enqueue(fromBase64(slice))
    },
  })
}
