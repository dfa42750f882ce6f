import { serviceUnavailable } from '@canvass/core'
import { AwsClient } from 'aws4fetch'
import { S3Error } from './s3-error'
import { xmlValue } from './s3-xml'

/** How to reach and sign for one bucket; the store's options minus its tuning. */
export interface S3Connection {
  bucket: string
  region: string
  endpoint?: string
  accessKeyId: string
  secretAccessKey: string
  sessionToken?: string
  forcePathStyle?: boolean
  fetch?: (request: Request) => Promise<Response>
}

export interface S3RequestInit {
  headers?: Record<string, string>
  body?: Uint8Array
  signal?: AbortSignal
  /** Signing time as `YYYYMMDDTHHMMSSZ`; the clock's when absent (set by tests). */
  datetime?: string
}

// SlowDown, InternalError and their kin ask for a retry; every request here has a byte body, so it can be sent again.
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504])
const RETRIES = 3
const ERROR_BODY_LIMIT = 16 * 1024
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
// A DNS label per dot-separated part: what a bucket needs to be a host name.
const DNS_BUCKET = /^(?=.{3,63}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/

/** Object URLs, SigV4 signing with aws4fetch, and retries of throttled or failed requests. */
export function createS3Client(connection: S3Connection) {
  const { bucket, region, forcePathStyle = false } = connection
  if (!bucket || bucket.includes('/')) throw new TypeError('blob-s3: bucket must be a bucket name, without slashes')
  if (!region) throw new TypeError('blob-s3: region must not be empty')
  const endpoint = new URL(connection.endpoint ?? `https://s3.${region}.amazonaws.com`)
  if (endpoint.protocol !== 'https:' && endpoint.protocol !== 'http:') throw new TypeError('blob-s3: endpoint must be an http(s) URL')
  if (endpoint.search || endpoint.hash || endpoint.username || endpoint.password) {
    throw new TypeError('blob-s3: endpoint must not carry a query, fragment or credentials')
  }
  if (!forcePathStyle && !DNS_BUCKET.test(bucket)) {
    throw new TypeError(`blob-s3: bucket "${bucket}" cannot be a host name; set forcePathStyle: true`)
  }
  const prefix = endpoint.pathname.replace(/\/+$/, '')
  const base = forcePathStyle
    ? `${endpoint.protocol}//${endpoint.host}${prefix}/${encodeSegment(bucket)}/`
    : `${endpoint.protocol}//${bucket}.${endpoint.host}${prefix}/`
  const aws = new AwsClient({
    accessKeyId: connection.accessKeyId,
    secretAccessKey: connection.secretAccessKey,
    sessionToken: connection.sessionToken,
    service: 's3',
    region,
    retries: 0,
  })
  const send = connection.fetch ?? ((request: Request) => fetch(request))

  /** The URL of a checked key; each segment percent-encoded as SigV4 wants it (RFC 3986 unreserved kept). */
  function objectUrl(key: string, query: Record<string, string> = {}): URL {
    const url = new URL(base + key.split('/').map(encodeSegment).join('/'))
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
    return url
  }

  /** The bucket's own URL, for requests on the bucket (ListObjectsV2). */
  function bucketUrl(query: Record<string, string> = {}): URL {
    const url = new URL(base)
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
    return url
  }

  /**
   * A signed request. The payload is signed too (its SHA-256 in `x-amz-content-sha256`), and so is every
   * header we set (content type, range), as the AWS SDKs do.
   */
  async function sign(method: string, url: URL, init: S3RequestInit = {}): Promise<Request> {
    const headers = new Headers(init.headers)
    headers.set('x-amz-content-sha256', init.body ? await sha256Hex(init.body) : EMPTY_SHA256)
    return aws.sign(url.toString(), {
      method,
      headers,
      body: init.body as BodyInit | undefined,
      signal: init.signal,
      aws: { allHeaders: true, datetime: init.datetime },
    })
  }

  /**
   * Sends a signed request, again after a pause when S3 answers 429 or 5xx (at most 3 more times). A store
   * that cannot be reached (refused, unresolvable, reset) is `serviceUnavailable`: the blob-store port's rule,
   * so that clients get 503 with `Retry-After` rather than 500.
   */
  async function request(method: string, url: URL, init: S3RequestInit = {}): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const signed = await sign(method, url, init)
      const response = await send(signed).catch((error: unknown) => {
        // The caller's own abort is not an outage.
        if (init.signal?.aborted) throw error
        throw serviceUnavailable(error)
      })
      if (!RETRY_STATUSES.has(response.status) || attempt >= RETRIES) return response
      await response.body?.cancel()
      await pause(100 * 2 ** attempt * (0.5 + Math.random()), init.signal)
    }
  }

  return { bucket, objectUrl, bucketUrl, sign, request }
}

export type S3Client = ReturnType<typeof createS3Client>

/** The error an S3 answer describes, from its XML body when it has one; the body is consumed. */
export async function s3Error(operation: string, response: Response): Promise<S3Error> {
  const xml = await readSome(response, ERROR_BODY_LIMIT)
  return (
    errorFromXml(operation, response, xml) ??
    new S3Error(operation, response.status, `HTTP ${response.status}`, undefined, requestIdOf(response))
  )
}

/** The error in an S3 XML body, or `undefined` when the body holds none. */
export function errorFromXml(operation: string, response: Response, xml: string): S3Error | undefined {
  if (!xml.includes('<Error>')) return undefined
  const code = xmlValue(xml, 'Code') ?? `HTTP ${response.status}`
  return new S3Error(operation, response.status, code, xmlValue(xml, 'Message'), xmlValue(xml, 'RequestId') ?? requestIdOf(response))
}

function requestIdOf(response: Response): string | undefined {
  return response.headers.get('x-amz-request-id') ?? undefined
}

/** At most `limit` bytes of a body as text; the rest is cancelled unread. */
async function readSome(response: Response, limit: number): Promise<string> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    while (size < limit) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      size += value.length
    }
  } finally {
    await reader.cancel().catch(() => {})
  }
  const decoder = new TextDecoder()
  return chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode()
}

function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(signal.reason)
      },
      { once: true },
    )
  })
}
