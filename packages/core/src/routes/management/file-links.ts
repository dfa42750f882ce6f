import * as v from 'valibot'
import type { BodyHandler, RouteTable } from '../../http/route-table'
import { publicBaseUrl } from '../../context'
import { authenticate } from '../../auth/authenticate'
import { CanvassError, validationError } from '../../errors'
import { ok } from '../../http/respond'
import { dataOf } from '../../schemas/answers'
import { createFileLinks } from '../../domain/tokens/file-links'
import { storedFileOf, storedFileUrl } from '../../uploads/file-url'
import { isKey } from '../../uploads/blob-names'
import type { UploadSettings } from '../../uploads/upload-options'

/** The body of `POST /api/v1/management/storage/file-links`: the URL of a file an answer names, as stored. */
export const fileLinkBody = v.strictObject({
  url: v.pipe(v.string(), v.minLength(1, 'Must not be empty'), v.maxLength(2048, 'Must be at most 2048 characters')),
})

export const fileLinkAnswer = v.object({
  url: v.string(),
  /** When the link stops working; null for a public file, whose URL works for anyone. */
  expiresAt: v.nullable(v.string()),
})

/**
 * `POST /api/v1/management/storage/file-links` (docs/api.md, "Opening a file"): a link that opens one uploaded file
 * of the caller's environment in a browser tab, where no key or console header goes with the request. For a
 * private file, its URL with a `token` signed for that file that works for five minutes; a public file's URL as it
 * is. A Canvass extension: the console opens files of responses with it.
 */
export function registerFileLinkRoutes(routes: RouteTable, settings: UploadSettings): void {
  const links = createFileLinks(settings.secret)
  const sign: BodyHandler<typeof fileLinkBody> = async (request, ctx, _info, body) => {
    const { environmentId } = await authenticate(request, ctx)
    const { url } = await body()
    const file = storedFileOf(url)
    if (!file) throw validationError({ url: 'Must be the URL of an uploaded file' })
    const key = `${file.environmentId}/${file.accessType}/${file.fileName}`
    // Another environment's file is as unknown as a missing one: the answer tells nothing of it.
    if (file.environmentId !== environmentId || !isKey(key) || !(await settings.blobStore.head(key))) throw fileNotFound()
    const base = storedFileUrl(publicBaseUrl(request, ctx), file.environmentId, file.accessType, file.fileName)
    if (file.accessType === 'public') return ok({ url: base, expiresAt: null })
    const { token, expiresAt } = links.issue(key, ctx.now())
    return ok({ url: `${base}?${new URLSearchParams({ token })}`, expiresAt: expiresAt.toISOString() })
  }
  routes.post('/api/v1/management/storage/file-links', sign, {
    // No id: a file's name may itself be personal.
    audit: { action: 'sign', resourceType: 'file' },
    summary: 'A short-lived link that opens one uploaded file of the environment (a Canvass extension)',
    description:
      "For the URL of an uploaded file of the caller's environment (as a file upload answer stores it), a link a browser can open without a key: a private file's URL with a `token` that opens that file only, for five minutes (`expiresAt`); a public file's URL as it is (`expiresAt` null). 400 names `url` when it is no file's URL; 404 for a file that does not exist or belongs to another environment.",
    auth: 'apiKey',
    body: fileLinkBody,
    answer: dataOf(fileLinkAnswer),
    requires: 'blobStore',
    errors: [404],
  })
}

const fileNotFound = (): CanvassError => new CanvassError('not_found', 'File not found', { details: { resource_type: 'File' } })
