/**
 * S3 answered a request with an error (or a 200 whose body is an error, as CompleteMultipartUpload may).
 * `code` is S3's error code (`AccessDenied`, `NoSuchBucket`, `SignatureDoesNotMatch`, …) or `HTTP <status>`
 * when the answer had no readable body; `requestId` is what to quote to the provider.
 */
export class S3Error extends Error {
  readonly status: number
  readonly code: string
  readonly requestId: string | undefined

  constructor(operation: string, status: number, code: string, detail: string | undefined, requestId: string | undefined) {
    super(`S3 ${operation} failed: ${status} ${code}${detail ? `: ${detail}` : ''}`)
    this.name = 'S3Error'
    this.status = status
    this.code = code
    this.requestId = requestId
  }
}
