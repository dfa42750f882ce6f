import { CanvassError, badRequest } from './errors'

/** Largest JSON body accepted (contract §9). */
export const JSON_BODY_LIMIT = 1024 * 1024

const tooLarge = (): CanvassError =>
  new CanvassError('payload_too_large', `Request body is larger than ${JSON_BODY_LIMIT} bytes`)

/**
 * Reads a JSON request body: form and multipart bodies get 415; any other or no content type is parsed as
 * JSON, since browsers' `sendBeacon` and bare `fetch` send `text/plain`. The size limit is enforced while
 * reading, so a chunked body without `Content-Length` cannot grow past it.
 */
export async function readJsonBody(request: Request, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  if (type.startsWith('multipart/') || type.startsWith('application/x-www-form-urlencoded')) {
    throw new CanvassError('unsupported_media_type', 'Content-Type must be application/json')
  }
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > limit) throw tooLarge()
  const text = await readText(request, limit)
  try {
    return JSON.parse(text)
  } catch {
    throw badRequest('Malformed JSON input, please check your request body')
  }
}

async function readText(request: Request, limit: number): Promise<string> {
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => {})
      throw tooLarge()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}
