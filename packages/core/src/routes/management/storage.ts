import type { Handler } from '../../context'
import { authenticate } from '../../auth/authenticate'

import { CanvassError } from '../../errors'
import { ok } from '../../http/respond'

import { presignSchema } from '../../schemas/upload'
import { environmentMismatch, presignUpload } from '../../uploads/presign'
import { receiveUpload } from '../../uploads/receive-upload'
import { uploadNotAuthenticated, uploadRefusal } from '../../uploads/upload-error'
import type { UploadSettings } from '../../uploads/upload-options'
import { ownedSurvey } from '../../domain/owned-survey'
import type { BodyHandler, RouteTable } from '../../http/route-table'
import { dataOf, presignAnswer, uploadAnswer } from '../../schemas/answers'
import * as v from 'valibot'
import { checkNamedEnvironment } from '../../domain/named-environment'

/**
 * `/api/v1/management/storage` (presign) and `…/storage/local` (upload) for the key's environment
 * (docs/design.md, "Uploads"). Files are public unless the presign asks for `accessType: "private"`.
 */
export function registerManagementStorageRoutes(routes: RouteTable, settings: UploadSettings): void {
  const presign: BodyHandler<typeof presignSchema> = async (request, ctx, _info, body) => {
    const { environmentId } = await authenticate(request, ctx)
    const input = await body()
    await checkNamedEnvironment(ctx, environmentId, input, environmentMismatch)
    if (input.surveyId != null) await ownedSurvey(ctx, environmentId, input.surveyId)
    const accessType = input.accessType ?? 'public'
    // The signed URL carries the access type to the upload, whose signature covers it: an upload that drops
    // or changes the query is refused, so the file lands where `fileUrl` points.
    const uploadPath = `/api/v1/management/storage/local${accessType === 'private' ? '?accessType=private' : ''}`
    return ok(presignUpload(input, { environmentId, accessType, uploadPath }, settings, request, ctx))
  }

  const upload: Handler = async (request, ctx) => {
    let environmentId: string
    try {
      ;({ environmentId } = await authenticate(request, ctx))
    } catch (error) {
      // The upload route answers a bad key like a bad signature, in its own shape.
      if (!(error instanceof CanvassError) || error.status !== 401) throw error
      return uploadRefusal(401, uploadNotAuthenticated().message)
    }
    // The presign's own `?accessType=private` (or none, for public); the signature check in `receiveUpload`
    // refuses any other than the one signed. A repeated or unknown value is refused here, naming the field.
    const requested = request.query.accessType
    if (Array.isArray(requested)) return uploadRefusal(400, 'accessType must be given once')
    if (requested !== undefined && requested !== 'public' && requested !== 'private') {
      return uploadRefusal(400, 'accessType must be "public" or "private"')
    }
    const accessType = requested === 'private' ? 'private' : 'public'
    return receiveUpload(request, { environmentId, accessType, forResponse: false }, settings, ctx)
  }

  routes.post('/api/v1/management/storage', presign, {
    // No id: the file name a client chose may itself be personal.
    audit: { action: 'sign', resourceType: 'upload' },
    summary: 'Sign an upload',
    auth: 'apiKey',
    body: presignSchema,
    answer: dataOf(presignAnswer),
    requires: 'blobStore',
    errors: [404],
  })
  routes.post('/api/v1/management/storage/local', upload, {
    audit: { action: 'upload', resourceType: 'file' },
    summary: 'Upload the file signed by the presign (`X-File-Name` is its `updatedFileName`)',
    auth: 'upload',
    query: v.object({ accessType: v.optional(v.picklist(['public', 'private'])) }),
    body: 'upload',
    answer: dataOf(uploadAnswer),
    requires: 'blobStore',
  })
}
