import type { Part } from './part-reader'
import type { S3Client } from './s3-client'
import { errorFromXml, s3Error } from './s3-client'
import { completeMultipartXml, xmlValue } from './s3-xml'

export interface MultipartInput {
  key: string
  contentType: string
  first: Part
  next: () => Promise<Part>
  /** Parts sent at once. */
  queueSize: number
}

/**
 * Uploads parts as they are read, a few at a time, and completes the upload; on any failure (a part, the
 * body, the size limit) it stops the parts in flight and aborts the upload, so S3 keeps nothing. Returns the
 * object's etag.
 */
export async function multipartUpload(client: S3Client, input: MultipartInput): Promise<string | undefined> {
  const { key, contentType, queueSize } = input
  const uploadId = await createUpload(client, key, contentType)
  const stop = new AbortController()
  const etags: string[] = []
  const inFlight = new Set<Promise<void>>()
  let failure: { error: unknown } | undefined

  const start = (number: number, bytes: Uint8Array) => {
    const task: Promise<void> = uploadPart(client, key, uploadId, number, bytes, stop.signal)
      .then(
        (etag) => {
          etags[number - 1] = etag
        },
        (error: unknown) => {
          failure ??= { error }
          stop.abort()
        },
      )
      .finally(() => inFlight.delete(task))
    inFlight.add(task)
  }

  try {
    let part = input.first
    for (let number = 1; ; number++) {
      if (number > 10_000) throw new Error('blob-s3: more than 10,000 parts; raise partSize')
      start(number, part.bytes)
      if (part.last) break
      while (inFlight.size >= queueSize && !failure) await Promise.race(inFlight)
      if (failure) throw failure.error
      part = await input.next()
    }
    await Promise.all(inFlight)
    if (failure) throw failure.error
    return await completeUpload(client, key, uploadId, etags)
  } catch (error) {
    stop.abort()
    await Promise.allSettled(inFlight)
    // Best effort: when even the abort fails, a bucket lifecycle rule (AbortIncompleteMultipartUpload) cleans up.
    await abortUpload(client, key, uploadId).catch(() => {})
    throw error
  }
}

async function createUpload(client: S3Client, key: string, contentType: string): Promise<string> {
  const response = await client.request('POST', client.objectUrl(key, { uploads: '' }), { headers: { 'content-type': contentType } })
  if (!response.ok) throw await s3Error('CreateMultipartUpload', response)
  const xml = await response.text()
  const uploadId = xmlValue(xml, 'UploadId')
  if (!uploadId)
    throw errorFromXml('CreateMultipartUpload', response, xml) ?? new Error('blob-s3: CreateMultipartUpload answered no UploadId')
  return uploadId
}

async function uploadPart(
  client: S3Client,
  key: string,
  uploadId: string,
  number: number,
  bytes: Uint8Array,
  signal: AbortSignal,
): Promise<string> {
  const url = client.objectUrl(key, { partNumber: String(number), uploadId })
  const response = await client.request('PUT', url, { body: bytes, signal })
  if (!response.ok) throw await s3Error('UploadPart', response)
  await response.body?.cancel()
  const etag = response.headers.get('etag')
  if (!etag) throw new Error(`blob-s3: UploadPart ${number} answered no ETag`)
  return etag
}

async function completeUpload(client: S3Client, key: string, uploadId: string, etags: string[]): Promise<string | undefined> {
  const body = new TextEncoder().encode(completeMultipartXml(etags))
  const response = await client.request('POST', client.objectUrl(key, { uploadId }), {
    headers: { 'content-type': 'application/xml' },
    body,
  })
  if (!response.ok) throw await s3Error('CompleteMultipartUpload', response)
  // S3 may answer 200 and report the failure in the body, after keeping the connection alive with spaces.
  const xml = await response.text()
  const error = errorFromXml('CompleteMultipartUpload', response, xml)
  if (error) throw error
  return xmlValue(xml, 'ETag')
}

async function abortUpload(client: S3Client, key: string, uploadId: string): Promise<void> {
  const response = await client.request('DELETE', client.objectUrl(key, { uploadId }))
  await response.body?.cancel()
}
