/**
 * Every request the widget sends, one function per client route of the server (`/api/v1/client/…`), so that
 * a route change touches this file only. Requests go to `appUrl` and nowhere else. Failures come back as
 * `{ ok: false }` values rather than exceptions: a survey widget must never break the host page. What each
 * route answers is typed from the OpenAPI document (through `@canvass/api-client`'s types, which cost the
 * bundle nothing); the calls themselves are plain fetches, for the reasons docs/architecture.md gives.
 */
import type { AnswerData, Schema } from '@canvass/api-client'

export type ApiResult<T> =
  | { ok: true; data: T; status: number; etag?: string | null }
  | { ok: false; status: number; code?: string; message: string; retryAfter?: number }

export interface Endpoint {
  appUrl: string
  environmentId: string
}

const clientPath = (endpoint: Endpoint, rest: string, version = 'v1') =>
  `${endpoint.appUrl}/api/${version}/client/${encodeURIComponent(endpoint.environmentId)}${rest}`

/** A contact named by its id (the reference's renderer props) goes to the v2 route, which takes `contactId`. */
const versionFor = (input: { userId?: string; contactId?: string }) => (input.contactId && !input.userId ? 'v2' : 'v1')

async function call<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResult<T>> {
  let response: Response
  try {
    const form = body instanceof FormData
    response = await fetch(url, {
      method,
      // A FormData body sets its own multipart content type with the boundary.
      headers: body === undefined || form ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      // Client routes need no cookies; the server answers `Access-Control-Allow-Origin: *`.
      credentials: 'omit',
      keepalive: method !== 'GET',
    })
  } catch (error) {
    return { ok: false, status: 0, message: error instanceof Error ? error.message : 'Network error' }
  }
  if (response.status === 304) return { ok: true, data: undefined as T, status: 304, etag: response.headers.get('etag') }
  const json = (await response.json().catch(() => null)) as { data?: T; code?: string; message?: string; error?: string } | null
  if (!response.ok) {
    const failure = {
      ok: false as const,
      status: response.status,
      code: json?.code,
      message: json?.message ?? json?.error ?? response.statusText,
    }
    // `Retry-After` in seconds (a date form is not worth its bytes here: Canvass sends seconds).
    const retryAfter = Number(response.headers.get('retry-after'))
    return retryAfter > 0 ? { ...failure, retryAfter } : failure
  }
  return { ok: true, data: json?.data as T, status: response.status, etag: response.headers.get('etag') }
}

/** `GET …/environment`: the surveys, action classes and project a widget needs; `etag` makes it a 304 when unchanged. */
export function getEnvironmentState<T>(endpoint: Endpoint, etag?: string): Promise<ApiResult<T>> {
  return call<T>('GET', clientPath(endpoint, '/environment'), undefined, etag ? { 'if-none-match': etag } : {})
}

/** `POST …/user`: identifies a contact by `userId` (created when unknown) and sets attributes. */
export function updateUser<T>(endpoint: Endpoint, userId: string, attributes?: Record<string, string>): Promise<ApiResult<T>> {
  return call<T>('POST', clientPath(endpoint, '/user'), { userId, ...(attributes ? { attributes } : {}) })
}

/** The `Idempotency-Key` header of a create or an update, when it has one: a retry with the same key is answered once. */
const keyed = (key?: string): Record<string, string> => (key ? { 'idempotency-key': key } : {})

/** `POST …/displays`: a survey was shown. */
export function createDisplay(
  endpoint: Endpoint,
  input: { surveyId: string; userId?: string; contactId?: string },
  key?: string,
): Promise<ApiResult<AnswerData<'/api/v1/client/{environmentId}/displays', 'post'>>> {
  return call('POST', clientPath(endpoint, '/displays', versionFor(input)), input, keyed(key))
}

export interface ResponseInput {
  surveyId: string
  finished: boolean
  data: Record<string, unknown>
  ttc?: Record<string, number>
  variables?: Record<string, string | number>
  userId?: string
  /** The contact's id, when the caller knows it instead of its `userId` (sent to the v2 route). */
  contactId?: string
  displayId?: string
  singleUseId?: string
  endingId?: string
  language?: string
  meta?: { url?: string; source?: string; action?: string }
  /** The proof of a survey's PIN (its link page's), required by a survey with a PIN. */
  pinAuthToken?: string
}

/** What a response write answers: its id and, only when it met a full quota, `quotaFull` and that quota. */
type ResponseAnswer = AnswerData<'/api/v1/client/{environmentId}/responses', 'post'>

/**
 * What a response write answers about quotas: `quotaFull` and the full quota the response met, only when it met
 * one (with `endSurvey`, the server has finished the response at `endingCardId`).
 */
export type QuotaAnswer = Omit<ResponseAnswer, 'id'>

/** `POST …/responses`: the first answer of a response. */
export function createResponse(endpoint: Endpoint, input: ResponseInput, key?: string): Promise<ApiResult<ResponseAnswer>> {
  return call('POST', clientPath(endpoint, '/responses', versionFor(input)), input, keyed(key))
}

/**
 * `PUT …/responses/{id}`: later answers, merged into the stored ones; `finished` true with the last. With `key`,
 * a retry of an update the server applied (its answer lost) gets that answer again, not a refusal of a finished
 * response.
 */
export function updateResponse(
  endpoint: Endpoint,
  responseId: string,
  input: Pick<ResponseInput, 'finished' | 'data' | 'ttc' | 'variables' | 'endingId' | 'language' | 'pinAuthToken'>,
  key?: string,
): Promise<ApiResult<AnswerData<'/api/v1/client/{environmentId}/responses/{responseId}', 'put'> | undefined>> {
  return call('PUT', clientPath(endpoint, `/responses/${encodeURIComponent(responseId)}`), input, keyed(key))
}

/** `POST …/storage`'s answer: where and how to send the file. */
export type SignedUpload = Schema<'Presign'>

/**
 * `POST …/storage`, then the signed upload: a respondent's file for the `fileUpload` question `elementId` of
 * `surveyId`. Both requests name the two: the server applies that question's limits.
 */
export async function uploadFile(
  endpoint: Endpoint,
  input: { file: Blob; fileName: string; fileType: string; surveyId: string; elementId: string; allowedFileExtensions?: string[] },
): Promise<ApiResult<{ fileUrl: string }>> {
  const signed = await call<SignedUpload>('POST', clientPath(endpoint, '/storage'), {
    fileName: input.fileName,
    fileType: input.fileType,
    surveyId: input.surveyId,
    elementId: input.elementId,
    ...(input.allowedFileExtensions ? { allowedFileExtensions: input.allowedFileExtensions } : {}),
  })
  if (!signed.ok) return signed
  const { signedUrl, signingData, updatedFileName, fileUrl } = signed.data
  const form = new FormData()
  form.append('file', input.file, updatedFileName)
  // The signed URL is the server's own (appUrl); anything else is refused rather than sent a file.
  const target = new URL(signedUrl, endpoint.appUrl)
  if (target.origin !== new URL(endpoint.appUrl).origin) return { ok: false, status: 0, message: 'Upload URL is not on the server' }
  const uploaded = await call<unknown>('POST', target.href, form, {
    'x-file-type': input.fileType,
    'x-file-name': encodeURIComponent(updatedFileName),
    'x-environment-id': endpoint.environmentId,
    'x-signature': signingData.signature,
    'x-uuid': signingData.uuid,
    'x-timestamp': String(signingData.timestamp),
    // The survey and question the file answers: their limits apply, and only the survey's responses may take
    // the file with them when deleted.
    'x-survey-id': input.surveyId,
    'x-element-id': input.elementId,
  })
  return uploaded.ok ? { ok: true, status: uploaded.status, data: { fileUrl } } : uploaded
}
