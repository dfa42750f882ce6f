import type { Call } from '@canvass/test-bed'
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
