import type { BlobStore } from '../ports/blob-store'

/** What uploads accept (docs/design.md, "Uploads"): how large, and which file types. */
export interface UploadOptions {
  /**
   * Most bytes one uploaded file may hold; a larger one is answered 413 `File is too large` and nothing is
   * stored. The base64 (JSON) form of the upload route accepts a body of the matching encoded size.
   * @default 10 MiB
   */
  maxBytes?: number
  /**
   * The file types uploads may have: lowercase file extension (without the dot) → the MIME types a file
   * with that extension may declare. A file whose extension is not listed, or whose `X-File-Type` is not
   * one of its extension's types, is refused with 400 `File type is not allowed`. Types that a browser
   * would run (HTML, SVG, JavaScript) are deliberately absent from the default.
   * @default DEFAULT_UPLOAD_TYPES
   */
  allowedTypes?: Readonly<Record<string, readonly string[]>>
}

/** The upload settings core works with, defaults applied. */
export interface UploadSettings {
  blobStore: BlobStore
  secret: string
  maxBytes: number
  allowedTypes: ReadonlyMap<string, ReadonlySet<string>>
  /** When this Canvass last purged spent upload uuids (ms since the epoch): each instance purges its own storage. */
  spentUuids: { lastPurgeMs: number }
}

export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024

/** Documents, images, audio, video and archives that survey respondents send; nothing a browser runs. */
export const DEFAULT_UPLOAD_TYPES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  avif: ['image/avif'],
  heic: ['image/heic', 'image/heif'],
  heif: ['image/heif', 'image/heic'],
  pdf: ['application/pdf'],
  txt: ['text/plain'],
  csv: ['text/csv', 'application/vnd.ms-excel'],
  eml: ['message/rfc822'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xls: ['application/vnd.ms-excel'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ppt: ['application/vnd.ms-powerpoint'],
  pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  mp3: ['audio/mpeg'],
  wav: ['audio/wav', 'audio/x-wav'],
  mp4: ['video/mp4'],
  mov: ['video/quicktime'],
  webm: ['video/webm'],
  zip: ['application/zip', 'application/x-zip-compressed'],
})

/** Checks the options and applies the defaults; throws a `TypeError` or `RangeError` for bad ones. */
export function uploadSettings(blobStore: BlobStore, secret: string | undefined, options: UploadOptions = {}): UploadSettings {
  if (typeof secret !== 'string' || secret.length < 16) {
    throw new TypeError('createCanvass: `secret` (at least 16 characters) is required with `blobStore`: it signs uploads')
  }
  const maxBytes = options.maxBytes ?? DEFAULT_UPLOAD_MAX_BYTES
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) throw new RangeError('createCanvass: uploads.maxBytes must be a positive integer')
  const allowedTypes = new Map<string, ReadonlySet<string>>()
  for (const [extension, types] of Object.entries(options.allowedTypes ?? DEFAULT_UPLOAD_TYPES)) {
    allowedTypes.set(extension.toLowerCase(), new Set(types.map((type) => type.toLowerCase())))
  }
  return { blobStore, secret, maxBytes, allowedTypes, spentUuids: { lastPurgeMs: 0 } }
}
