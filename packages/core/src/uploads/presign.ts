import type { CanvassContext } from '../context'
import { publicBaseUrl } from '../context'
import { CanvassError, badRequest, validationError } from '../errors'
import type { FileAccessType } from '../ports/storage'
import type { PresignInput } from '../schemas/upload'
import { extensionOf, normaliseFileName, storedFileName } from './file-name'
import { allowedFileType } from './file-type'
import { storedFileUrl } from './file-url'
import type { UploadSettings } from './upload-options'
import { signUpload } from './upload-signature'

export interface PresignResult {
  signedUrl: string
  signingData: { signature: string; timestamp: number; uuid: string }
  updatedFileName: string
  fileUrl: string
  /**
   * The same signature as form fields, for clients that POST to `signedUrl` as to an S3 presigned POST (the
   * reference's renderer): each field before the file part, no signing headers.
   */
  presignedFields: Record<string, string>
}

/**
 * Signs one upload (docs/design.md, "Uploads"): normalises the name, checks the type against the allow-list (and the
 * caller's own `allowedFileExtensions`), and names the stored file after a fresh uuid. The signature covers
 * the access type, so the upload can only store the file where `fileUrl` points.
 */
export function presignUpload(
  input: PresignInput,
  target: { environmentId: string; accessType: FileAccessType; uploadPath: string },
  settings: UploadSettings,
  request: Request,
  ctx: CanvassContext,
): PresignResult {
  const fileName = normaliseFileName(input.fileName)
  if (fileName === null) throw validationError({ fileName: 'Must be a file name without "/", "\\" or ".."' })
  const fileType = allowedFileType(fileName, input.fileType, settings.allowedTypes)
  if (fileType === null) throw badRequest('File type is not allowed')
  const extensions = input.allowedFileExtensions?.map((extension) => extension.replace(/^\./, '').toLowerCase())
  if (extensions && !extensions.includes(extensionOf(fileName))) throw badRequest('File extension is not allowed')
  const uuid = crypto.randomUUID()
  const updatedFileName = storedFileName(fileName, uuid)
  const timestamp = ctx.now().getTime()
  const signature = signUpload(
    {
      uuid,
      fileName: updatedFileName,
      environmentId: target.environmentId,
      fileType: input.fileType,
      timestamp: String(timestamp),
      accessType: target.accessType,
    },
    settings.secret,
  )
  const base = publicBaseUrl(request, ctx)
  return {
    signedUrl: `${base}${target.uploadPath}`,
    signingData: { signature, timestamp, uuid },
    presignedFields: {
      fileName: updatedFileName,
      fileType: input.fileType,
      environmentId: target.environmentId,
      uuid,
      timestamp: String(timestamp),
      signature,
      ...(input.surveyId ? { surveyId: input.surveyId } : {}),
      ...(input.elementId ? { elementId: input.elementId } : {}),
    },
    updatedFileName,
    fileUrl: storedFileUrl(base, target.environmentId, target.accessType, updatedFileName),
  }
}

export const environmentMismatch = (): CanvassError => new CanvassError('unauthorized', 'You are not authorized to access this resource')
