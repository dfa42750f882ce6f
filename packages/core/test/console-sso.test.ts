/**
 * Single sign-on with OpenID Connect (docs/sso.md) against a real certified provider (oidc-provider in a child
 * process on loopback, `startOidcProvider`): the flow (PKCE S256, state, nonce, the flow cookie), a sign-in with
 * the role from a groups claim and its update, just-in-time people and the audit log, and every refusal: a
 * wrong domain, an unverified email, a tampered state, a missing, altered or expired flow, a replayed callback,
 * the provider's own refusal, a provider that names no project. Then password sign-in turned off.
 */
import { createTestClock, startOidcProvider, suiteWithBed } from '@canvass/test-bed'
import type { OidcTestAccount, OidcTestProvider } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { consoleAccountSettings } from '../src/domain/console/console-accounts'
import { browser as pageRequest } from './console-pages'
import type { PageAnswer } from './console-pages'
import { consoleBoot } from './console-sessions'

const ORIGIN = 'http://canvass.test'
const ACCOUNTS: OidcTestAccount[] = [
  { login: 'ada', claims: { email: 'Ada@Example.com', email_verified: true, groups: ['staff', 'canvass-editors'] } },
  { login: 'olga', claims: { email: 'olga@example.com', email_verified: true, groups: ['canvass-owners', 'canvass-editors'] } },
  { login: 'vic', claims: { email: 'vic@example.com', email_verified: true, groups: ['staff'] } },
  { login: 'eve', claims: { email: 'eve@elsewhere.org', email_verified: true, groups: ['canvass-owners'] } },
  { login: 'una', claims: { email: 'una@example.com', email_verified: false, groups: ['canvass-owners'] } },
  { login: 'twin', claims: { email: 'twin@example.com', email_verified: true, groups: ['canvass-editors'] } },
  { login: 'pat', claims: { email: 'pat@plain.test', email_verified: true } },
]
const client = (id: string, providerId: string) => ({
  clientId: id,
  clientSecret: `${id}-secret-of-at-least-32-characters`,
  redirectUris: [`${ORIGIN}/console/sso/${providerId}/callback`],
})
/** The client settings Canvass is given for a client of the provider. */
const credentials = (id: string) => ({ clientId: id, clientSecret: client(id, '').clientSecret })
const corpProvider = (issuer: string) => ({
  id: 'corp',
  name: 'Corp ID',
  issuer,
  ...credentials('canvass'),
  allowedDomains: ['example.com'],
  roleClaim: 'groups',
  roleMap: { 'canvass-editors': 'editor', 'canvass-owners': 'owner' } as const,
  // The test provider gives `groups` to a client that asks for its scope (Keycloak and Entra ID map them instead).
  scopes: ['profile', 'groups'],
})

let corp: OidcTestProvider
let plain: OidcTestProvider
const clock = createTestClock()
const { test, bed } = suiteWithBed('console single sign-on', async () => {
  // Claims at the userinfo endpoint (a conforming provider's default), and in the ID token: both ways are read.
  corp = await startOidcProvider({ clients: [client('canvass', 'corp'), client('lost', 'lost')], accounts: ACCOUNTS })
  plain = await startOidcProvider({ clients: [client('plain', 'plain')], accounts: ACCOUNTS, idTokenClaims: true })
  return {
    clock,
    console: {
      bundle: 'export {}\n',
      accounts: {
        sso: [
          corpProvider(corp.issuer),
          { id: 'plain', name: 'Plain ID', issuer: plain.issuer, ...credentials('plain') },
          { id: 'lost', name: 'Lost ID', issuer: corp.issuer, ...credentials('lost'), projectId: 'no-such-project' },
        ],
      },
    },
  }
})
test.after(async () => {
  await corp?.stop()
  await plain?.stop()
})

const browser = (path: string, options: Parameters<typeof pageRequest>[3] = {}) => pageRequest(bed(), 'GET', path, options)
const pair = (setCookie: string | undefined) => setCookie?.split(';')[0]
const named = (answer: PageAnswer, name: string) => answer.setCookies.find((cookie) => cookie.startsWith(`${name}=`))

/** Starts a sign-in at `providerId`: the provider's URL and the flow cookie (`name=value`). */
async function start(providerId: string) {
  const answer = await browser(`/console/sso/${providerId}`)
  assert.is(answer.status, 303, answer.text)
  const flow = pair(named(answer, 'canvass_console_sso'))
  assert.ok(flow, 'a flow cookie')
  return { location: answer.headers.get('location') as string, flow, setCookie: named(answer, 'canvass_console_sso') as string }
}

/** Signs in at the provider as `login` and answers the callback's path (with its query). */
async function atProvider(provider: OidcTestProvider, location: string, login: string): Promise<string> {
  const callback = new URL(await provider.signIn(location, login))
  assert.is(callback.origin, ORIGIN)
  return callback.pathname + callback.search
}

/** A whole sign-in as `login`, from another address each time unless given. */
async function signIn(login: string, options: { providerId?: string; address?: string } = {}) {
  const providerId = options.providerId ?? 'corp'
  const flow = await start(providerId)
  const callback = await atProvider(providerId === 'plain' ? plain : corp, flow.location, login)
  const answer = await browser(callback, { cookies: [flow.flow], ...(options.address ? { address: options.address } : {}) })
  return { answer, flow, callback, session: pair(named(answer, 'canvass_console')) }
}

async function auditOf(personId: string): Promise<any[]> {
  const answer = await bed().call('GET', `/api/v1/management/audit-log?resourceId=${personId}`, { key: bed().keyA })
  assert.is(answer.status, 200, answer.text)
  return (answer.body.data as any[]).reverse()
}

/** The sign-ins written under `label`, oldest first: action, resource type, address and route of each. */
async function signInsAs(label: string): Promise<string[][]> {
  const answer = await bed().call('GET', '/api/v1/management/audit-log?limit=200', { key: bed().keyA })
  assert.is(answer.status, 200, answer.text)
  return (answer.body.data as any[])
    .filter((entry) => entry.action === 'signin' && entry.apiKeyLabel === label)
    .reverse()
    .map((entry) => [entry.action, entry.resourceType, entry.address, entry.route])
}

/** The memberships of the account with this email (none without one). */
const peopleWith = async (email: string) => {
  const store = bed().storage.consoleAccounts
  const account = await store.findAccountByEmail(email.toLowerCase())
  return account ? store.listMemberships(account.id) : []
}

test('the start keeps the flow in a Lax, HttpOnly cookie of the provider paths and asks for a code with PKCE S256, state and nonce', async () => {
  const { location, setCookie } = await start('corp')
  const url = new URL(location)
  assert.ok(url.href.startsWith(corp.issuer), url.href)
  const query = url.searchParams
  assert.is(query.get('response_type'), 'code')
  assert.is(query.get('client_id'), 'canvass')
  assert.is(query.get('redirect_uri'), `${ORIGIN}/console/sso/corp/callback`)
  assert.is(query.get('code_challenge_method'), 'S256')
  assert.match(query.get('code_challenge') ?? '', /^[A-Za-z0-9_-]{43}$/)
  assert.ok((query.get('state') ?? '').length >= 32 && (query.get('nonce') ?? '').length >= 32)
  assert.equal(new Set(query.get('scope')?.split(' ')), new Set(['openid', 'email', 'profile', 'groups']))
  const attributes = setCookie.split('; ')
  for (const attribute of ['Path=/console/sso/corp/', 'Max-Age=600', 'HttpOnly', 'SameSite=Lax'])
    assert.ok(attributes.includes(attribute), attribute)
  // The verifier never leaves in the clear where the provider sees it: the challenge is its hash.
  assert.not.ok(location.includes(setCookie.split('=')[1]?.split('.')[0] ?? 'x'))
})

test('a sign-in with the role from the groups claim: made just in time, a Strict session, a same-site step to the console, audited with the address', async () => {
  const { answer, session } = await signIn('ada', { address: '203.0.113.9' })
  assert.is(answer.status, 303, answer.text)
  assert.is(answer.headers.get('location'), '/console/signed-in')
  const signedIn = await browser('/console/signed-in')
  assert.is(signedIn.status, 200)
  assert.ok(signedIn.text.includes('<meta http-equiv="refresh" content="0;url=/console">'))
  assert.ok(signedIn.text.includes('href="/console"'), 'a link that goes on by hand')
  const sessionCookie = named(answer, 'canvass_console') as string
  assert.ok(sessionCookie.includes('SameSite=Strict') && sessionCookie.includes('HttpOnly'))
  assert.ok(named(answer, 'canvass_console_sso')?.includes('Max-Age=0'), 'the flow cookie is cleared')
  const boot = await consoleBoot(bed(), { cookie: session as string })
  assert.is(boot.role, 'editor')
  const [person] = await peopleWith('ada@example.com')
  assert.ok(person)
  assert.is(person.role, 'editor')
  assert.is(person.passwordHash, null)
  const entries = await auditOf(person.id)
  assert.equal(
    entries.map((entry) => [entry.action, entry.resourceType, entry.apiKeyLabel, entry.address, entry.route]),
    [['create', 'consolePerson', 'console: ada@example.com (sso corp)', '203.0.113.9', '/console/sso/:providerId/callback']],
  )
  // The sign-in is written as every sign-in is, on the session it started.
  assert.equal(await signInsAs('console: ada@example.com (sso corp)'), [
    ['signin', 'consoleSession', '203.0.113.9', '/console/sso/:providerId/callback'],
  ])
})

test('the highest mapped role wins; a role changed meanwhile is set back from the claim at the next sign-in and audited', async () => {
  const first = await signIn('olga')
  assert.is(first.answer.status, 303, first.answer.text)
  const [olga] = await peopleWith('olga@example.com')
  assert.is(olga?.role, 'owner')
  // Another owner so that olga is not the last one, then an owner demotes her in the console.
  await bed().canvass.admin.addConsolePerson({ email: `other-owner-${Date.now()}@example.com`, role: 'owner', projectId: bed().projectId })
  assert.is(await bed().storage.consoleAccounts.setRole(bed().projectId, olga!.id, 'viewer', clock.now()), 'updated')
  const again = await signIn('olga')
  assert.is(again.answer.status, 303)
  assert.is((await consoleBoot(bed(), { cookie: again.session as string })).role, 'owner')
  const actions = (await auditOf(olga!.id)).map((entry) => [entry.action, entry.summary])
  assert.equal(actions, [
    ['create', { fields: ['email', 'role'] }],
    ['update', { fields: ['role'] }],
  ])
  assert.is((await signInsAs('console: olga@example.com (sso corp)')).length, 2, 'two sign-ins')
})

test('an account whose groups map to no role gets the default role (viewer)', async () => {
  const { answer, session } = await signIn('vic')
  assert.is(answer.status, 303)
  assert.is((await consoleBoot(bed(), { cookie: session as string })).role, 'viewer')
})

test('a provider without a role claim: claims from the ID token, the default role, any domain', async () => {
  const { answer, session } = await signIn('pat', { providerId: 'plain' })
  assert.is(answer.status, 303, answer.text)
  assert.is((await consoleBoot(bed(), { cookie: session as string })).role, 'viewer')
})

test('an email of a domain not allowed is refused in plain words: 403, no session, nobody made', async () => {
  const { answer, session } = await signIn('eve')
  assert.is(answer.status, 403)
  assert.ok(answer.text.includes('Email addresses of your domain cannot sign in here.'), answer.text)
  assert.is(session, undefined)
  assert.equal(await peopleWith('eve@elsewhere.org'), [])
})

test('an unverified email is refused: 403, no session, nobody made', async () => {
  const { answer, session } = await signIn('una')
  assert.is(answer.status, 403)
  assert.ok(answer.text.includes('Your email address at Corp ID is not verified.'), answer.text)
  assert.is(session, undefined)
  assert.equal(await peopleWith('una@example.com'), [])
})

test('a tampered state is refused: 400 in plain words, no session', async () => {
  const flow = await start('corp')
  const callback = await atProvider(corp, flow.location, 'ada')
  const tampered = callback.replace(/state=([^&]+)/, (_all, state: string) => `state=${state.slice(0, -2)}xy`)
  assert.is.not(tampered, callback)
  const answer = await browser(tampered, { cookies: [flow.flow] })
  assert.is(answer.status, 400)
  assert.ok(answer.text.includes('does not match the one started in this browser'), answer.text)
  assert.is(named(answer, 'canvass_console'), undefined)
})

test('a callback without the flow cookie, with an altered one, or after ten minutes is refused: 400, no session', async () => {
  const flow = await start('corp')
  const callback = await atProvider(corp, flow.location, 'ada')
  const [name, value = ''] = flow.flow.split('=') as [string, string]
  const altered = `${name}=${value.slice(0, 10)}${value[10] === 'A' ? 'B' : 'A'}${value.slice(11)}`
  for (const cookies of [[], [altered], [`${name}=nonsense`]]) {
    const answer = await browser(callback, { cookies })
    assert.is(answer.status, 400, cookies.join())
    assert.ok(answer.text.includes('This sign-in has expired, or was started in another browser.'))
    assert.is(named(answer, 'canvass_console'), undefined)
  }
  clock.advance(10 * 60_000 + 1000)
  const late = await browser(callback, { cookies: [flow.flow] })
  assert.is(late.status, 400)
  assert.is(named(late, 'canvass_console'), undefined)
})

test('a replayed callback (the same code and state a second time, with the cookie kept) is refused: 400, no session', async () => {
  const flow = await start('corp')
  const callback = await atProvider(corp, flow.location, 'ada')
  const first = await browser(callback, { cookies: [flow.flow] })
  assert.is(first.status, 303, first.text)
  const replay = await browser(callback, { cookies: [flow.flow] })
  assert.is(replay.status, 400)
  assert.ok(replay.text.includes('This sign-in was used already.'), replay.text)
  assert.is(named(replay, 'canvass_console'), undefined)
})

test("the provider's own refusal (error=access_denied) is said in plain words: 401, no session", async () => {
  const flow = await start('corp')
  const state = new URL(flow.location).searchParams.get('state') as string
  const answer = await browser(`/console/sso/corp/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(corp.issuer)}`, {
    cookies: [flow.flow],
  })
  assert.is(answer.status, 401)
  assert.ok(answer.text.includes('Corp ID did not sign you in.'))
  assert.is(named(answer, 'canvass_console'), undefined)
})

test('a provider that names no project of the server is refused (409); an unknown provider is a 404', async () => {
  // `lost` is a client of corp's provider.
  const { answer } = await signIn('ada', { providerId: 'lost' })
  assert.is(answer.status, 409, answer.text)
  assert.ok(answer.text.includes('it names no project of this server'))
  assert.is((await browser('/console/sso/nope')).status, 404)
  assert.is((await browser('/console/sso/nope/callback?code=x&state=y')).status, 404)
})

test('two first sign-ins of one new email at once make one person, audited once as made', async () => {
  const flows = await Promise.all([start('corp'), start('corp')])
  const callbacks = await Promise.all(flows.map((flow) => atProvider(corp, flow.location, 'twin')))
  const answers = await Promise.all(callbacks.map((callback, index) => browser(callback, { cookies: [flows[index]!.flow] })))
  assert.equal(
    answers.map((answer) => answer.status),
    [303, 303],
  )
  const people = await peopleWith('twin@example.com')
  assert.is(people.length, 1)
  const actions = (await auditOf(people[0]!.id)).map((entry) => entry.action)
  assert.equal(
    actions.filter((action) => action === 'create'),
    ['create'],
  )
  assert.is((await signInsAs('console: twin@example.com (sso corp)')).length, 2, 'two sign-ins')
})

test('the sign-in page shows a button per provider beside the password form', async () => {
  const page = await browser('/console/sign-in')
  assert.is(page.status, 200)
  for (const [id, name] of [
    ['corp', 'Corp ID'],
    ['plain', 'Plain ID'],
  ]) {
    assert.ok(page.text.includes(`<a class="button" href="/console/sso/${id}">Sign in with ${name}</a>`), name)
  }
  assert.ok(page.text.includes('name="password"'))
})

test.run()

// ——— Settings ———————————————————————————————————————————————————————————————————————————————————————————

const settings = suite('console single sign-on settings')
const provider = { id: 'corp', name: 'Corp', issuer: 'https://id.example.com', clientId: 'c', clientSecret: 's' }
const refused = (sso: unknown[], words: RegExp) =>
  assert.throws(
    () => consoleAccountSettings({ sso } as never),
    (error: unknown) => error instanceof TypeError && words.test(error.message),
  )

settings('are checked at start with TypeErrors that say what is wrong', () => {
  assert.equal(consoleAccountSettings({ sso: [provider] }).sso[0]?.scopes, ['openid', 'email', 'profile'])
  assert.is(consoleAccountSettings({ sso: [{ ...provider, issuer: 'http://127.0.0.1:4000' }] }).sso.length, 1)
  refused([{ ...provider, id: 'Corp ID' }], /id must be lowercase letters/)
  refused([{ ...provider, issuer: 'http://id.example.com' }], /must be an https URL/)
  refused([{ ...provider, issuer: 'not a url' }], /must be a URL/)
  refused([{ ...provider, defaultRole: 'admin' }], /defaultRole must be viewer, editor or owner/)
  refused([{ ...provider, roleClaim: 'groups', roleMap: { staff: 'boss' } }], /roleMap\["staff"\] must be viewer, editor or owner/)
  refused([{ ...provider, roleClaim: 'groups' }], /roleClaim and roleMap go together/)
  refused([{ ...provider, clientSecret: '' }], /clientSecret must be a text/)
  refused([{ ...provider, tenant: 'x' }], /unknown setting "tenant"/)
  refused([{ ...provider, allowedDomains: ['@example.com'] }], /allowedDomains must hold domains/)
  refused([provider, provider], /two providers with the id "corp"/)
  assert.throws(() => consoleAccountSettings({ passwordSignIn: 'no' } as never), /passwordSignIn must be true or false/)
  assert.throws(() => consoleAccountSettings({ sessionTtl: 60 } as never), /unknown setting "sessionTtl"/)
})

settings.run()

// ——— Password sign-in turned off ——————————————————————————————————————————————————————————————————————————

const off = suiteWithBed('console with password sign-in turned off', {
  console: { bundle: 'export {}\n', accounts: { passwordSignIn: false, sso: [provider] } },
})

off.test(
  'the sign-in page has the provider button and no password form; a password post is refused (403); a one-time link still signs in',
  async () => {
    const person = await off.bed().canvass.admin.addConsolePerson({
      email: 'has-password@example.com',
      role: 'editor',
      projectId: off.bed().projectId,
      password: 'a long enough password',
    })
    const page = await pageRequest(off.bed(), 'GET', '/console/sign-in')
    assert.is(page.status, 200)
    assert.ok(page.text.includes('Sign in with Corp</a>'))
    assert.not.ok(page.text.includes('type="password"'), 'no password field')
    assert.not.ok(page.text.includes('<form'), 'no form')
    const post = await pageRequest(off.bed(), 'POST', '/console/sign-in', {
      form: { csrf: 'x'.repeat(43), email: person.email, password: 'a long enough password' },
    })
    assert.is(post.status, 403)
    assert.ok(post.text.includes('Signing in with a password is turned off here.'))
    assert.is(
      post.setCookies.find((cookie) => cookie.startsWith('canvass_console=')),
      undefined,
    )
    // The link's page asks for no password; its button signs in.
    const linkPage = await pageRequest(off.bed(), 'GET', person.link.path)
    assert.is(linkPage.status, 200)
    assert.not.ok(linkPage.text.includes('type="password"'))
    const csrf = /name="csrf" value="([^"]+)"/.exec(linkPage.text)?.[1] as string
    const formCookie = linkPage.setCookies.find((cookie) => cookie.startsWith('canvass_console_form='))?.split(';')[0] as string
    const used = await pageRequest(off.bed(), 'POST', person.link.path, {
      cookies: [formCookie],
      form: { csrf, password: 'another long password' },
    })
    assert.is(used.status, 303, used.text)
    assert.ok(used.setCookies.some((cookie) => cookie.startsWith('canvass_console=')))
    const stored = await off.bed().storage.consoleAccounts.findAccountByEmail(person.email)
    assert.ok(stored?.passwordHash, 'the password it had stays; none was set from the link')
  },
)

off.test.run()
