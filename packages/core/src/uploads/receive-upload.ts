import type { CanvassContext } from '../context'
import { CanvassError } from '../http/errors'
import { json } from '../http/respond'
import { BlobKeyError, BlobTooLargeError } from '../ports/blob-store'
import { base64BodyLimit, base64File } from './base64-file'
import { isStoredFileName } from './file-name'
import { allowedFileType } from './file-type'
import { multipartFile } from './multipart-file'
import { UploadError, badUploadBody, fileTooLarge, uploadNotAuthenticated, uploadRefusal } from './upload-error'
import type { UploadSettings } from './upload-options'
import { SIGNATURE_MAX_AGE_MS, SIGNATURE_MAX_SKEW_MS, verifyUpload } from './upload-signature'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export interface UploadTarget {
  /** The environment the upload is for: the key's (management) or the path's (client). */
  environmentId: string
  accessType: 'public' | 'private'
  /** Extra headers on every answer (CORS on the client route). */
  headers?: Record<string, string>
}

/**
 * POST `…/storage/local` after the route has settled the environment: checks the signed headers, spends
 * the uuid, streams the file (multipart part `file` or JSON `fileBase64String`) into the blob store under
 * `{environmentId}/{accessType}/{fileName}` and records it. Every answer but success is `uploadRefusal`'s.
 */
export async function receiveUpload(request: Request, target: UploadTarget, settings: UploadSettings, ctx: CanvassContext): Promise<Response> {
  try {
    await storeUpload(request, target, settings, ctx)
    return json({ data: { message: 'File uploaded successfully' } }, { headers: { ...target.headers } })
  } catch (error) {
    return uploadErrorResponse(error, ctx, target.headers)
  }
}

async function storeUpload(request: Request, target: UploadTarget, settings: UploadSettings, ctx: CanvassContext): Promise<void> {
  const header = (name: string) => request.headers.get(name)?.trim() ?? ''
  const fileType = header('x-file-type')
  if (!fileType) throw badUploadBody('fileType is required')
  const encodedName = header('x-file-name')
  if (!encodedName) throw badUploadBody('fileName is required')
  let fileName: string
  try {
    fileName = decodeURIComponent(encodedName)
  } catch {
    throw badUploadBody('fileName is not a URI-encoded name')
  }
  const { environmentId } = target
  const claimed = header('x-environment-id')
  if (claimed && claimed !== environmentId) throw uploadNotAuthenticated()
  const uuid = header('x-uuid')
  // The access type the route settled must be the one signed: a changed or dropped `?accessType` is a bad signature.
  const grant = { uuid, fileName, environmentId, fileType, timestamp: header('x-timestamp'), accessType: target.accessType }
  // Only uuids a presign could have made: the signed text joins its parts with `:`, which a uuid never holds.
  if (!UUID.test(uuid) || !verifyUpload(grant, header('x-signature'), settings.secret, ctx.now().getTime())) {
    throw uploadNotAuthenticated()
  }
  // The signature vouches for name and type; checking them again keeps a leaked secret from writing odd keys.
  if (!isStoredFileName(fileName, uuid)) throw badUploadBody('Invalid file name')
  const contentType = allowedFileType(fileName, fileType, settings.allowedTypes)
  if (contentType === null) throw badUploadBody('File type is not allowed')

  const multipart = (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/')
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  const bodyLimit = multipart ? settings.maxBytes + 1024 * 1024 : base64BodyLimit(settings.maxBytes)
  if (Number.isFinite(declared) && declared > bodyLimit) throw fileTooLarge()

  const now = ctx.now()
  if (!(await ctx.storage.uploads.spendUuid({ uuid, environmentId, spentAt: now }))) throw uploadNotAuthenticated()
  purgeNowAndThen(ctx, now)

  const body = multipart ? await multipartFile(request, settings.maxBytes) : await base64File(request, settings.maxBytes)
  const key = `${environmentId}/${target.accessType}/${fileName}`
  let size: number
  try {
    ;({ size } = await settings.blobStore.put(key, body, { contentType, maxBytes: settings.maxBytes }))
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw fileTooLarge()
    if (error instanceof BlobKeyError) throw badUploadBody('Invalid file name')
    throw error
  }
  try {
    const surveyId = await uploadSurvey(ctx, environmentId, header('x-survey-id'))
    await ctx.storage.uploads.recordFile({
      id: ctx.newId(),
      environmentId,
      surveyId,
      accessType: target.accessType,
      fileName,
      contentType,
      size,
      createdAt: now,
    })
  } catch (error) {
    // An upload that failed must not leave a file behind that nothing records.
    await settings.blobStore.delete(key).catch(() => {})
    throw error
  }
}

/** The survey an upload names, when it is one of the environment's; uploads outside surveys have none. */
async function uploadSurvey(ctx: CanvassContext, environmentId: string, surveyId: string): Promise<string | null> {
  if (!surveyId || surveyId.length > 255 || surveyId.includes('\0')) return null
  const survey = await ctx.storage.surveys.get(surveyId)
  return survey?.environmentId === environmentId ? survey.id : null
}

function uploadErrorResponse(error: unknown, ctx: CanvassContext, headers: Record<string, string> | undefined): Response {
  let status = 500
  let message = 'File upload failed'
  if (error instanceof UploadError) {
    status = error.status
    message = error.message
  } else if (error instanceof CanvassError && error.status === 503) {
    status = 503
    message = 'File upload failed'
  } else {
    ctx.logger.error('Upload failed', error)
  }
  return uploadRefusal(status, message, headers)
}

/**
 * Spent uuids are only needed while their signature could still be valid; once a minute an upload drops
 * those older than that (with a margin), in the background.
 */
let lastPurge = 0
function purgeNowAndThen(ctx: CanvassContext, now: Date): void {
  if (now.getTime() - lastPurge < 60_000) return
  lastPurge = now.getTime()
  const before = new Date(now.getTime() - 2 * (SIGNATURE_MAX_AGE_MS + SIGNATURE_MAX_SKEW_MS))
  ctx.storage.uploads.purgeSpentUuids(before).catch((error: unknown) => ctx.logger.warn(`Purging spent upload uuids failed: ${String(error)}`))
}
