import { CanvassError } from '../errors'
import { json } from '../http/respond'

/**
 * A refusal of the upload route, whose answers are `{ "error": message, "message": message }` (docs/design.md, "Uploads").
 * Thrown inside the route and turned into its answer there; elsewhere it is an ordinary `CanvassError`.
 */
export class UploadError extends CanvassError {
  constructor(status: 400 | 401 | 404 | 413, message: string, options: { cause?: unknown } = {}) {
    const code = status === 400 ? 'bad_request' : status === 401 ? 'not_authenticated' : status === 404 ? 'not_found' : 'payload_too_large'
    super(code, message, { cause: options.cause })
    this.name = 'UploadError'
  }
}

export const fileTooLarge = (): UploadError => new UploadError(413, 'File is too large')
export const uploadNotAuthenticated = (): UploadError => new UploadError(401, 'Not authenticated')
export const badUploadBody = (message: string): UploadError => new UploadError(400, message)

/**
 * An answer of the upload route other than success (docs/design.md, "Uploads"): `{ "error", "message" }` with the same text,
 * `error` for the spec's clients and `message` for `@formbricks/api`, which reports that key.
 */
export function uploadRefusal(status: number, message: string, headers?: Record<string, string>): Response {
  return json({ error: message, message }, { status, headers: { ...headers, 'cache-control': 'private, no-store' } })
}
