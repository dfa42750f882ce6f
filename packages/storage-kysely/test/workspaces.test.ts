/**
 * The reference's current dialect names a workspace where its older one named a project and an environment
 * (docs/api.md, "Authentication"). In Canvass a workspace is a project: its id names the project's production
 * environment on client paths, and the key's environment in management bodies when the key's environment is
 * of that project. `GET /api/v1/management/me` answers as `/api/v1/me`, with `workspace`; the environment
 * state carries `workspace` and each survey's `workspaceOverwrites`; management responses carry `contact`
 * and `contactAttributes`. In process, on PGlite.
 */
import { createCanvass } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'

const [pglite] = backends()
const test = suite('workspaces')
let open: OpenBackend | undefined
let canvass: Canvass
let projectId = ''
let production = ''
let development = ''
let otherProjectId = ''
let key = ''
let developmentKey = ''
/** The statements run, as Kysely logs them. */
const statements: string[] = []
const resolves = () => statements.filter((text) => text.includes('"environments" where ("id" = $1 or ("project_id" = $2')).length

type Answer = { status: number; body: any }

async function call(method: string, path: string, body?: unknown, apiKey: string | null = key): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (apiKey !== null) headers['x-api-key'] = apiKey
  const res = await canvass.fetch(
    new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  )
  return { status: res.status, body: await res.json().catch(() => null) }
}

const appSurvey = (extra: Record<string, unknown> = {}) => ({
  name: 'S',
  type: 'app',
  status: 'inProgress',
  questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: false, inputType: 'text' }],
  ...extra,
})

test.before(async () => {
  open = await pglite!.open({ migrated: true, log: (event) => void statements.push(event.query.sql) })
  await migrate(open.db)
  canvass = createCanvass({ storage: createKyselyStorage({ db: open.db }), logger: { error() {}, warn() {} } })
  const project = await canvass.admin.createProject({ name: 'Shop' })
  projectId = project.projectId
  production = project.environments.production
  development = project.environments.development
  otherProjectId = (await canvass.admin.createProject({ name: 'Other' })).projectId
  key = (await canvass.admin.createApiKey({ environmentId: production })).key
  developmentKey = (await canvass.admin.createApiKey({ environmentId: development })).key
})
test.after(async () => {
  await open?.close()
})

test('GET /api/v1/management/me answers as /api/v1/me, with the workspace beside the project', async () => {
  const me = await call('GET', '/api/v1/me')
  const management = await call('GET', '/api/v1/management/me')
  assert.is(management.status, 200)
  assert.equal(management.body, me.body)
  assert.equal(me.body.workspace, { id: projectId, name: 'Shop' })
  assert.equal(me.body.project, { id: projectId, name: 'Shop' })
  assert.is((await call('GET', '/api/v1/management/me', undefined, null)).status, 401)
})

test('the environment state carries workspace beside project, and each survey workspaceOverwrites', async () => {
  const created = await call('POST', '/api/v1/management/surveys', appSurvey({ productOverwrites: { placement: 'center' } }))
  assert.is(created.status, 200, JSON.stringify(created.body))
  const state = (await call('GET', `/api/v1/client/${production}/environment`, undefined, null)).body.data.data
  assert.equal(state.workspace, state.project)
  const survey = state.surveys.find((s: { id: string }) => s.id === created.body.data.id)
  assert.equal(survey.workspaceOverwrites, { placement: 'center' })
  assert.equal(survey.workspaceOverwrites, survey.projectOverwrites)
})

test("a workspace id on a client path names the project's production environment", async () => {
  const byEnvironment = await call('GET', `/api/v1/client/${production}/environment`, undefined, null)
  const byWorkspace = await call('GET', `/api/v1/client/${projectId}/environment`, undefined, null)
  assert.is(byWorkspace.status, 200)
  assert.equal(byWorkspace.body.data.data, byEnvironment.body.data.data)
  const v2 = await call('GET', `/api/v2/client/${projectId}/environment`, undefined, null)
  assert.equal(v2.body.data.data, byEnvironment.body.data.data)

  const survey = (await call('POST', '/api/v1/management/surveys', appSurvey())).body.data
  const response = await call(
    'POST',
    `/api/v1/client/${projectId}/responses`,
    { surveyId: survey.id, finished: false, data: { q1: 'a' } },
    null,
  )
  assert.is(response.status, 200, JSON.stringify(response.body))
  const update = await call(
    'PUT',
    `/api/v1/client/${projectId}/responses/${response.body.data.id}`,
    { finished: true, data: { q1: 'b' } },
    null,
  )
  assert.is(update.status, 200, JSON.stringify(update.body))
  const display = await call('POST', `/api/v2/client/${projectId}/displays`, { surveyId: survey.id }, null)
  assert.is(display.status, 200, JSON.stringify(display.body))
  const user = await call('POST', `/api/v1/client/${projectId}/user`, { userId: 'u-1' }, null)
  assert.is(user.status, 200, JSON.stringify(user.body))
  const stored = await call('GET', `/api/v1/management/responses/${response.body.data.id}`)
  assert.equal(stored.body.data.data, { q1: 'b' })
  assert.is(stored.body.data.finished, true)
})

test('an id that is neither an environment nor a workspace is still a 404 on a client path', async () => {
  const res = await call('GET', '/api/v1/client/clxnoenvironmentornoproject/environment', undefined, null)
  assert.is(res.status, 404)
})

test('a client path id is read once and remembered; an id of nothing is not, so a project made later is found', async () => {
  const before = resolves()
  await call('GET', `/api/v1/client/${development}/environment`, undefined, null)
  await call('GET', `/api/v1/client/${development}/environment`, undefined, null)
  assert.is(resolves() - before, 1)
  const later = canvass.admin
  const missing = await call('GET', '/api/v1/client/clxnotyetaproject/environment', undefined, null)
  assert.is(missing.status, 404)
  const project = await later.createProject({ name: 'Later' })
  const first = resolves()
  const found = await call('GET', `/api/v1/client/${project.projectId}/environment`, undefined, null)
  assert.is(found.status, 200)
  assert.is(resolves() - first, 1)
})

test("a client path counts its environment's rate limits under the environment, by either name", async () => {
  const limited = createCanvass({
    storage: createKyselyStorage({ db: open!.db }),
    logger: { error() {}, warn() {} },
    rateLimits: { environment: { limit: 3, windowMs: 60_000 }, client: false, address: false },
  })
  const get = async (id: string) => (await limited.fetch(new Request(`http://localhost/api/v1/client/${id}/environment`))).status
  // The first request by the workspace's id teaches the instance what it names (and counts under that id).
  assert.is(await get(projectId), 200)
  assert.equal([await get(production), await get(projectId), await get(production)], [200, 200, 200])
  assert.is(await get(projectId), 429)
  assert.is(await get(production), 429)
})

test("workspaceId in a management body: the key's project names the key's environment, another is refused", async () => {
  const made = await call('POST', '/api/v1/management/surveys', appSurvey({ workspaceId: projectId }))
  assert.is(made.status, 200, JSON.stringify(made.body))
  assert.is(made.body.data.environmentId, production)
  // The reference's legacy alias: an environment id in workspaceId.
  assert.is((await call('POST', '/api/v1/management/surveys', appSurvey({ workspaceId: production }))).status, 200)
  const dev = await call(
    'POST',
    '/api/v1/management/action-classes',
    { name: 'dev-action', type: 'code', key: 'dev-action', workspaceId: projectId },
    developmentKey,
  )
  assert.is(dev.status, 200, JSON.stringify(dev.body))
  assert.is(dev.body.data.environmentId, development)
  const other = await call('POST', '/api/v1/management/surveys', appSurvey({ workspaceId: otherProjectId }))
  assert.equal([other.status, other.body.code], [401, 'unauthorized'])
  const both = await call('POST', '/api/v1/management/surveys', appSurvey({ workspaceId: projectId, environmentId: development }))
  assert.equal([both.status, both.body.code], [401, 'unauthorized'])
  const webhook = await call('POST', '/api/v1/webhooks', {
    url: 'https://example.com/hook',
    triggers: ['responseCreated'],
    workspaceId: projectId,
  })
  assert.is(webhook.status, 200, JSON.stringify(webhook.body))
})

test("workspaceId (or environmentId) in a management query must name the key's environment, as in a body", async () => {
  for (const query of [`workspaceId=${projectId}`, `workspaceId=${production}`, `environmentId=${production}`]) {
    const res = await call('GET', `/api/v1/management/surveys?${query}`)
    assert.is(res.status, 200, query)
  }
  for (const query of [
    `workspaceId=${otherProjectId}`,
    `environmentId=${development}`,
    `workspaceId=${projectId}&environmentId=${development}`,
  ]) {
    const res = await call('GET', `/api/v1/management/responses?${query}`)
    assert.equal([res.status, res.body?.code], [401, 'unauthorized'], query)
  }
  const twice = await call('GET', `/api/v1/management/action-classes?workspaceId=${projectId}&workspaceId=${projectId}`)
  assert.equal([twice.status, Object.keys(twice.body.details)], [400, ['workspaceId']])
  assert.is((await call('GET', `/api/v1/webhooks?workspaceId=${projectId}`, undefined, developmentKey)).status, 200)
})

test('a survey body may name its overwrites workspaceOverwrites or projectOverwrites; answers carry all three names', async () => {
  const byWorkspace = await call('POST', '/api/v1/management/surveys', appSurvey({ workspaceOverwrites: { placement: 'center' } }))
  assert.is(byWorkspace.status, 200, JSON.stringify(byWorkspace.body))
  for (const name of ['workspaceOverwrites', 'projectOverwrites', 'productOverwrites']) {
    assert.equal(byWorkspace.body.data[name], { placement: 'center' }, name)
  }
  const id = byWorkspace.body.data.id
  const byProject = await call('PUT', `/api/v1/management/surveys/${id}`, { projectOverwrites: { placement: 'bottomLeft' } })
  assert.is(byProject.status, 200, JSON.stringify(byProject.body))
  assert.equal((await call('GET', `/api/v1/management/surveys/${id}`)).body.data.workspaceOverwrites, { placement: 'bottomLeft' })
  const state = (await call('GET', `/api/v1/client/${production}/environment`, undefined, null)).body.data.data
  assert.equal(state.surveys.find((s: { id: string }) => s.id === id).workspaceOverwrites, { placement: 'bottomLeft' })
  // The same value under two names is one field; two values are refused, naming the older name.
  const same = await call('PUT', `/api/v1/management/surveys/${id}`, {
    workspaceOverwrites: { placement: 'center' },
    productOverwrites: { placement: 'center' },
  })
  assert.is(same.status, 200, JSON.stringify(same.body))
  const conflict = await call(
    'POST',
    '/api/v1/management/surveys',
    appSurvey({ workspaceOverwrites: { placement: 'center' }, projectOverwrites: null }),
  )
  assert.equal([conflict.status, Object.keys(conflict.body.details)], [400, ['projectOverwrites']])
  const bad = await call('POST', '/api/v1/management/surveys', appSurvey({ workspaceOverwrites: 'center' }))
  assert.equal([bad.status, Object.keys(bad.body.details)], [400, ['workspaceOverwrites']])
})

test('POST /api/v1/management/responses/bulk: workspaceId per item, another workspace refused alone, the project read once', async () => {
  const survey = (await call('POST', '/api/v1/management/surveys', appSurvey())).body.data
  const item = (workspaceId: string) => ({ surveyId: survey.id, finished: true, data: {}, workspaceId })
  const before = statements.length
  const res = await call('POST', '/api/v1/management/responses/bulk', {
    responses: [item(projectId), item(otherProjectId), item(projectId), item(projectId), item(otherProjectId)],
  })
  assert.is(res.status, 200, JSON.stringify(res.body))
  assert.equal([res.body.data.created, res.body.data.failed], [3, 2])
  assert.equal(
    res.body.data.results.map((r: any) => r.error?.code ?? 'created'),
    ['created', 'unauthorized', 'created', 'created', 'unauthorized'],
  )
  const reads = statements
    .slice(before)
    .filter((text) => text.includes('"environments"') && text.includes('inner join "canvass"."projects"')).length
  assert.is(reads, 1, `${reads} reads of the environment`)
})

test('management responses carry contact and contactAttributes beside person and personAttributes', async () => {
  const survey = (await call('POST', '/api/v1/management/surveys', appSurvey())).body.data
  const anonymous = await call('POST', `/api/v1/client/${production}/responses`, { surveyId: survey.id, finished: true, data: {} }, null)
  const known = await call(
    'POST',
    `/api/v1/client/${production}/responses`,
    { surveyId: survey.id, userId: 'u-2', finished: true, data: {} },
    null,
  )
  assert.is(known.status, 200, JSON.stringify(known.body))
  const a = (await call('GET', `/api/v1/management/responses/${anonymous.body.data.id}`)).body.data
  assert.is(a.contact, null)
  assert.is(a.contactAttributes, a.personAttributes)
  const k = (await call('GET', `/api/v1/management/responses/${known.body.data.id}`)).body.data
  assert.equal(k.contact, { id: k.person.id, userId: 'u-2' })
  assert.equal(k.contactAttributes, k.personAttributes)
  const listed = (await call('GET', `/api/v1/management/responses?surveyId=${survey.id}`)).body.data
  for (const response of listed) assert.ok('contact' in response && 'contactAttributes' in response)
})

test.run()
