import type { Handler } from '../../context'
import { param } from '../../context'

import { CLIENT_CORS_HEADERS } from '../../http/cors'
import { badRequest, notFound, validationError } from '../../errors'
import { ok } from '../../http/respond'

import { clientPresignSchema } from '../../schemas/upload'
import { normaliseFileName } from '../../uploads/file-name'
import { uploadElement } from '../../uploads/upload-element'
import { presignUpload } from '../../uploads/presign'
import { receiveUpload } from '../../uploads/receive-upload'
import type { UploadSettings } from '../../uploads/upload-options'
import type { BodyHandler, RouteTable } from '../../http/route-table'
import { dataOf, presignAnswer, uploadAnswer } from '../../schemas/answers'

/**
 * `/api/v1/client/{environmentId}/storage` (presign) and `…/storage/local` (upload) for respondents'
 * `fileUpload` answers (docs/api.md, "Uploads and files"). Both name a survey of the environment and one of its
 * `fileUpload` elements, whose own limits (`maxSizeInMB`, `allowedFileExtensions`) apply, as the reference's
 * client route asks: without a key, nobody can store a file that no survey asks for. Their files are always
 * private: only a key of the environment reads them back.
 */
export function registerClientStorageRoutes(routes: RouteTable, settings: UploadSettings): void {
  const presign: BodyHandler<typeof clientPresignSchema> = async (request, ctx, _info, body) => {
    const environmentId = param(request, 'environmentId')
    const input = await body()
    if (input.accessType === 'public') throw validationError({ accessType: 'Files uploaded by respondents are private' })
    if (!(await ctx.storage.environments.get(environmentId))) throw notFound('Environment', environmentId)
    const survey = await ctx.storage.surveys.get(input.surveyId)
    if (!survey) throw notFound('Survey', input.surveyId)
    if (survey.environmentId !== environmentId) throw badRequest('Survey is part of another environment')
    // The name as it will be stored: its extension is the one the element must allow.
    const fileName = normaliseFileName(input.fileName) ?? input.fileName
    const element = uploadElement(survey, input.elementId, fileName, settings.maxBytes)
    if ('refusal' in element) throw badRequest(element.refusal)
    const uploadPath = `/api/v1/client/${encodeURIComponent(environmentId)}/storage/local`
    const result = presignUpload(input, { environmentId, accessType: 'private', uploadPath }, settings, request, ctx)
    return ok(result, CLIENT_CORS_HEADERS)
  }

  const upload: Handler = async (request, ctx) =>
    receiveUpload(
      request,
      { environmentId: param(request, 'environmentId'), accessType: 'private', forResponse: true, headers: CLIENT_CORS_HEADERS },
      settings,
      ctx,
    )

  routes.post('/api/v1/client/:environmentId/storage', presign, {
    summary: "Sign a respondent's upload (files of respondents are private)",
    auth: 'none',
    body: clientPresignSchema,
    answer: dataOf(presignAnswer),
    requires: 'blobStore',
  })
  // The reference's v2 path signs the same way; the upload goes to the v1 `…/storage/local` either way.
  routes.post('/api/v2/client/:environmentId/storage', presign, {
    summary: "Sign a respondent's upload, at the reference's v2 path",
    auth: 'none',
    body: clientPresignSchema,
    answer: dataOf(presignAnswer),
    requires: 'blobStore',
  })
  routes.post('/api/v1/client/:environmentId/storage/local', upload, {
    summary: "Upload a respondent's file signed by the presign",
    auth: 'upload',
    body: 'upload',
    answer: dataOf(uploadAnswer),
    requires: 'blobStore',
  })
}
