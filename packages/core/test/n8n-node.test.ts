/**
 * The published Formbricks node for n8n (`@formbricks/n8n-nodes-formbricks`) against Canvass served over
 * loopback: its credential test, its survey picker (which lists surveys at the reference's short path
 * `/api/v1/surveys`, answered with a 308 to `/api/v1/management/surveys`) and its webhook create, check and
 * delete. n8n itself is a stand-in: a context object with what the node calls (credentials, parameters,
 * static data) and an `httpRequestWithAuthentication` that adds the credential's headers and sends a real
 * request, following redirects as n8n's request helper does. The node needs `n8n-workflow` only for its two
 * error classes, which the stand-in provides.
 */
import Module, { createRequire } from 'node:module'
import { suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

type Json = Record<string, any>

/** What n8n passes to `httpRequestWithAuthentication` (the subset the node uses). */
interface RequestOptions {
  baseURL?: string
  url: string
  method?: string
  body?: unknown
  qs?: Record<string, string>
  headers?: Record<string, string>
}

class NodeApiError extends Error {
  constructor(
    _node: unknown,
    readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause))
  }
}
class NodeOperationError extends Error {
  constructor(_node: unknown, message: string) {
    super(message)
  }
}

/** The node and credential classes, with `n8n-workflow` answered by the stand-in's error classes. */
function loadN8nNode(): { Formbricks: new () => Json; FormbricksApi: new () => Json } {
  const require = createRequire(import.meta.url)
  const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown }
  const load = loader._load
  loader._load = function (request: string, ...rest: unknown[]) {
    if (request === 'n8n-workflow') return { NodeApiError, NodeOperationError }
    return load.call(this, request, ...rest)
  }
  try {
    const dist = '@formbricks/n8n-nodes-formbricks/dist'
    return {
      Formbricks: require(`${dist}/nodes/Formbricks/Formbricks.node.js`).Formbricks,
      FormbricksApi: require(`${dist}/credentials/FormbricksApi.credentials.js`).FormbricksApi,
    }
  } finally {
    loader._load = load
  }
}

/** n8n's `={{$credentials.name}}` expressions, the only kind the credential uses. */
function resolve(value: string, credentials: Json): string {
  return value.replace(/^=/, '').replace(/\{\{\s*\$credentials\.(\w+)\s*\}\}/g, (_, name: string) => String(credentials[name]))
}

/** Every request the stand-in sent: method, the URL asked for, the URL answered, and the final status. */
interface Sent {
  method: string
  url: string
  finalUrl: string
  redirected: boolean
  status: number
}

/**
 * A real request, as n8n's `httpRequest` makes it: JSON body, `qs` as the query, redirects followed (keeping
 * the headers on the same origin), the parsed JSON answer returned, and a status of 400 or more thrown.
 */
async function httpRequest(options: RequestOptions, sent: Sent[]): Promise<unknown> {
  const url = new URL(`${options.baseURL ?? ''}${options.url}`)
  for (const [name, value] of Object.entries(options.qs ?? {})) url.searchParams.set(name, value)
  const method = options.method ?? 'GET'
  // A GET carries no body (the node passes `{}`), as axios leaves an empty one out.
  const hasBody = method !== 'GET' && method !== 'DELETE' && options.body !== undefined
  const response = await fetch(url, {
    method,
    redirect: 'follow',
    headers: { accept: 'application/json', ...(hasBody ? { 'content-type': 'application/json' } : {}), ...options.headers },
    ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
  })
  sent.push({ method, url: url.href, finalUrl: response.url, redirected: response.redirected, status: response.status })
  const text = await response.text()
  if (response.status >= 400) throw Object.assign(new Error(`Request failed with status code ${response.status}`), { body: text })
  return text ? JSON.parse(text) : {}
}

/** The stand-in n8n context of one node: its credentials, parameters, static data and request helpers. */
function n8nContext(credentials: Json, credentialType: Json, parameters: Json, sent: Sent[]) {
  const staticData: Json = {}
  return {
    staticData,
    getCredentials: async (name: string) => {
      assert.is(name, credentialType.name)
      return credentials
    },
    getNode: () => ({ name: 'Formbricks', type: 'formbricks', typeVersion: 1 }),
    getNodeParameter: (name: string) => parameters[name],
    getWorkflowStaticData: (kind: string) => {
      assert.is(kind, 'node')
      return staticData
    },
    getNodeWebhookUrl: (name: string) => parameters.webhookUrls[name],
    helpers: {
      async httpRequestWithAuthentication(name: string, options: RequestOptions) {
        assert.is(name, credentialType.name)
        const headers: Record<string, string> = {}
        for (const [header, value] of Object.entries(credentialType.authenticate.properties.headers as Record<string, string>))
          headers[header] = resolve(value, credentials)
        return httpRequest({ ...options, headers: { ...options.headers, ...headers } }, sent)
      },
    },
  }
}

const { test, bed } = suiteWithBed('the Formbricks node for n8n')
let x: TestCanvass & { url: string }

test.before(async () => {
  x = Object.assign(bed(), { url: await bed().listen() })
})

async function newSurvey(name: string): Promise<string> {
  const created = await x.call('POST', '/api/v1/management/surveys', {
    key: x.keyA,
    body: { environmentId: x.envA, name, questions: [{ id: 'q', type: 'openText', headline: { default: 'Why?' }, required: false }] },
  })
  assert.is(created.status, 200, created.text)
  return created.body.data.id as string
}

test('its credential test, survey picker and webhook create, check and delete work against Canvass', async () => {
  const { Formbricks, FormbricksApi } = loadN8nNode()
  const node = new Formbricks()
  const credentialType = new FormbricksApi()
  const credentials = { host: x.url, apiKey: x.keyA }
  const sent: Sent[] = []

  // The credential's own test request, as n8n makes it when the credential is saved.
  const check = credentialType.test.request as { baseURL: string; url: string }
  const me = (await httpRequest(
    {
      baseURL: resolve(check.baseURL, credentials),
      url: resolve(check.url, credentials),
      headers: { 'x-Api-Key': credentials.apiKey },
    },
    sent,
  )) as Json
  assert.is(me.id, x.envA, "the credential test reaches the key's environment")

  const first = await newSurvey('First survey')
  const second = await newSurvey('Second survey')
  const surveyIds = [second]
  const context = n8nContext(
    credentials,
    credentialType,
    {
      surveyIds,
      events: ['responseCreated', 'responseFinished'],
      // Where n8n would be called: the webhook is stored, never sent to (the bed's dispatcher does not run).
      webhookUrls: { default: 'https://n8n.example.com/webhook/0b2c3d4e/webhook' },
    },
    sent,
  )

  // The survey picker: `/api/v1/surveys`, redirected to the management list, with the API key kept.
  const options = (await node.methods.loadOptions.getSurveys.call(context)) as Array<{ name: string; value: string }>
  assert.equal(options.map((option) => option.value).sort(), [first, second].sort())
  assert.ok(options.some((option) => option.name === 'First survey' && option.value === first))
  const listed = sent.find((request) => request.url === `${x.url}/api/v1/surveys`)
  assert.ok(listed, 'the node asks the short path')
  assert.ok(listed.redirected, 'answered by a redirect')
  assert.is(listed.finalUrl, `${x.url}/api/v1/management/surveys`)

  // Activation: n8n checks for the webhook, creates it, and finds it on the next check.
  const webhooks = node.webhookMethods.default
  assert.is(await webhooks.checkExists.call(context), false, 'no webhook before activation')
  assert.is(await webhooks.create.call(context), true, 'created')
  const webhookId = context.staticData.webhookId as string
  assert.type(webhookId, 'string')
  const stored = await x.call('GET', `/api/v1/webhooks/${webhookId}`, { key: x.keyA })
  assert.is(stored.status, 200, stored.text)
  assert.is(stored.body.data.source, 'n8n')
  assert.is(stored.body.data.url, 'https://n8n.example.com/webhook/0b2c3d4e/webhook')
  assert.equal(stored.body.data.surveyIds, surveyIds)
  assert.equal([...stored.body.data.triggers].sort(), ['responseCreated', 'responseFinished'])
  assert.is(await webhooks.checkExists.call(context), true, 'found once created')

  // Deactivation deletes it (the node answers false whatever happens, and forgets the id once deleted).
  await webhooks.delete.call(context)
  assert.is(context.staticData.webhookId, undefined, 'the node saw the delete succeed')
  assert.is((await x.call('GET', `/api/v1/webhooks/${webhookId}`, { key: x.keyA })).status, 404, 'gone')
  assert.is(await webhooks.checkExists.call(context), false)
  assert.ok(
    sent.every((request) => request.url.startsWith(`${x.url}/`)),
    'every request went to the test server',
  )
})

test('the short paths answer 308 to the management routes for every method, the query kept', async () => {
  for (const [short, full] of [
    ['/api/v1/surveys', '/api/v1/management/surveys'],
    ['/api/v1/responses', '/api/v1/management/responses'],
  ] as const) {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE']) {
      const res = await fetch(`${x.url}${short}?limit=2&skip=1`, { method, redirect: 'manual' })
      assert.is(res.status, 308, `${method} ${short}`)
      assert.is(res.headers.get('location'), `${full}?limit=2&skip=1`, `${method} ${short}`)
    }
    const bare = await fetch(`${x.url}${short}`, { redirect: 'manual' })
    assert.is(bare.headers.get('location'), full)
    // Followed, the key goes along on the same origin and the route redirected to answers.
    const followed = await fetch(`${x.url}${short}?limit=1`, { headers: { 'x-api-key': x.keyA } })
    assert.is(followed.status, 200)
    assert.ok(followed.redirected)
    const anonymous = await fetch(`${x.url}${short}`)
    assert.is(anonymous.status, 401, 'the route redirected to asks for the key')
  }
  // Only the exact paths: deeper ones are not the reference's short paths.
  assert.is((await fetch(`${x.url}/api/v1/surveys/x`, { redirect: 'manual', headers: { 'x-api-key': x.keyA } })).status, 404)
})

test('under a base path the redirect stays under it', async () => {
  const { createCanvass } = await import('../src/index')
  const canvass = createCanvass({ storage: x.storage, basePath: '/feedback' })
  const res = await canvass.fetch(new Request('http://h/feedback/api/v1/responses?surveyId=s'))
  assert.is(res.status, 308)
  assert.is(res.headers.get('location'), '/feedback/api/v1/management/responses?surveyId=s')
  assert.is((await canvass.fetch(new Request('http://h/api/v1/responses'))).status, 404, 'outside the base path: no route')
})

test.run()
