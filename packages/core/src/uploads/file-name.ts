/**
 * File names of uploads (docs/design.md, "Uploads"). A name is normalised once, at presign: NFC, control characters
 * stripped, surrounding spaces trimmed; a name that still holds a separator (`/`, `\`) or `..`, or is empty,
 * or is too long, is refused. The stored name adds the upload's uuid, so names never collide.
 */

const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
/** Characters, not bytes: the stored name adds 47, and a key stays far below S3's 1024 bytes. */
export const MAX_FILE_NAME_LENGTH = 200

/** The normalised name, or `null` when the name cannot be one. */
export function normaliseFileName(raw: string): string | null {
  if (LONE_SURROGATE.test(raw)) return null
  const name = raw.normalize('NFC').replace(CONTROL, '').trim()
  if (name === '' || name.length > MAX_FILE_NAME_LENGTH) return null
  if (name.includes('/') || name.includes('\\') || name.includes('..')) return null
  return name
}

/** The lowercase extension after the last dot, or `''` when there is none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase()
}

/** `<base>--fid--<uuid>.<ext>`, the name an upload is stored under. */
export function storedFileName(name: string, uuid: string): string {
  const dot = name.lastIndexOf('.')
  const base = dot === -1 ? name : name.slice(0, dot)
  const extension = dot === -1 ? '' : name.slice(dot + 1)
  return `${base}--fid--${uuid}.${extension}`
}

/**
 * Whether an upload's `X-File-Name` is a name {@link storedFileName} made for this uuid from a normalised
 * name. The signature already vouches for it; this keeps a leaked secret from writing odd keys.
 */
export function isStoredFileName(name: string, uuid: string): boolean {
  return normaliseFileName(name) === name && name.includes(`--fid--${uuid}.`) && extensionOf(name) !== ''
}
