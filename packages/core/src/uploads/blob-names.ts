import { assertBlobKey } from '../ports/blob-store'

/** Whether `key` is a blob key the blob stores take. */
export function isKey(key: string): boolean {
  try {
    assertBlobKey(key)
    return true
  } catch {
    return false
  }
}

/**
 * `filename` and `filename*` of a `Content-Disposition` header for `fileName`: `filename` for old clients (ASCII,
 * quotes and backslashes replaced), `filename*` with the real name.
 */
export function dispositionName(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7E]|["\\]/g, '_')
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`
}
