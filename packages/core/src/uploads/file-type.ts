import { extensionOf } from './file-name'

// RFC 6838 restricted names, type and subtype; parameters are not part of a file's type.
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/

/**
 * The lowercase MIME type when `fileType` is a valid one and allowed for the extension of `fileName`,
 * otherwise `null` (400 `File type is not allowed`).
 */
export function allowedFileType(fileName: string, fileType: string, allowedTypes: ReadonlyMap<string, ReadonlySet<string>>): string | null {
  const type = fileType.trim().toLowerCase()
  if (!MIME_TYPE.test(type)) return null
  return allowedTypes.get(extensionOf(fileName))?.has(type) ? type : null
}

/** Images a browser may show inline; everything else is served as an attachment. SVG can run scripts. */
export function isInlineImage(contentType: string): boolean {
  return /^image\/(png|jpeg|gif|webp|avif|heic|heif|bmp)$/.test(contentType.toLowerCase())
}
