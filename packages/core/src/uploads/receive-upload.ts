import type { CanvassContext } from '../context'
import { CanvassError } from '../errors'
import { errorResponse } from '../http/boundary'
import { json } from '../http/respond'
import { BlobKeyError, BlobTooLargeError } from '../ports/blob-checks'
import { base64BodyLimit, base64File } from './base64-file'
import { isStoredFileName } from './file-name'
import { allowedFileType } from './file-type'
import { multipartFile } from './multipart-file'
import type { MultipartUpload } from './multipart-file'
import { UploadError, badUploadBody, fileTooLarge, uploadNotAuthenticated, uploadRefusal } from './upload-error'
import { uploadElement } from './upload-element'
import type { UploadSettings } from './upload-options'
import { SIGNATURE_MAX_AGE_MS, SIGNATURE_MAX_SKEW_MS, verifyUpload } from './upload-signature'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export interface UploadTarget {
  /** The environment the upload is for: the key's (management) or the path's (client). */
  environmentId: string
  accessType: 'public' | 'private'
  /**
   * A respondent's file for a response (the client route), as opposed to a manager's: it must name a survey of
   * the environment and one of its `fileUpload` elements (`X-Survey-ID` and `X-Element-ID`, or the fields
   * `surveyId` and `elementId`), whose limits apply (`uploadElement`).
   */
  forResponse: boolean
  /** Extra headers on every answer (CORS on the client route). */
  headers?: Record<string, string>
}

/**
 * POST `…/storage/local` after the route has settled the environment: checks the signed headers, spends
 * the uuid, streams the file (multipart part `file` or JSON `fileBase64String`) into the blob store under
 * `{environmentId}/{accessType}/{fileName}` and records it. Every answer but success and 503 (`service_unavailable`, in the API's error shape) is `uploadRefusal`'s.
 */
export async function receiveUpload(
  request: Request,
  target: UploadTarget,
  settings: UploadSettings,
  ctx: CanvassContext,
): Promise<Response> {
  try {
    await storeUpload(request, target, settings, ctx)
    return json({ data: { message: 'File uploaded successfully' } }, { headers: { ...target.headers } })
  } catch (error) {
    return uploadErrorResponse(error, ctx, target.headers)
  }
}

async function storeUpload(request: Request, target: UploadTarget, settings: UploadSettings, ctx: CanvassContext): Promise<void> {
  const multipart = (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/')
  // Signed by headers (Canvass's and the reference's older clients), or, in a multipart body sent without
  // them, by the presign's `presignedFields` as fields before the file (the reference's renderer, as to S3).
  const byFields = multipart && !request.headers.has('x-file-type') && !request.headers.has('x-signature')
  let grant = byFields ? undefined : signedGrant(request, undefined)
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  const bodyLimit = multipart ? settings.maxBytes + 1024 * 1024 : base64BodyLimit(settings.maxBytes)
  if (Number.isFinite(declared) && declared > bodyLimit) throw fileTooLarge()

  let upload: MultipartUpload | undefined = byFields ? await multipartFile(request, settings.maxBytes) : undefined
  try {
    grant ??= signedGrant(request, upload?.fields)
    const checked = await checkGrant(grant, target, settings, ctx)
    const body =
      upload?.file ?? (multipart ? (await multipartFile(request, settings.maxBytes)).file : await base64File(request, settings.maxBytes))
    upload = undefined
    await storeFile(body, { ...checked, fileName: grant.fileName }, target, settings, ctx)
  } finally {
    // A refused upload's body is not read further.
    await upload?.file.cancel().catch(() => {})
  }
}

interface Grant {
  fileType: string
  fileName: string
  environmentId: string
  uuid: string
  timestamp: string
  signature: string
  surveyId: string
  elementId: string
}

/** The signed values of an upload: its headers, or the fields named as in `presignedFields`. */
function signedGrant(request: Request, fields: Record<string, string> | undefined): Grant {
  const read = fields
    ? (_header: string, field: string) => fields[field]?.trim() ?? ''
    : (header: string) => request.headers.get(header)?.trim() ?? ''
  const fileType = read('x-file-type', 'fileType')
  if (!fileType) throw badUploadBody('fileType is required')
  const encodedName = read('x-file-name', 'fileName')
  if (!encodedName) throw badUploadBody('fileName is required')
  let fileName = encodedName
  // Headers carry the name URI-encoded (they are ASCII); a form field carries it as it is.
  if (!fields) {
    try {
      fileName = decodeURIComponent(encodedName)
    } catch {
      throw badUploadBody('fileName is not a URI-encoded name')
    }
  }
  return {
    fileType,
    fileName,
    environmentId: read('x-environment-id', 'environmentId'),
    uuid: read('x-uuid', 'uuid'),
    timestamp: read('x-timestamp', 'timestamp'),
    signature: read('x-signature', 'signature'),
    surveyId: read('x-survey-id', 'surveyId'),
    elementId: read('x-element-id', 'elementId'),
  }
}

/**
 * Checks the signature, the stored name and type and, for a respondent's file, the survey and element it
 * answers, and spends the uuid: the file's type, the time, its survey and its size limit.
 */
async function checkGrant(grant: Grant, target: UploadTarget, settings: UploadSettings, ctx: CanvassContext): Promise<CheckedUpload> {
  const { environmentId } = target
  if (grant.environmentId && grant.environmentId !== environmentId) throw uploadNotAuthenticated()
  const { uuid, fileName, fileType } = grant
  // The access type the route settled must be the one signed: a changed or dropped `?accessType` is a bad signature.
  const signed = { uuid, fileName, environmentId, fileType, timestamp: grant.timestamp, accessType: target.accessType }
  // Only uuids a presign could have made: the signed text joins its parts with `:`, which a uuid never holds.
  if (!UUID.test(uuid) || !verifyUpload(signed, grant.signature, settings.secret, ctx.now().getTime())) {
    throw uploadNotAuthenticated()
  }
  // The signature vouches for name and type; checking them again keeps a leaked secret from writing odd keys.
  if (!isStoredFileName(fileName, uuid)) throw badUploadBody('Invalid file name')
  const contentType = allowedFileType(fileName, fileType, settings.allowedTypes)
  if (contentType === null) throw badUploadBody('File type is not allowed')
  // Before the uuid is spent: a refused upload may be sent again, named right, with the same grant.
  const answers = target.forResponse
    ? await answeredElement(ctx, environmentId, grant, settings)
    : { surveyId: await uploadSurvey(ctx, environmentId, grant.surveyId), maxBytes: settings.maxBytes }
  const now = ctx.now()
  if (!(await ctx.storage.uploads.spendUuid({ uuid, environmentId, spentAt: now }))) throw uploadNotAuthenticated()
  purgeNowAndThen(ctx, settings, now)
  return { contentType, now, ...answers }
}

/** What `checkGrant` settled of an upload. */
interface CheckedUpload {
  contentType: string
  now: Date
  /** The environment's survey the file belongs to, if any: only its responses may take the file with them. */
  surveyId: string | null
  maxBytes: number
}

/**
 * The survey and `fileUpload` element a respondent's file answers, with the element's size limit: both must be
 * named (the presign's `presignedFields` carry them), the survey the environment's, the element one of its
 * file-upload elements that allows the file's extension. Any of them not so is a 400 (a 404 for an unknown
 * survey), as on the presign.
 */
async function answeredElement(
  ctx: CanvassContext,
  environmentId: string,
  grant: Grant,
  settings: UploadSettings,
): Promise<{ surveyId: string; maxBytes: number }> {
  if (!grant.surveyId) throw badUploadBody('surveyId is required')
  if (!grant.elementId) throw badUploadBody('elementId is required')
  const survey = storableId(grant.surveyId) ? await ctx.storage.surveys.get(grant.surveyId) : null
  if (!survey) throw new UploadError(404, 'Survey not found')
  if (survey.environmentId !== environmentId) throw badUploadBody('Survey is part of another environment')
  const element = uploadElement(survey, grant.elementId, grant.fileName, settings.maxBytes)
  if ('refusal' in element) throw badUploadBody(element.refusal)
  return { surveyId: survey.id, maxBytes: element.maxBytes }
}

/** Streams the file into the blob store (up to its limit) and records it. */
async function storeFile(
  body: ReadableStream<Uint8Array>,
  file: CheckedUpload & { fileName: string },
  target: UploadTarget,
  settings: UploadSettings,
  ctx: CanvassContext,
): Promise<void> {
  const { environmentId } = target
  const { fileName, contentType } = file
  const key = `${environmentId}/${target.accessType}/${fileName}`
  let size: number
  try {
    ;({ size } = await settings.blobStore.put(key, body, { contentType, maxBytes: file.maxBytes }))
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw fileTooLarge()
    if (error instanceof BlobKeyError) throw badUploadBody('Invalid file name')
    throw error
  }
  try {
    await ctx.storage.uploads.recordFile({
      id: ctx.newId(),
      environmentId,
      surveyId: file.surveyId,
      forResponse: target.forResponse,
      accessType: target.accessType,
      fileName,
      contentType,
      size,
      createdAt: file.now,
    })
  } catch (error) {
    // An upload that failed must not leave a file behind that nothing records.
    await settings.blobStore.delete(key).catch(() => {})
    throw error
  }
}

/** The survey an upload names, when it is one of the environment's; uploads outside surveys have none. */
async function uploadSurvey(ctx: CanvassContext, environmentId: string, surveyId: string): Promise<string | null> {
  if (!storableId(surveyId)) return null
  const survey = await ctx.storage.surveys.get(surveyId)
  return survey?.environmentId === environmentId ? survey.id : null
}

/** Whether an id read from a header or field can name a row (the input rule does not see headers). */
const storableId = (id: string): boolean => id !== '' && id.length <= 255 && !id.includes('\0')

function uploadErrorResponse(error: unknown, ctx: CanvassContext, headers: Record<string, string> | undefined): Response {
  let status = 500
  let message = 'File upload failed'
  if (error instanceof UploadError) {
    status = error.status
    message = error.message
  } else if (error instanceof CanvassError && error.status === 503) {
    // The database or the blob store cannot be reached: the client may try again, told so in the API's error
    // shape with Retry-After, as every route says it (docs/webhooks-and-uploads.md). One line without a stack,
    // for the operator: the cause that says where (ECONNREFUSED, a host name).
    ctx.logger.warn(`An upload was answered 503, to be tried again: ${deepestCause(error)}`)
    return errorResponse(error, ctx.logger, headers)
  } else {
    ctx.logger.error('Upload failed', error)
  }
  return uploadRefusal(status, message, headers)
}

/** The innermost cause's message and code (`connect ECONNREFUSED 127.0.0.1:9000 (ECONNREFUSED)`), to a depth of 5. */
function deepestCause(error: unknown): string {
  let current = error
  for (let depth = 0; depth < 5; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause
    if (cause === undefined || cause === null) break
    current = cause
  }
  const message = current instanceof Error ? current.message : String(current)
  const code = (current as { code?: unknown } | null)?.code
  return typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message
}

/**
 * Spent uuids are only needed while their signature could still be valid; once a minute an upload drops
 * those older than that (with a margin), in the background.
 */
function purgeNowAndThen(ctx: CanvassContext, settings: UploadSettings, now: Date): void {
  if (now.getTime() - settings.spentUuids.lastPurgeMs < 60_000) return
  settings.spentUuids.lastPurgeMs = now.getTime()
  const before = new Date(now.getTime() - 2 * (SIGNATURE_MAX_AGE_MS + SIGNATURE_MAX_SKEW_MS))
  ctx.storage.uploads
    .purgeSpentUuids(before)
    .catch((error: unknown) => ctx.logger.warn(`Purging spent upload uuids failed: ${String(error)}`))
}
