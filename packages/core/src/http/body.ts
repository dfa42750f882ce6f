import { CanvassError, badRequest, validationError } from './errors'

/** Largest JSON body accepted (contract §9). */
export const JSON_BODY_LIMIT = 1024 * 1024

const tooLarge = (): CanvassError =>
  new CanvassError('payload_too_large', `Request body is larger than ${JSON_BODY_LIMIT} bytes`)

/**
 * Reads a JSON request body: form and multipart bodies get 415; any other or no content type is parsed as
 * JSON, since browsers' `sendBeacon` and bare `fetch` send `text/plain`. The size limit is enforced while
 * reading, so a chunked body without `Content-Length` cannot grow past it. Every JSON route takes an object,
 * so any other JSON value is a validation error at the root (`""`).
 */
export async function readJsonBody(request: Request, limit = JSON_BODY_LIMIT): Promise<Record<string, unknown>> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  if (type.startsWith('multipart/') || type.startsWith('application/x-www-form-urlencoded')) {
    throw new CanvassError('unsupported_media_type', 'Content-Type must be application/json')
  }
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > limit) throw tooLarge()
  // With a Content-Length the HTTP layer delivers exactly that many bytes, so the body can be read whole (a
  // host's fast path); without one it is counted while it streams.
  let text: string
  try {
    text = Number.isFinite(declared) ? await request.text() : await readText(request, limit)
  } catch (error) {
    if (error instanceof CanvassError) throw error
    // The connection failed or the client went away mid-body: its fault, not ours, and no 500 to log.
    throw badRequest('The request body could not be read')
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw badRequest('Malformed JSON input, please check your request body')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw validationError({ '': 'Expected a JSON object' })
  }
  const problem = findStorageProblem(value)
  if (problem) throw validationError({ '': problem })
  return value as Record<string, unknown>
}

/** How deeply JSON bodies may nest; real survey and response bodies stay far below it. */
export const MAX_JSON_DEPTH = 64

/**
 * Postgres text and jsonb cannot hold U+0000, and very deep nesting exhausts stacks further on; both are
 * refused here, in one iterative walk, rather than failing later in the database.
 */
function findStorageProblem(root: unknown): string | undefined {
  const stack: [unknown, number][] = [[root, 0]]
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number]
    if (typeof value === 'string') {
      if (value.includes('\0')) return 'Text must not contain the character U+0000'
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_JSON_DEPTH) return `JSON must not nest deeper than ${MAX_JSON_DEPTH} levels`
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\0')) return 'Text must not contain the character U+0000'
        stack.push([item, depth + 1])
      }
    }
  }
  return undefined
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
