import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { generateApiKey } from './api-key'
import { startChildServer } from './child-server'
import type { ChildServer } from './child-server'
import type { Pinning } from './pinning'

/** The real standalone server, as users run it; the bench never imports Canvass code. */
export const STANDALONE_MAIN = fileURLToPath(new URL('../../packages/server/dist/main.js', import.meta.url))

export interface CanvassTarget {
  server: ChildServer
  /** The production environment that the generated key belongs to. */
  environmentId: string
  /** An `inProgress` survey in that environment, ready to take responses. */
  surveyId: string
  /** The management key of that environment. */
  apiKey: string
}

/**
 * Starts the standalone server on the bench database and sets up what the scenarios need through the
 * HTTP API, as an integrator would: the environment behind the key, then one open-text survey.
 */
export async function startCanvass(options: {
  databaseUrl: string
  dataDir: string
  env?: Record<string, string>
  pinning?: Pinning
}): Promise<CanvassTarget> {
  if (!existsSync(STANDALONE_MAIN)) {
    throw new Error(`${STANDALONE_MAIN} is missing: build the packages and the standalone example first (\`pnpm -r run build\`)`)
  }
  const apiKey = generateApiKey()
  const server = await startChildServer({
    name: 'Canvass',
    script: STANDALONE_MAIN,
    pinning: options.pinning,
    env: {
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      CANVASS_INIT_API_KEY: apiKey,
      // The load comes from one address at thousands of requests a second: limits would turn it into 429s.
      CANVASS_RATE_LIMITS: 'off',
      ...options.env,
    },
  })
  try {
    return { server, apiKey, ...(await createBenchSurvey(server.url, apiKey)) }
  } catch (error) {
    await server.stop()
    throw error
  }
}

/**
 * Creates, through the HTTP API, the bench's open-text `inProgress` survey in the environment of `apiKey`,
 * and names both.
 */
export async function createBenchSurvey(baseUrl: string, apiKey: string): Promise<{ environmentId: string; surveyId: string }> {
  const me = (await call(baseUrl, 'GET', '/api/v1/me', apiKey)) as { id?: unknown }
  if (typeof me.id !== 'string') throw new Error(`GET /api/v1/me gave no environment id: ${JSON.stringify(me)}`)
  const created = (await call(baseUrl, 'POST', '/api/v1/management/surveys', apiKey, {
    environmentId: me.id,
    name: 'Bench',
    status: 'inProgress',
    questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q?' }, required: false, inputType: 'text' }],
  })) as { data?: { id?: unknown } }
  const surveyId = created.data?.id
  if (typeof surveyId !== 'string') throw new Error(`survey creation gave no data.id: ${JSON.stringify(created)}`)
  return { environmentId: me.id, surveyId }
}

async function call(baseUrl: string, method: string, path: string, apiKey: string, body?: unknown): Promise<unknown> {
  const response = await fetch(baseUrl + path, {
    method,
    headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`Canvass setup: ${method} ${path} answered ${response.status}: ${text}`)
  return JSON.parse(text)
}
