import type { S3Client } from './s3-client'
import { s3Error } from './s3-client'
import { xmlElements, xmlValue } from './s3-xml'

export interface S3ListKeysOptions {
  /**
   * Only keys that start with this text (as S3's `prefix`: plain text, not a pattern).
   * @default '' (every key in the bucket)
   */
  prefix?: string
  /**
   * Keys asked for per ListObjectsV2 request, from 1 to 1000 (S3's most).
   * @default 1000
   */
  pageSize?: number
  /** Stops the listing: the pending request is aborted and the iteration rejects with the signal's reason. */
  signal?: AbortSignal
}

/**
 * Every key in the bucket under `prefix`, in S3's order (UTF-8 binary), one ListObjectsV2 page at a time:
 * at most one page is held, and the next is asked for only when the caller has taken the current one.
 * Keys are asked for URL-encoded (`encoding-type=url`, so that any key survives XML 1.0) and decoded when the
 * answer says they are; a store that ignores the parameter sends them as they are, which is read as such.
 */
export async function* listKeys(client: S3Client, options: S3ListKeysOptions = {}): AsyncGenerator<string, void, undefined> {
  const { prefix = '', pageSize = 1000, signal } = options
  if (!Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
    throw new RangeError('blob-s3: pageSize must be an integer from 1 to 1000')
  }
  let token: string | undefined
  for (;;) {
    const query: Record<string, string> = { 'list-type': '2', 'max-keys': String(pageSize), 'encoding-type': 'url' }
    if (prefix) query.prefix = prefix
    if (token) query['continuation-token'] = token
    const response = await client.request('GET', client.bucketUrl(query), signal ? { signal } : {})
    if (!response.ok) throw await s3Error('ListObjectsV2', response)
    const xml = await response.text()
    const urlEncoded = xmlValue(xml, 'EncodingType') === 'url'
    for (const contents of xmlElements(xml, 'Contents')) {
      const key = xmlValue(contents, 'Key')
      if (key === undefined) throw new Error('blob-s3: ListObjectsV2 answered an object without a Key')
      yield urlEncoded ? decodeListedKey(key) : key
    }
    if (xmlValue(xml, 'IsTruncated') !== 'true') return
    const next = xmlValue(xml, 'NextContinuationToken')
    if (!next || next === token) throw new Error('blob-s3: ListObjectsV2 answered a truncated page without a new NextContinuationToken')
    token = next
  }
}

/**
 * A key of a listing with `encoding-type=url`: percent-encoded, where S3 writes a space as `+` (and a `+` of
 * the key as `%2B`), as a form would.
 */
function decodeListedKey(key: string): string {
  return decodeURIComponent(key.replace(/\+/g, ' '))
}
