import type { FileAccessType } from '../ports/storage'

/**
 * The URL of a stored file, `{base}/storage/{environmentId}/{public|private}/{fileName}`: made here for an
 * upload's answer (`presign.ts`), and read back here from an answer that names one (`domain/responses/element-validation.ts`).
 */
export function storedFileUrl(base: string, environmentId: string, accessType: FileAccessType, fileName: string): string {
  return `${base}/storage/${encodeURIComponent(environmentId)}/${accessType}/${encodeURIComponent(fileName)}`
}

const FILE_PATH = /\/storage\/([^/]+)\/(public|private)\/([^/]+)$/

/**
 * The file a URL names, on any origin and under any base (a server's public URL may have changed since the
 * answer was stored), or undefined when it names none.
 */
export function storedFileOf(url: string): { environmentId: string; accessType: FileAccessType; fileName: string } | undefined {
  try {
    const match = FILE_PATH.exec(new URL(url, 'http://relative.invalid').pathname)
    if (!match) return undefined
    return {
      environmentId: decodeURIComponent(match[1] as string),
      accessType: match[2] as FileAccessType,
      fileName: decodeURIComponent(match[3] as string),
    }
  } catch {
    return undefined
  }
}
