import { suite } from 'uvu'
import type { Test } from 'uvu'
import * as assert from 'uvu/assert'

/** A running Canvass, however it is hosted: where it answers, and a key of one of its environments. */
export interface HttpApiTarget {
  /**
   * Absolute URL Canvass answers under, without a trailing slash: `http://127.0.0.1:3000` for a server of
   * its own, `http://127.0.0.1:3000/feedback` for one mounted under `/feedback`.
   */
  baseUrl: string
  /** An API key of an environment the suite may fill with surveys and responses. */
  apiKey: string
}

export interface TestHttpApiOptions {
  /** Names the suite in the report, e.g. `deno host` or `express, under /feedback`. */
  name: string
  /** Starts Canvass (or returns one already running). Called once, before the first test. */
  start: () => Promise<HttpApiTarget>
  /** Stops what `start` started. Called after the last test, also on failure. */
  stop?: () => Promise<void>
}

/**
 * A representative part of the HTTP API over real HTTP, for every way of hosting Canvass: a server of its
 * own on Node or Deno, or mounted in a framework under a prefix. Auth, surveys with pagination `Link`s,
 * client responses with CORS, errors. Every request goes to `baseUrl`; no answer may be a 5xx.
 *
 * ```ts
 * testHttpApi({ name: 'my host', start: async () => ({ baseUrl: server.url, apiKey }), stop: () => server.close() })
 * ```
 */
export function testHttpApi({ name, start, stop }: TestHttpApiOptions): void {
  const api = suiteClient()
  const test = suite(name)
  test.before(async () => {
    api.target = await start()
    const me = await api.call('GET', '/api/v1/me', { key: true })
    if (me.status !== 200) throw new Error(`GET /api/v1/me with the suite's key answered ${me.status}: ${me.text}`)
    api.environmentId = me.body.id
  })
  test.after(async () => {
    await stop?.()
  })
  managementTests(test, api)
  clientAndErrorTests(test, api)
  test.run()
}

/** What the suite's tests share: the target once started, its environment, and a request that fails on a 5xx. */
interface SuiteClient {
  target: HttpApiTarget | undefined
  environmentId: string
  call(
    method: string,
    path: string,
    options?: { key?: boolean | string; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; body: any; text: string }>
  /** A survey in progress with one question: its id. */
  createSurvey(name: string): Promise<string>
}

function suiteClient(): SuiteClient {
  const api: SuiteClient = {
    target: undefined,
    environmentId: '',
    async call(method, path, options = {}) {
      const { target } = api
      if (!target) throw new Error('testHttpApi: start() did not finish')
      const headers: Record<string, string> = { ...options.headers }
      if (options.key) headers['x-api-key'] = options.key === true ? target.apiKey : options.key
      let body = options.rawBody
      if (options.body !== undefined) body = JSON.stringify(options.body)
      if (body !== undefined) headers['content-type'] ??= 'application/json'
      const response = await fetch(target.baseUrl + path, { method, headers, body })
      const text = await response.text()
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch {}
      if (response.status >= 500) throw new Error(`${method} ${path} answered ${response.status}: ${text}`)
      return { status: response.status, headers: response.headers, body: parsed, text }
    },
    async createSurvey(name) {
      const res = await api.call('POST', '/api/v1/management/surveys', {
        key: true,
        body: { environmentId: api.environmentId, name, status: 'inProgress', questions: [QUESTION] },
      })
      assert.is(res.status, 200, res.text)
      return res.body.data.id
    },
  }
  return api
}

/** Auth, and the surveys' management routes with their pagination. */
function managementTests(test: Test, api: SuiteClient): void {
  test("auth: /me names the key's environment; a missing or unknown key is 401", async () => {
    const me = await api.call('GET', '/api/v1/me', { key: true })
    assert.is(me.status, 200)
    assert.type(me.body.id, 'string')
    assert.ok(['production', 'development'].includes(me.body.type), me.text)
    for (const key of [undefined, `cvs_${'a'.repeat(43)}`]) {
      const res = await api.call('GET', '/api/v1/me', key ? { key } : {})
      assert.is(res.status, 401)
      assert.is(res.text, 'Not authenticated')
    }
    const management = await api.call('GET', '/api/v1/management/surveys', { key: `cvs_${'Z'.repeat(43)}` })
    assert.is(management.status, 401)
    assert.is(management.body.code, 'not_authenticated')
  })

  test('surveys: create, read, update, list with a next Link under the base URL, delete', async () => {
    const first = await api.createSurvey('first')
    const second = await api.createSurvey('second')
    const got = await api.call('GET', `/api/v1/management/surveys/${first}`, { key: true })
    assert.is(got.status, 200)
    assert.is(got.body.data.name, 'first')
    assert.is(got.body.data.environmentId, api.environmentId)
    const put = await api.call('PUT', `/api/v1/management/surveys/${first}`, { key: true, body: { name: 'renamed' } })
    assert.is(put.status, 200)
    assert.is(put.body.data.name, 'renamed')

    const page = await api.call('GET', '/api/v1/management/surveys?limit=1', { key: true })
    assert.is(page.status, 200)
    assert.equal(
      page.body.data.map((s: { id: string }) => s.id),
      [second],
    )
    const link = /^<([^>]+)>; rel="next"$/.exec(page.headers.get('link') ?? '')?.[1]
    assert.ok(link, `a next link, got ${page.headers.get('link')}`)
    // Without a configured public URL or trusted host the link is relative (a forged Host cannot redirect
    // clients): resolved against the page's own URL, it must stay under the base URL.
    const next = new URL(link, `${api.target?.baseUrl}/api/v1/management/surveys?limit=1`).href
    assert.ok(next.startsWith(`${api.target?.baseUrl}/api/v1/management/surveys?`), `the link is under the base URL: ${next}`)
    const following = await api.call('GET', next.slice(api.target?.baseUrl.length), { key: true })
    assert.is(following.status, 200)
    assert.ok(
      following.body.data.some((s: { id: string }) => s.id === first),
      'the next page goes on where the first stopped',
    )

    const deleted = await api.call('DELETE', `/api/v1/management/surveys/${second}`, { key: true })
    assert.is(deleted.status, 200)
    const gone = await api.call('GET', `/api/v1/management/surveys/${second}`, { key: true })
    assert.is(gone.status, 404)
    assert.equal(gone.body.details, { resource_id: second, resource_type: 'Survey' })
  })
}

/** Client responses with CORS, preflights, and the error answers. */
function clientAndErrorTests(test: Test, api: SuiteClient): void {
  test('client responses: create and finish with CORS, read back through management', async () => {
    const survey = await api.createSurvey('answered')
    const created = await api.call('POST', `/api/v1/client/${api.environmentId}/responses`, {
      body: { surveyId: survey, finished: false, data: { q1: 'good' } },
      headers: { origin: 'https://site.example' },
    })
    assert.is(created.status, 200, created.text)
    assert.is(created.headers.get('access-control-allow-origin'), '*')
    const id = created.body.data.id as string
    const finished = await api.call('PUT', `/api/v1/client/${api.environmentId}/responses/${id}`, {
      body: { finished: true, data: { q1: 'very good' } },
    })
    assert.equal({ status: finished.status, body: finished.body }, { status: 200, body: { data: { id } } })
    const read = await api.call('GET', `/api/v1/management/responses?surveyId=${survey}`, { key: true })
    assert.is(read.status, 200)
    assert.equal(
      read.body.data.map((r: { id: string; finished: boolean; data: unknown }) => [r.id, r.finished, r.data]),
      [[id, true, { q1: 'very good' }]],
    )
  })

  test('CORS: client routes answer preflights, management routes send no CORS headers', async () => {
    const preflight = await api.call('OPTIONS', `/api/v1/client/${api.environmentId}/responses`, {
      headers: {
        origin: 'https://site.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    assert.is(preflight.status, 204)
    assert.is(preflight.headers.get('access-control-allow-origin'), '*')
    assert.is(preflight.headers.get('access-control-allow-headers'), 'content-type')
    assert.is(preflight.headers.get('access-control-allow-methods'), 'GET, POST, PUT, OPTIONS')
    const management = await api.call('GET', '/api/v1/management/surveys', { key: true, headers: { origin: 'https://site.example' } })
    assert.is(management.status, 200)
    assert.is(management.headers.get('access-control-allow-origin'), null)
  })

  test('errors: unknown route 404, wrong method 405, malformed JSON and invalid bodies 400, unknown survey 404', async () => {
    const unknown = await api.call('GET', '/api/v1/nothing-here', { key: true })
    assert.is(unknown.status, 404)
    assert.is(unknown.body.code, 'not_found')
    assert.is(unknown.body.details.resource_type, 'Route')
    const wrong = await api.call('PATCH', '/api/v1/management/surveys', { key: true })
    assert.is(wrong.status, 405)
    assert.is(wrong.headers.get('allow'), 'GET, HEAD, POST, OPTIONS')
    const malformed = await api.call('POST', '/api/v1/management/surveys', { key: true, rawBody: '{"name":' })
    assert.is(malformed.status, 400)
    assert.is(malformed.body.code, 'bad_request')
    const invalid = await api.call('POST', '/api/v1/management/surveys', {
      key: true,
      body: { environmentId: api.environmentId, name: 42 },
    })
    assert.is(invalid.status, 400)
    assert.ok('name' in invalid.body.details, invalid.text)
    const noSurvey = await api.call('POST', `/api/v1/client/${api.environmentId}/responses`, {
      body: { surveyId: 'nosuchsurvey0000000000000', finished: false, data: {} },
    })
    assert.is(noSurvey.status, 404)
    assert.is(noSurvey.headers.get('access-control-allow-origin'), '*', 'client errors carry CORS headers too')
  })
}

const QUESTION = { id: 'q1', type: 'openText', headline: { default: 'How was it?' }, required: true, inputType: 'text' }
