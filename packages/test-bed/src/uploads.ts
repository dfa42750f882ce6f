/** A file sent the way a widget sends one: presigned by a storage route, then posted to the signed local URL. */
import type { ApiResult, Call } from './test-canvass'

/** The presign answer's `data`: where to post the file, what to sign it with, and the URL the file will have. */
export interface PresignedUpload {
  signedUrl: string
  updatedFileName: string
  fileUrl: string
  signingData: { signature: string; timestamp: number; uuid: string }
}

export interface UploadOptions {
  fileName: string
  /** The file's content (sent as text/plain). */
  text: string
  /** Presigns on the client route of this environment; without it, on the management route with `key`. */
  environmentId?: string
  /** Sent on both requests; required by the management route. */
  key?: string
  /** Named in the presign and, as `X-Survey-ID`, in the upload; the client route requires it. */
  surveyId?: string
  /** The survey's `fileUpload` question, named in the presign and, as `X-Element-ID`, in the upload; the client route requires it. */
  elementId?: string
  /** Lets the upload answer 5xx (a store that is down); the presign must still succeed. */
  allow5xx?: boolean
}

/**
 * Presigns and uploads one text file through `call`; throws when the presign is refused. Returns the presign's
 * data and the upload's answer, which the test checks (a refused upload is what some tests look for).
 */
export async function uploadFile(call: Call, options: UploadOptions): Promise<{ presigned: PresignedUpload; upload: ApiResult }> {
  const { fileName, text, environmentId, key, surveyId, elementId, allow5xx } = options
  const path = environmentId === undefined ? '/api/v1/management/storage' : `/api/v1/client/${environmentId}/storage`
  const presign = await call('POST', path, {
    ...(key === undefined ? {} : { key }),
    body: {
      fileName,
      fileType: 'text/plain',
      ...(surveyId === undefined ? {} : { surveyId }),
      ...(elementId === undefined ? {} : { elementId }),
    },
  })
  if (presign.status !== 200) throw new Error(`presign failed: ${presign.status} ${presign.text}`)
  const presigned = presign.body.data as PresignedUpload
  // Only the path matters: `call` sends it to its own server, whatever origin the signed URL names.
  const upload = await call('POST', new URL(presigned.signedUrl, 'http://upload.invalid').pathname, {
    ...(key === undefined ? {} : { key }),
    ...(allow5xx ? { allow5xx } : {}),
    headers: {
      ...signedUploadHeaders(presigned, 'text/plain'),
      ...(surveyId === undefined ? {} : { 'X-Survey-ID': surveyId }),
      ...(elementId === undefined ? {} : { 'X-Element-ID': elementId }),
    },
    body: { fileBase64String: Buffer.from(text).toString('base64') },
  })
  return { presigned, upload }
}

/** The headers that prove a presign's grant at the upload (`fileType` as signed), without the survey's names. */
export function signedUploadHeaders(presigned: Pick<PresignedUpload, 'updatedFileName' | 'signingData'>, fileType: string) {
  return {
    'X-File-Type': fileType,
    'X-File-Name': encodeURIComponent(presigned.updatedFileName),
    'X-Signature': presigned.signingData.signature,
    'X-Timestamp': String(presigned.signingData.timestamp),
    'X-UUID': presigned.signingData.uuid,
  }
}
