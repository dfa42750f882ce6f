import * as v from 'valibot'
import { createFileLinks } from '../domain/tokens/file-links'
import { dispositionName, isKey } from '../uploads/blob-names'
import type { Handler } from '../context'
import { param } from '../context'
import { authenticate } from '../auth/authenticate'
import { CanvassError, unauthorized } from '../errors'
import type { BlobRange } from '../ports/blob-store'
import { isInlineImage } from '../uploads/file-type'
import type { UploadSettings } from '../uploads/upload-options'
import type { RouteTable } from '../http/route-table'

/**
 * `GET /storage/{environmentId}/{public|private}/{fileName}` (docs/design.md, "Uploads"): public files to anyone, private
 * ones only with a key of that environment or the `token` of a file link signed for that file. Served with `nosniff`, a sandboxing CSP, and as an attachment
 * unless the file is an image a browser shows inline; single byte ranges are answered with 206.
 */
export function registerFileRoutes(routes: RouteTable, settings: UploadSettings): void {
  const links = createFileLinks(settings.secret)
  const serve: Handler = async (request, ctx) => {
    const environmentId = param(request, 'environmentId')
    const accessType = param(request, 'accessType')
    const fileName = param(request, 'fileName')
    if (accessType !== 'public' && accessType !== 'private') throw fileNotFound(fileName)
    const key = `${environmentId}/${accessType}/${fileName}`
    // A file link's token (docs/api.md, "Opening a file") opens the one private file it was signed for, in place
    // of a key; a public file is anyone's, token or not.
    const token = request.query.token
    if (accessType === 'private' && token !== undefined) {
      if (typeof token !== 'string' || !links.opens(token, key, ctx.now())) throw unauthorized()
    } else if (accessType === 'private') {
      const caller = await authenticate(request, ctx)
      if (caller.environmentId !== environmentId) throw unauthorized()
    }
    if (fileName.includes('/') || !isKey(key)) throw fileNotFound(fileName)

    const range = await requestedRange(request.headers.get('range'), () => settings.blobStore.head(key))
    if (range === 'missing') throw fileNotFound(fileName)
    const object = await settings.blobStore.get(key, range ? { range } : {})
    if (!object) throw fileNotFound(fileName)
    const headers: Record<string, string> = {
      'content-type': object.contentType,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': `${isInlineImage(object.contentType) ? 'inline' : 'attachment'}; ${dispositionName(fileName)}`,
      'cache-control': accessType === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store',
      'accept-ranges': 'bytes',
    }
    if (object.etag) headers.etag = object.etag
    if (object.lastModified) headers['last-modified'] = object.lastModified.toUTCString()
    if (object.range === null) {
      await object.body.cancel().catch(() => {})
      return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${object.size}` } })
    }
    if (object.range) {
      headers['content-range'] = `bytes ${object.range.start}-${object.range.end}/${object.size}`
      headers['content-length'] = String(object.range.end - object.range.start + 1)
      return new Response(object.body, { status: 206, headers })
    }
    headers['content-length'] = String(object.size)
    return new Response(object.body, { status: 200, headers })
  }

  routes.get('/storage/:environmentId/:accessType/:fileName', serve, {
    summary: 'Read an uploaded file (byte ranges allowed); private ones need a key of their environment or a file link',
    auth: 'file',
    query: v.object({ token: v.optional(v.pipe(v.string(), v.maxLength(2048))) }),
    produces: 'file',
    requires: 'blobStore',
    ranges: true,
  })
}

const fileNotFound = (fileName: string): CanvassError =>
  new CanvassError('not_found', 'File not found', { details: { resource_id: fileName, resource_type: 'File' } })

/**
 * One range of `Range: bytes=…`, or `undefined` to send the whole file (no header, several ranges or one
 * that cannot be read: HTTP lets a server ignore those). A suffix range (`bytes=-n`) needs the size first.
 */
async function requestedRange(
  header: string | null,
  head: () => Promise<{ size: number } | null>,
): Promise<BlobRange | undefined | 'missing'> {
  const match = header ? /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim()) : null
  if (!match || (match[1] === '' && match[2] === '')) return undefined
  if (match[1] !== '') {
    const start = Number(match[1])
    const end = match[2] === '' ? undefined : Number(match[2])
    if (end !== undefined && end < start) return undefined
    return end === undefined ? { start } : { start, end }
  }
  const metadata = await head()
  if (!metadata) return 'missing'
  const length = Number(match[2])
  if (length === 0 || metadata.size === 0) return undefined
  return { start: Math.max(0, metadata.size - length) }
}
