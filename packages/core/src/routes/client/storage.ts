import type { Handler } from '../../context'
import { param } from '../../context'
import { readJsonBody } from '../../http/body'
import { CLIENT_CORS_HEADERS } from '../../http/cors'
import { badRequest, notFound, validationError } from '../../errors'
import { ok } from '../../http/respond'
import { parseInput } from '../../http/validate'
import { presignSchema } from '../../schemas/upload'
import { presignUpload } from '../../uploads/presign'
import { receiveUpload } from '../../uploads/receive-upload'
import type { UploadSettings } from '../../uploads/upload-options'
import type { RouteTable } from '../../http/route-table'
import { dataOf, presignAnswer, uploadAnswer } from '../../schemas/answers'

/** Whether `questions` holds a `fileUpload` question `id` (the reference's check of its `elementId`). */
function hasFileUploadQuestion(questions: unknown[], id: string): boolean {
  return questions.some((question) => {
    const q = question as { id?: unknown; type?: unknown } | null
    return q?.id === id && q.type === 'fileUpload'
  })
}

/**
 * `/api/v1/client/{environmentId}/storage` (presign) and `…/storage/local` (upload) for respondents'
 * `fileUpload` answers (docs/design.md, "Uploads"). Their files are always private: only a key of the environment reads
 * them back.
 */
export function registerClientStorageRoutes(routes: RouteTable, settings: UploadSettings): void {
  const presign: Handler = async (request, ctx) => {
    const environmentId = param(request, 'environmentId')
    const input = parseInput(presignSchema, await readJsonBody(request))
    if (input.accessType === 'public') throw validationError({ accessType: 'Files uploaded by respondents are private' })
    if (!(await ctx.storage.environments.get(environmentId))) throw notFound('Environment', environmentId)
    if (input.surveyId != null) {
      const survey = await ctx.storage.surveys.get(input.surveyId)
      if (!survey) throw notFound('Survey', input.surveyId)
      if (survey.environmentId !== environmentId) throw badRequest('Survey is part of another environment')
      if (input.elementId != null && !hasFileUploadQuestion(survey.questions, input.elementId)) {
        throw badRequest('Element does not allow file uploads')
      }
    }
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
    body: presignSchema,
    answer: dataOf(presignAnswer),
    requires: 'blobStore',
  })
  // The reference's v2 path signs the same way; the upload goes to the v1 `…/storage/local` either way.
  routes.post('/api/v2/client/:environmentId/storage', presign, {
    summary: "Sign a respondent's upload, at the reference's v2 path",
    auth: 'none',
    body: presignSchema,
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
