/** Fixtures the HTTP tests share: a question, a survey, a response, the API's error bodies. */
import type { ApiResult, Call } from './test-canvass'

/** What the fixtures need of a server or a test bed: a `call` and the keys and environments of a project. */
export interface Backend {
  call: Call
  /** Production key and environment (A) and development key and environment (B). */
  keyA: string
  keyB: string
  envA: string
  envB: string
}

export const question = (id = 'q1') => ({
  id,
  type: 'openText',
  headline: { default: 'How was it?' },
  required: true,
  inputType: 'text',
})

/**
 * A `fileUpload` question: what a respondent's upload must name (with its survey) on the client storage routes,
 * whose `maxSizeInMB` and `allowedFileExtensions` then apply.
 */
export const fileUploadQuestion = (id = 'file', overrides: Record<string, unknown> = {}) => ({
  id,
  type: 'fileUpload',
  headline: { default: 'A file?' },
  required: false,
  allowMultipleFiles: true,
  ...overrides,
})

/** Creates a survey in the key's environment and returns it. */
export async function createSurvey(
  b: Backend,
  overrides: Record<string, unknown> = {},
  side: 'A' | 'B' = 'A',
): Promise<Record<string, any>> {
  const key = side === 'A' ? b.keyA : b.keyB
  const environmentId = side === 'A' ? b.envA : b.envB
  const res = await b.call('POST', '/api/v1/management/surveys', {
    key,
    body: { environmentId, name: 'Feedback', questions: [question()], ...overrides },
  })
  if (res.status !== 200) throw new Error(`survey create failed: ${res.status} ${res.text}`)
  return res.body.data
}

/** Posts a client response and returns its id. */
export async function createResponse(
  b: Backend,
  surveyId: string,
  body: Record<string, unknown> = {},
  side: 'A' | 'B' = 'A',
): Promise<string> {
  const env = side === 'A' ? b.envA : b.envB
  const res = await b.call('POST', `/api/v1/client/${env}/responses`, {
    body: { surveyId, finished: false, data: { q1: 'hi' }, ...body },
  })
  if (res.status !== 200) throw new Error(`response create failed: ${res.status} ${res.text}`)
  return res.body.data.id
}

export const notFoundBody = (type: string, id: string) => ({
  code: 'not_found',
  message: `${type} not found`,
  details: { resource_id: id, resource_type: type },
})

export const UNAUTHORIZED = { code: 'unauthorized', message: 'You are not authorized to access this resource', details: {} }

export const NOT_AUTHENTICATED = {
  code: 'not_authenticated',
  message: 'Not authenticated',
  details: { 'x-Api-Key': 'Header not provided or API Key invalid' },
}

export const errorOf = (res: ApiResult) => ({ status: res.status, body: res.body })

/** The 400 answer, as `errorOf` gives it: `bad_request` with `message` and `details`. */
export const badRequest = (message: string, details: Record<string, unknown> = {}) => ({
  status: 400,
  body: { code: 'bad_request', message, details },
})
