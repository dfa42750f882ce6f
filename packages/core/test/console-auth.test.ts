/**
 * The console's callers on the API (docs/console.md), over the bed's real database and its accounts mode: a
 * request with `x-canvass-console: 1` and no key is the signed-in person's, refused without a session, from
 * another site, without the page's CSRF token, in another project's environment, and on a route the role may
 * not use; what it changes is audited under the person's email. Also the `/console` page and the API key routes.
 */
import { createCanvass, describeRoutes } from '@canvass/core'
import { TEST_ORIGIN, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { consoleRoleNeeded } from '../src/auth/console-roles'
import { browser } from './console-pages'
import { signedIn as signedInOn } from './console-sessions'
import type { ConsoleSession } from './console-sessions'
import { seedCall, seedSurroundings, seedSurveyAndWebhook } from './helpers'

const { test, bed } = suiteWithBed('console callers', {
  logger: { error: (message, cause) => console.error(message, cause), warn: () => {} },
})

const QUESTION = { id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: true, inputType: 'text' }
type Role = 'viewer' | 'editor' | 'owner'
type Person = ConsoleSession

/** A person of the bed's project (or `projectId`) with `role`, signed in through the sign-in form. */
const signedIn = (role: Role, projectId?: string): Promise<Person> => signedInOn(bed(), role, projectId)

/** A page request as a browser sends it, with the session cookie when given. */
const page = (method: string, path: string, options: { cookie?: string } = {}) =>
  browser(bed(), method, path, options.cookie ? { cookies: [options.cookie] } : {})

const bootOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="canvass-console-boot">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null')

/** A call as the console's `api()` makes it: the console header, the session cookie, the CSRF token on writes. */
function asConsole(
  person: Pick<Person, 'session' | 'csrf'> | undefined,
  method: string,
  path: string,
  options: { body?: unknown; csrf?: string | null; environment?: string; site?: string } = {},
) {
  const headers: Record<string, string> = { 'x-canvass-console': '1', 'sec-fetch-site': options.site ?? 'same-origin' }
  if (person) headers.cookie = person.session
  const csrf = options.csrf === undefined ? person?.csrf : options.csrf
  if (csrf !== null && csrf !== undefined && method !== 'GET') headers['x-canvass-csrf'] = csrf
  if (options.environment) headers['x-canvass-environment'] = options.environment
  return bed().call(method, path, { headers, ...(options.body === undefined ? {} : { body: options.body }) })
}

const params: Record<string, string> = {}
let owner: Person
let editor: Person
let viewer: Person

test.before(async () => {
  const call = seedCall(bed().canvass, bed().keyA)
  const { survey, webhook } = await seedSurveyAndWebhook(call, bed().envA)
  const { segment, quota, attributeClass, actionClass, attributeKey, people } = await seedSurroundings(
    call,
    bed().canvass,
    bed().keyA,
    bed().envA,
    survey.id,
  )
  const response = await call(
    'POST',
    `/api/v1/client/${bed().envA}/responses`,
    { surveyId: survey.id, finished: true, data: { q1: 'a' } },
    false,
  )
  const key = (await bed().canvass.admin.listApiKeys(bed().envA))[0]
  Object.assign(params, {
    environmentId: bed().envA,
    workspaceId: bed().envA,
    surveyId: survey.id,
    responseId: response.id,
    webhookId: webhook.id,
    segmentId: segment.id,
    quotaId: quota.id,
    attributeClassId: attributeClass.id,
    actionClassId: actionClass.id,
    contactAttributeKeyId: attributeKey.id,
    personId: people[0]?.id ?? 'none',
    contactId: people[0]?.id ?? 'none',
    apiKeyId: key?.id ?? 'none',
    tagId: 'none',
    deliveryId: 'none',
    displayId: 'none',
    consolePersonId: 'none',
  })
  owner = await signedIn('owner')
  editor = await signedIn('editor')
  viewer = await signedIn('viewer')
})

/** The bed's routes that take a key, as registered (path parameters filled with real ids). */
function apiKeyRoutes() {
  const served = new Set(bed().canvass.routes.map((route) => `${route.method} ${route.path}`))
  return describeRoutes()
    .routes.filter((route) => route.auth === 'apiKey' && served.has(`${route.method} ${route.path}`))
    .map((route) => ({ ...route, url: route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => params[name] ?? 'x') }))
}

test('every route of a key answers 401 to a console request without a session, and with a bad session', async () => {
  const routes = apiKeyRoutes()
  assert.ok(routes.length > 60, `${routes.length} routes`)
  for (const route of routes) {
    for (const session of [undefined, { session: 'canvass_console=nonsense', csrf: owner.csrf }]) {
      const answer = await asConsole(session, route.method, route.url, { body: route.method === 'GET' ? undefined : {} })
      assert.is(answer.status, 401, `${route.method} ${route.path}: ${answer.text}`)
    }
  }
})

test('a console caller reads and writes as its role in its production environment', async () => {
  const me = await asConsole(viewer, 'GET', '/api/v1/management/me')
  assert.is(me.status, 200, me.text)
  assert.is(me.body.id, bed().envA)
  const dev = await asConsole(viewer, 'GET', '/api/v1/management/me', { environment: bed().envB })
  assert.is(dev.body.id, bed().envB)
  const created = await asConsole(editor, 'POST', '/api/v1/management/surveys', {
    body: { environmentId: bed().envA, name: 'By the console', type: 'link', status: 'draft', questions: [QUESTION] },
  })
  assert.is(created.status, 200, created.text)
})

test("a cross-site write, one without the CSRF token and one with another person's token are refused and change nothing", async () => {
  const other = await signedIn('editor')
  const before = (await asConsole(owner, 'GET', '/api/v1/management/surveys')).body.data.length
  const body = { environmentId: bed().envA, name: 'Must not exist', type: 'link', status: 'draft', questions: [QUESTION] }
  for (const [options, words] of [
    [{ site: 'cross-site' }, 'own site'],
    [{ site: 'same-site' }, 'own site'],
    [{ csrf: null }, 'CSRF'],
    [{ csrf: 'garbage' }, 'CSRF'],
    [{ csrf: other.csrf }, 'CSRF'],
    [{ csrf: owner.csrf }, 'CSRF'],
  ] as const) {
    const answer = await asConsole(editor, 'POST', '/api/v1/management/surveys', { body, ...options })
    assert.is(answer.status, 403, `${JSON.stringify(options)}: ${answer.text}`)
    assert.ok(answer.body.message.includes(words), answer.body.message)
  }
  assert.is((await asConsole(owner, 'GET', '/api/v1/management/surveys')).body.data.length, before)
  // A read from another site is refused too: the answer could be read by a page that framed it.
  assert.is((await asConsole(owner, 'GET', '/api/v1/management/surveys', { site: 'cross-site' })).status, 403)
})

test('a viewer may change nothing; viewers and editors may not use the routes of owners', async () => {
  let checked = 0
  for (const route of apiKeyRoutes()) {
    const needed = consoleRoleNeeded(route.method, route.path)
    const owners = needed === 'owner'
    if (route.path === '/api/mcp') {
      console.log('skipped /api/mcp: it takes keys only, so a console request gets its 401')
      continue
    }
    // Every write but the reads sent as a POST (a link to a file of a response, an export link), which a viewer may send.
    if (needed !== 'viewer') {
      const answer = await asConsole(viewer, route.method, route.url, { body: route.method === 'GET' ? undefined : {} })
      assert.is(answer.status, 403, `viewer ${route.method} ${route.path}: ${answer.text}`)
      checked++
    }
    if (owners) {
      const answer = await asConsole(editor, route.method, route.url, { body: route.method === 'GET' ? undefined : {} })
      assert.is(answer.status, 403, `editor ${route.method} ${route.path}: ${answer.text}`)
    }
  }
  assert.ok(checked > 40, `${checked} routes checked`)
  const refused = await asConsole(viewer, 'DELETE', `/api/v1/management/surveys/${params.surveyId}`)
  assert.match(refused.body.message, /viewer/)
  // Results are a viewer's to read.
  for (const path of [
    `/api/v1/management/responses?surveyId=${params.surveyId}`,
    `/api/v1/management/surveys/${params.surveyId}/summary`,
    `/api/v1/management/surveys/${params.surveyId}/timeseries?interval=week&timeZone=Europe/Berlin`,
    `/api/v1/management/surveys/${params.surveyId}`,
    `/api/v3/responses?workspaceId=${bed().envA}`,
  ]) {
    const answer = await asConsole(viewer, 'GET', path)
    assert.is(answer.status, 200, `${path}: ${answer.text}`)
  }
  const link = await asConsole(viewer, 'POST', '/api/v1/management/storage/file-links', { body: { url: 'not a file' } })
  assert.is(link.status, 400, `a viewer may ask for a file link: ${link.text}`)
  assert.is((await asConsole(owner, 'GET', '/api/v1/management/audit-log')).status, 200)
  assert.is((await asConsole(owner, 'GET', '/api/v1/webhooks')).status, 200)
  // The console's webhook edit is an owner's, as every webhook route (issue 82, item 14).
  const edit = await asConsole(editor, 'PATCH', `/api/v1/management/webhooks/${params.webhookId}`, { body: { name: 'editor' } })
  assert.is(edit.status, 403, edit.text)
  const owned = await asConsole(owner, 'PATCH', `/api/v1/management/webhooks/${params.webhookId}`, { body: { name: 'owner' } })
  assert.is(owned.status, 200, owned.text)
})

test("another project's environment is refused, and its resources are not reachable", async () => {
  const other = await bed().newProject('Other')
  const theirs = await seedCall(bed().canvass, other.key)('POST', '/api/v1/management/surveys', {
    environmentId: other.environmentId,
    name: 'Theirs',
    type: 'link',
    status: 'draft',
    questions: [QUESTION],
  })
  for (const environment of [other.environmentId, other.devEnvironmentId, 'nonsense']) {
    const answer = await asConsole(owner, 'GET', '/api/v1/management/surveys', { environment })
    assert.is(answer.status, 403, answer.text)
  }
  for (const environment of [bed().envA, bed().envB]) {
    const answer = await asConsole(owner, 'GET', `/api/v1/management/surveys/${theirs.id}`, { environment })
    assert.ok(answer.status === 404 || answer.status === 401 || answer.status === 403, `${answer.status} ${answer.text}`)
    const removed = await asConsole(owner, 'DELETE', `/api/v1/management/surveys/${theirs.id}`, { environment })
    assert.not.ok(removed.status >= 200 && removed.status < 300)
  }
  // A query naming their environment is refused as for a key.
  assert.is((await asConsole(owner, 'GET', `/api/v3/surveys?workspaceId=${other.environmentId}`)).status >= 400, true)
  // A person of the other project sees its own, not ours.
  const theirPerson = await signedIn('owner', other.projectId)
  assert.is(theirPerson.boot.project.id, other.projectId)
  assert.is((await asConsole(theirPerson, 'GET', `/api/v1/management/surveys/${params.surveyId}`)).status >= 400, true)
  assert.is((await asConsole(theirPerson, 'GET', '/api/v1/management/me', { environment: bed().envA })).status, 403)
})

test("a change made in the console is audited under the person's email, with no key", async () => {
  const created = await asConsole(editor, 'POST', '/api/v1/management/action-classes', {
    body: { environmentId: bed().envA, name: 'Audited', type: 'code', key: 'audited' },
  })
  assert.is(created.status, 200, created.text)
  const log = await asConsole(owner, 'GET', `/api/v1/management/audit-log?resourceId=${created.body.data.id}`)
  assert.is(log.status, 200, log.text)
  const entry = log.body.data[0]
  assert.is(entry.apiKeyLabel, `console: ${editor.email}`)
  assert.is(entry.apiKeyId, null)
  assert.is(entry.action, 'create')
})

test("an editor token minted in the console works, bound to its owner rather than a key; an editor's session mints none", async () => {
  assert.is((await asConsole(editor, 'POST', '/api/v1/management/editor-tokens', { body: { workspaceId: bed().envA } })).status, 403)
  const minted = await asConsole(owner, 'POST', '/api/v1/management/editor-tokens', { body: { workspaceId: bed().envA } })
  assert.is(minted.status, 200, minted.text)
  const list = await bed().call('GET', `/api/v3/surveys?workspaceId=${bed().envA}`, {
    headers: { authorization: `Bearer ${minted.body.data.token}` },
  })
  assert.is(list.status, 200, list.text)
})

test('the /console page: boot data, nonce policy, no caching; a signed-out request goes to the sign-in page', async () => {
  const answer = await page('GET', '/console', { cookie: owner.session })
  assert.is(answer.status, 200)
  assert.is(answer.headers.get('cache-control'), 'no-store')
  const policy = answer.headers.get('content-security-policy') ?? ''
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1]
  assert.ok(nonce)
  assert.ok(answer.text.includes(`<script type="module" nonce="${nonce}" src="/js/console.js"></script>`))
  assert.ok(answer.text.includes('<div id="canvass-console"></div>'))
  const boot = bootOf(answer.text)
  assert.equal(Object.keys(boot).sort(), [
    'accounts',
    'basePath',
    'csrfToken',
    'editor',
    'environments',
    'mail',
    'person',
    'project',
    'projects',
    'role',
    'signOut',
  ])
  assert.is(boot.mail, false, 'this bed sends no mail: invitations show their links')
  assert.is(boot.basePath, '')
  assert.is(boot.role, 'owner')
  assert.equal(boot.person, { id: owner.id, name: owner.email })
  assert.equal(boot.project, { id: bed().projectId, name: 'Test project' })
  assert.equal(boot.projects, [{ id: bed().projectId, name: 'Test project', role: 'owner' }])
  assert.equal(boot.environments, [
    { id: bed().envA, type: 'production' },
    { id: bed().envB, type: 'development' },
  ])
  assert.is(boot.accounts, true)
  assert.is(boot.editor, true)
  assert.is(boot.signOut, '/console/sign-out')
  assert.match(boot.csrfToken, /^[0-9a-z]+\.[A-Za-z0-9_-]{43}$/)
  const signedOut = await page('GET', '/console')
  assert.is(signedOut.status, 303)
  assert.is(signedOut.headers.get('location'), '/console/sign-in')
  const bundle = await page('GET', '/js/console.js')
  assert.is(bundle.status, 200)
  assert.is(bundle.headers.get('access-control-allow-origin'), null)
  assert.ok(bundle.headers.get('etag'))
})

test("API keys: list, create (the key shown once, and it works), revoke; not another environment's; not itself", async () => {
  const created = await asConsole(owner, 'POST', '/api/v1/management/api-keys', { body: { label: 'CI' } })
  assert.is(created.status, 200, created.text)
  const { id, key, prefix, label } = created.body.data
  assert.is(label, 'CI')
  assert.match(key, /^cvs_[0-9A-Za-z]{43}$/)
  assert.is(prefix, key.slice(0, 8))
  const me = await bed().call('GET', '/api/v1/management/me', { key })
  assert.is(me.status, 200)
  const listed = await bed().call('GET', '/api/v1/management/api-keys', { key: bed().keyA })
  assert.is(listed.status, 200)
  const row = listed.body.data.find((k: { id: string }) => k.id === id)
  assert.equal(Object.keys(row).sort(), ['createdAt', 'id', 'label', 'lastUsedAt', 'prefix', 'revokedAt'])
  assert.not.ok(listed.text.includes(key))
  // Another environment's key list does not show it, nor can it revoke it.
  assert.not.ok((await bed().call('GET', '/api/v1/management/api-keys', { key: bed().keyB })).text.includes(id))
  assert.is((await bed().call('DELETE', `/api/v1/management/api-keys/${id}`, { key: bed().keyB })).status, 404)
  assert.is((await bed().call('DELETE', '/api/v1/management/api-keys/unknown', { key: bed().keyA })).status, 404)
  const self = await bed().call('DELETE', `/api/v1/management/api-keys/${id}`, { key })
  assert.is(self.status, 409)
  assert.is(self.body.code, 'conflict')
  const revoked = await asConsole(owner, 'DELETE', `/api/v1/management/api-keys/${id}`)
  assert.is(revoked.status, 200, revoked.text)
  assert.ok(revoked.body.data.revokedAt)
  assert.is((await bed().call('GET', '/api/v1/management/me', { key })).status, 401)
  assert.is((await asConsole(owner, 'DELETE', `/api/v1/management/api-keys/${id}`)).status, 404)
  assert.is((await asConsole(owner, 'POST', '/api/v1/management/api-keys', { body: { label: '' } })).status, 400)
  const log = await asConsole(owner, 'GET', `/api/v1/management/audit-log?resourceId=${id}`)
  assert.equal(log.body.data.map((entry: { action: string; apiKeyLabel: string }) => [entry.action, entry.apiKeyLabel]).sort(), [
    ['create', `console: ${owner.email}`],
    ['revoke', `console: ${owner.email}`],
  ])
})

test('the console option is checked when Canvass is made: a bundle, a way in, a sign-in address of this or an http(s) site, roleOf', () => {
  const storage = bed().storage
  const made = (options: Record<string, unknown>) => () => createCanvass({ storage, console: options as never })
  assert.throws(made({ accounts: true }), /bundle as text/)
  assert.throws(made({ bundle: 'export {}' }), /authorize or accounts/)
  assert.throws(made({ bundle: 'export {}', accounts: true, authorize: () => null }), /not both/)
  for (const signInUrl of ['//elsewhere.example/login', 'javascript:alert(1)', 'login'])
    assert.throws(made({ bundle: 'export {}', authorize: () => null, signInUrl }), /signInUrl/)
  made({ bundle: 'export {}', authorize: () => null, signInUrl: 'https://id.example/login' })()
  assert.throws(made({ bundle: 'export {}', authorize: () => null, roleOf: 'owner' }), /roleOf must be a function/)
  assert.throws(made({ bundle: 'export {}', accounts: true, roleOf: () => null }), /roleOf goes with authorize/)
  made({ bundle: 'export {}', authorize: () => null, roleOf: () => null })()
})

test('console.accounts needs the optional console-accounts port: a storage without it is refused by name', () => {
  const { consoleAccounts: _, ...storage } = bed().storage
  const made = (options: Record<string, unknown>) => () => createCanvass({ storage, console: options as never })
  assert.throws(made({ bundle: 'export {}', accounts: true }), /console\.accounts needs storage\.consoleAccounts/)
  made({ bundle: 'export {}', authorize: () => null })()
})

test.run()

/** A library host's own `authorize`: here it reads a test header that names the role (a host would read its session). */
{
  let projectId = ''
  const { test: hostTest, bed: hostBed } = suiteWithBed('console callers of a host', {
    console: {
      bundle: 'export const host = 1\n',
      authorize: (request) => {
        const role = request.headers.get('x-test-role')
        if (role !== 'viewer' && role !== 'editor' && role !== 'owner') return null
        return { projectId, role }
      },
    },
  })
  hostTest.before(() => {
    projectId = hostBed().projectId
  })
  const host = async (path: string, role?: string) =>
    hostBed().fetch(new Request(TEST_ORIGIN + path, { headers: role ? { 'x-test-role': role } : {} }))

  hostTest('without signInUrl a signed-out request gets a 401 page; the page has no sign-out and no people', async () => {
    const signedOut = await host('/console')
    assert.is(signedOut.status, 401)
    assert.match(await signedOut.text(), /Sign in first/)
    assert.ok(signedOut.headers.get('content-security-policy'))
    const answer = await host('/console', 'editor')
    assert.is(answer.status, 200)
    const boot = bootOf(await answer.text())
    assert.is(boot.accounts, false)
    assert.is(boot.signOut, null)
    assert.is(boot.person, null)
    assert.is(boot.role, 'editor')
    assert.is((await host('/console/sign-in')).status, 404)
    assert.is(await (await host('/js/console.js')).text(), 'export const host = 1\n')
  })

  hostTest('a change without a person is audited under the role; the CSRF token is bound to the role', async () => {
    const boot = bootOf(await (await host('/console', 'editor')).text())
    const headers = { 'x-canvass-console': '1', 'x-test-role': 'editor', 'x-canvass-csrf': boot.csrfToken }
    const body = { environmentId: hostBed().envA, name: 'Host', type: 'code', key: 'host' }
    const created = await hostBed().call('POST', '/api/v1/management/action-classes', { headers, body })
    assert.is(created.status, 200, created.text)
    const log = await hostBed().call('GET', `/api/v1/management/audit-log?resourceId=${created.body.data.id}`, { key: hostBed().keyA })
    assert.is(log.body.data[0].apiKeyLabel, 'console: editor')
    // An owner's request with the editor's token is refused: the token names the role it was made for.
    const asOwner = await hostBed().call('POST', '/api/v1/management/action-classes', {
      headers: { ...headers, 'x-test-role': 'owner' },
      body: { ...body, key: 'host2' },
    })
    assert.is(asOwner.status, 403)
  })

  hostTest.run()
}

{
  const { test: redirectTest, bed: redirectBed } = suiteWithBed('console of a host with signInUrl', {
    basePath: '/survey',
    console: { bundle: 'export {}\n', authorize: () => null, signInUrl: '/login?next=/survey/console' },
  })
  redirectTest("a signed-out request goes to the host's sign-in", async () => {
    const answer = await redirectBed().fetch(new Request(`${TEST_ORIGIN}/survey/console`))
    assert.is(answer.status, 303)
    assert.is(answer.headers.get('location'), '/login?next=/survey/console')
  })
  redirectTest.run()
}
