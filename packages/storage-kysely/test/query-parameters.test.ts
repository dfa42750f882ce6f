/**
 * Hostile values in every query parameter of every route that declares one, through `canvass.fetch` on this
 * storage: PGlite always, the Postgres server when TEST_DATABASE_URL is set. The parameters are read from the
 * instance's OpenAPI document, which the route table feeds, so a parameter added later is driven here without
 * touching this file. Each value goes alone into its parameter, with real ids in the path and the route's
 * required parameters valid. Never a 5xx; an error in the API's shape, a 400 naming the parameter; a
 * list answered 200 to a value no row can hold (NUL) is empty. Among what it guards: a NUL in the contacts' and
 * people's `userId` and a cursor dated year 0, both of which Postgres refuses, and the same in the v3 lists'
 * `filter[name][contains]` and cursors.
 */
import { createCanvass, generateApiKey } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'

/** Values for any parameter: each is URL-encoded, so that the handler receives exactly this text. */
const HOSTILE = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'a\udc00b',
  '\ufeff\u202e',
  '😀'.repeat(300),
  'x'.repeat(20_000),
  '9'.repeat(400),
  '-1',
  '0',
  '1.5',
  '1e9',
  '0x10',
  'NaN',
  'Infinity',
  '-infinity',
  'true\u0000',
  'null',
  "' or '1'='1",
  '\\',
  '%00',
  '0000-01-01',
  '2026-02-31',
  '9999-12-31T23:59:59Z',
  '-294276-01-01',
  '294277-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  // Cursors of the right form, at the ends of what they may hold.
  btoa('0000-01-01T00:00:00.000Z|a'),
  btoa(`9999-12-31T23:59:59.999Z|${'z'.repeat(255)}`),
  btoa('updatedAt.asc|2026-02-31T00:00:00.000Z|a'),
  // The v3 lists' cursors (base64url of [order, value, id]): a date that is none, NUL, a year no column holds.
  ...[
    ['updatedAt', '2026-02-31T00:00:00.000Z', 'a'],
    ['createdAt', 'not a date', 'a'],
    ['updatedAt', '0000-01-01T00:00:00.000Z', 'a'],
    ['name', 'a\u0000b', 'a'],
    ['name', 'a', 'a\u0000b'],
    ['name', '\ud800', 'a'],
  ].map((parts) => btoa(JSON.stringify(parts)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')),
]
/** Raw query texts after `name=`: percent-encodings that decode to no valid text, or do not decode. */
const RAW = ['%ED%A0%80', '%C0%80', '%FF%FE', '%', '%zz', '%2']

/** Valid values of the parameters a route requires, by name. */
const REQUIRED: Record<string, (ids: Ids) => string> = {
  surveyId: (ids) => ids.surveyId,
  // The reference's v3 lists take the key's environment (or its project) as their workspace.
  workspaceId: (ids) => ids.environmentId,
  // The one question of the seeded survey, whose answers the answers route lists.
  questionId: () => 'q1',
  // The token of a link minted for the survey's export (`POST …/export-links`), its query the survey alone.
  token: (ids) => ids.exportToken,
  format: () => 'csv',
}

interface Ids {
  environmentId: string
  surveyId: string
  webhookId: string
  resultShareKey: string
  /** Two contacts: the valid call of each contact DELETE deletes its own. */
  personId: string
  contactId: string
  exportToken: string
}

/** Path parameters, by name: an id of a resource that exists. A route with another one fails the test. */
const PATH: Record<string, (ids: Ids) => string> = {
  surveyId: (ids) => ids.surveyId,
  webhookId: (ids) => ids.webhookId,
  environmentId: (ids) => ids.environmentId,
  resultShareKey: (ids) => ids.resultShareKey,
  personId: (ids) => ids.personId,
  contactId: (ids) => ids.contactId,
}

/** A body that gets the route past its body parsing, for the routes that take one. */
const BODY: Record<string, (ids: Ids) => unknown> = {
  'post /api/v1/management/responses/bulk': (ids) => ({ responses: [{ surveyId: ids.surveyId, finished: true, data: { q1: 'bulk' } }] }),
  // An id of no response: a batch delete skips it and answers `{deleted: 0}`.
  'post /api/v3/responses/batch-delete': () => ({ ids: ['clnoresponse00000000000000'] }),
}

/** A URL carries UTF-8, in which a lone surrogate is U+FFFD (as the URL parser writes it). */
const wellFormed = (text: string) => text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')

interface QueryRoute {
  method: string
  path: string
  params: { name: string; required: boolean }[]
}

/** Every operation of the document with query parameters. */
function queryRoutes(canvass: Canvass): QueryRoute[] {
  const document = canvass.openApi() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>>
  }
  const routes: QueryRoute[] = []
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const params = (operation.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, required: p.required === true }))
      if (params.length > 0) routes.push({ method, path, params })
    }
  }
  return routes
}

for (const backend of backends()) {
  const test = suite(`query parameters on ${backend.name}`)
  let open: OpenBackend | undefined
  let canvass: Canvass
  let key: string
  let ids: Ids

  test.before(async () => {
    open = await backend.open({ migrated: true })
    await migrate(open.db)
    // With the widget, so that the link page and its parameters are in the table.
    canvass = createCanvass({
      storage: createKyselyStorage({ db: open.db }),
      secret: 'query-parameters',
      widget: { formbricks: '', surveys: '' },
      logger: { error: (message, cause) => console.error(message, cause), warn() {} },
    })
    key = generateApiKey()
    const project = await canvass.admin.createProject({ name: 'queries', apiKeys: [{ environment: 'production', key }] })
    const environmentId = project.environments.production
    const created = async (path: string, body: unknown, withKey = true) => {
      const res = await call('POST', path, body, withKey)
      if (res.status !== 200) throw new Error(`seeding ${path}: ${res.status} ${await res.text()}`)
      return ((await res.json()) as { data: { id: string } }).data.id
    }
    const surveyId = await created('/api/v1/management/surveys', {
      environmentId,
      name: 'queries',
      type: 'link',
      status: 'inProgress',
      questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q?' }, required: false }],
    })
    await created(`/api/v1/client/${environmentId}/responses`, { surveyId, userId: 'user-1', finished: true, data: { q1: 'a' } }, false)
    const contactOf = async (userId: string) => {
      await created(`/api/v1/client/${environmentId}/responses`, { surveyId, userId, finished: true, data: { q1: userId } }, false)
      const res = await call('GET', `/api/v1/management/contacts?userId=${userId}`)
      return ((await res.json()) as { data: { id: string }[] }).data[0]!.id
    }
    const personId = await contactOf('person-to-delete')
    const contactId = await contactOf('contact-to-delete')
    const webhookId = await created('/api/v1/webhooks', { url: 'https://example.invalid/hook', triggers: ['responseCreated'] })
    const shared = await call('POST', `/api/v1/management/surveys/${surveyId}/share`)
    if (shared.status !== 200) throw new Error(`sharing the survey: ${shared.status} ${await shared.text()}`)
    const { resultShareKey } = ((await shared.json()) as { data: { resultShareKey: string } }).data
    const minted = await call('POST', '/api/v1/management/responses/export-links', { surveyId })
    if (minted.status !== 200) throw new Error(`minting an export link: ${minted.status} ${await minted.text()}`)
    const exportToken = new URL(((await minted.json()) as { data: { url: string } }).data.url).searchParams.get('token') ?? ''
    ids = { environmentId, surveyId, webhookId, resultShareKey, personId, contactId, exportToken }
  })
  test.after(async () => {
    await open?.close()
  })

  function call(method: string, target: string, body?: unknown, withKey = true): Promise<Response> {
    const headers: Record<string, string> = withKey ? { 'x-api-key': key } : {}
    if (body !== undefined) headers['content-type'] = 'application/json'
    return canvass.fetch(
      new Request(`http://localhost${target}`, {
        method: method.toUpperCase(),
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      }),
    )
  }

  test('every query parameter of every route: hostile values are a 400 naming it or an answer, never a 5xx', async () => {
    const routes = queryRoutes(canvass)
    const names = new Set(routes.map((route) => `${route.method} ${route.path}`))
    for (const listed of [
      'get /api/v1/management/responses',
      'get /api/v1/management/contacts',
      'get /api/v1/management/people',
      'get /s/{surveyId}',
    ]) {
      assert.ok(names.has(listed), `${listed} is read from the document`)
    }
    let requests = 0
    for (const route of routes) {
      const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const value = PATH[name]
        if (!value) throw new Error(`${route.method} ${route.path}: no id for {${name}}: add one to PATH`)
        return encodeURIComponent(value(ids))
      })
      const base = route.params
        .filter((p) => p.required)
        .map((p) => {
          const value = REQUIRED[p.name]
          if (!value) throw new Error(`${route.method} ${route.path}: no valid value for the required ${p.name}: add one to REQUIRED`)
          return `${p.name}=${encodeURIComponent(value(ids))}`
        })
      const body = BODY[`${route.method} ${route.path}`]?.(ids)
      const send = async (pairs: string[]) => {
        requests++
        const target = pairs.length > 0 ? `${path}?${pairs.join('&')}` : path
        const res = await call(route.method, target, body)
        const text = await res.text()
        return { res, text, what: `${route.method.toUpperCase()} ${target.slice(0, 300)} → ${res.status} ${text.slice(0, 300)}` }
      }

      const valid = await send(base)
      assert.is(valid.res.status, 200, `the route answers its valid query: ${valid.what}`)

      for (const param of route.params) {
        const others = base.filter((pair) => !pair.startsWith(`${param.name}=`))
        const values = [
          ...HOSTILE.map((value) => ({ value, query: `${param.name}=${encodeURIComponent(wellFormed(value))}` })),
          ...RAW.map((raw) => ({ value: raw, query: `${param.name}=${raw}` })),
          { value: 'repeated', query: `${param.name}=a&${param.name}=b` },
        ]
        for (const { value, query } of values) {
          const { res, text, what } = await send([...others, query])
          assert.ok(res.status < 500, what)
          const type = res.headers.get('content-type') ?? ''
          if (res.status >= 400 && type.startsWith('text/html')) {
            // The link page and the shared results page refuse with a page a person reads; the results page
            // names the parameter it cannot take.
            const linkPage = route.path === '/s/{surveyId}' && (res.status === 403 || res.status === 404)
            const sharePage = route.path === '/share/{resultShareKey}' && res.status === 400 && text.includes(param.name)
            // `file` names a public file: a name that could be one but is not there is a page saying so.
            const noSuchFile = route.path === '/share/{resultShareKey}' && param.name === 'file' && res.status === 404
            assert.ok(linkPage || sharePage || noSuchFile, what)
            continue
          }
          if (res.status >= 400 && type === 'application/problem+json') {
            // The reference's v3 routes answer RFC 9457 problems, a 400 listing the parameter in `invalid_params`.
            const problem = JSON.parse(text) as { status: number; title: string; code: string; invalid_params?: { name: string }[] }
            assert.equal([problem.status, typeof problem.title, typeof problem.code], [res.status, 'string', 'string'], what)
            if (res.status === 400)
              assert.ok(
                problem.invalid_params?.some((p) => p.name === param.name),
                `the 400 names ${param.name}: ${what}`,
              )
            continue
          }
          if (res.status >= 400) {
            const error = JSON.parse(text) as { code: string; message: string; details: Record<string, string> }
            assert.equal(Object.keys(error).sort(), ['code', 'details', 'message'], what)
            if (res.status === 400) assert.ok(param.name in error.details, `the 400 names ${param.name}: ${what}`)
            continue
          }
          if (value.includes('\u0000') && type.startsWith('application/json')) {
            const data = (JSON.parse(text) as { data?: unknown }).data
            if (Array.isArray(data)) assert.is(data.length, 0, `no row holds NUL: ${what}`)
          }
        }
      }
    }
    assert.ok(requests > 500, `${requests} requests`)
  })

  test.run()
}
