import type { Call } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { client, newKey, startServer } from './server'

export { NOT_AUTHENTICATED, UNAUTHORIZED, createResponse, createSurvey, errorOf, notFoundBody, question } from '@canvass/test-bed'

/** A standalone server process with a key for each environment of its project. */
export interface ServerBackend {
  call: Call
  keyA: string
  keyB: string
  envA: string
  envB: string
  stop(): Promise<number | null>
  url: string
}

/** What the HTTP suites of this folder run on: a server process. */
export type Backend = ServerBackend

/** Starts one standalone server for a backend's suites, with a key for each environment. */
export async function startBackend(env: Record<string, string>): Promise<ServerBackend> {
  const keyA = newKey()
  const keyB = newKey()
  const server = await startServer({ ...env, CANVASS_INIT_API_KEY: keyA, CANVASS_INIT_DEV_API_KEY: keyB })
  const call = client(server.url)
  const envA = (await call('GET', '/api/v1/me', { key: keyA })).body.id as string
  const envB = (await call('GET', '/api/v1/me', { key: keyB })).body.id as string
  return { call, keyA, keyB, envA, envB, stop: server.stop, url: server.url }
}

/**
 * A survey of `questions` made through the management API of the server at `url` with `key`, in the key's
 * environment (read from `/api/v1/me`): the environment's and the survey's ids.
 */
export async function surveyThroughApi(
  url: string,
  key: string,
  name: string,
  questions: unknown[],
): Promise<{ environmentId: string; surveyId: string }> {
  const me = await fetch(`${url}/api/v1/me`, { headers: { 'x-api-key': key } })
  assert.is(me.status, 200)
  const environmentId = ((await me.json()) as { id: string }).id
  const survey = await fetch(`${url}/api/v1/management/surveys`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ environmentId, name, questions }),
  })
  assert.is(survey.status, 200, await survey.clone().text())
  return { environmentId, surveyId: ((await survey.json()) as { data: { id: string } }).data.id }
}
