import type { ApiResult } from './server'
import { client, newKey, startServer } from './server'

export interface Backend {
  call: ReturnType<typeof client>
  /** Production key and environment (A) and development key and environment (B). */
  keyA: string
  keyB: string
  envA: string
  envB: string
  stop(): Promise<number | null>
  url: string
}

/** Starts one standalone server for a backend's suites, with a key for each environment. */
export async function startBackend(env: Record<string, string>): Promise<Backend> {
  const keyA = newKey()
  const keyB = newKey()
  const server = await startServer({ ...env, CANVASS_INIT_API_KEY: keyA, CANVASS_INIT_DEV_API_KEY: keyB })
  const call = client(server.url)
  const envA = (await call('GET', '/api/v1/me', { key: keyA })).body.id as string
  const envB = (await call('GET', '/api/v1/me', { key: keyB })).body.id as string
  return { call, keyA, keyB, envA, envB, stop: server.stop, url: server.url }
}

export const question = (id = 'q1') => ({
  id,
  type: 'openText',
  headline: { default: 'How was it?' },
  required: true,
  inputType: 'text',
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
