/**
 * The console's own people (docs/console-accounts.md), over the bed's real database: sign-in by password and by
 * one-time link, the session cookie and what it grants, sign-out and expiry, the sign-in rate limit, the people
 * routes with the last-owner guard (also under concurrent requests), and passwords never kept or logged in clear.
 */
import { TEST_ORIGIN, createTestClock, sql, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { consoleAccountsAuthorize } from '../src'
import { browser as pageRequest } from './console-pages'

const clock = createTestClock('2026-05-01T10:00:00Z')
const logged: string[] = []
const capture = (...parts: unknown[]) => {
  logged.push(
    parts.map((part) => (part instanceof Error ? `${part.message} ${part.stack}` : (JSON.stringify(part) ?? String(part)))).join(' '),
  )
}
const { test, bed } = suiteWithBed('console accounts', {
  clock,
  console: { accounts: true, bundle: 'export {}\n' },
  logger: { error: capture, warn: capture, info: capture },
})

const PASSWORD = 'correct horse battery staple'
let counter = 0
const uniqueEmail = () => `person${++counter}.${Date.now()}@example.com`

/** A page request as a browser sends it, on this suite's bed. */
const browser = (method: string, path: string, options: Parameters<typeof pageRequest>[3] = {}) => pageRequest(bed(), method, path, options)

/** `name=value` of a Set-Cookie header, to send back. */
const pair = (setCookie: string) => setCookie.split(';')[0] as string
const cookieNamed = (setCookies: string[], name: string) => setCookies.find((c) => c.startsWith(`${name}=`))

/** Opens the sign-in page: its form token and the double-submit cookie. */
async function signInForm(address?: string) {
  const page = await browser('GET', '/console/sign-in', address ? { address } : {})
  assert.is(page.status, 200)
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1]
  const formCookie = cookieNamed(page.setCookies, 'canvass_console_form')
  assert.ok(csrf && formCookie, 'the page has a form token and its cookie')
  return { csrf, cookie: pair(formCookie) }
}

async function signIn(email: string, password: string, address?: string) {
  const form = await signInForm(address)
  return browser('POST', '/console/sign-in', {
    cookies: [form.cookie],
    form: { csrf: form.csrf, email, password },
    ...(address ? { address } : {}),
  })
}

const authorize = () =>
  consoleAccountsAuthorize({ storage: bed().storage, now: clock.now, publicUrl: undefined, basePath: '', requestProtocol: () => 'http:' })
/** The grant of a session of a person of one project (the bed's): the only one of its account. */
const grantOf = async (sessionCookie: string) => {
  const grants = await authorize()(new Request(`${TEST_ORIGIN}/console`, { headers: { cookie: sessionCookie } }))
  if (grants && grants.length !== 1) throw new Error(`one grant expected, got ${grants.length}`)
  return grants?.[0] ?? null
}

async function addPerson(role: 'viewer' | 'editor' | 'owner', password?: string) {
  return bed().canvass.admin.addConsolePerson({ email: uniqueEmail(), role, projectId: bed().projectId, ...(password ? { password } : {}) })
}

test('sign-in by password sets the session cookie as design §3 says, and the session grants the person its role', async () => {
  const person = await addPerson('editor', PASSWORD)
  const answer = await signIn(person.email.toUpperCase(), PASSWORD)
  assert.is(answer.status, 303)
  assert.is(answer.headers.get('location'), '/console')
  const session = cookieNamed(answer.setCookies, 'canvass_console')
  assert.ok(session)
  assert.match(session, /^canvass_console=[A-Za-z0-9_-]{43}; /)
  for (const attribute of ['Path=/', 'Max-Age=43200', 'HttpOnly', 'SameSite=Strict'])
    assert.ok(session.split('; ').includes(attribute), attribute)
  assert.not.ok(session.includes('Secure'), 'not on http')
  assert.equal(await grantOf(pair(session)), { projectId: bed().projectId, role: 'editor', person: { id: person.id, name: person.email } })
  assert.is(await grantOf('canvass_console=nonsense'), null)
  assert.is(await grantOf(`canvass_console=${'A'.repeat(43)}`), null)
  // A signed-in person who opens the sign-in page goes on to the console.
  assert.is((await browser('GET', '/console/sign-in', { cookies: [pair(session)] })).status, 303)
})

test('over https the cookies are Secure, and named __Host-', async () => {
  const person = await addPerson('viewer', PASSWORD)
  const page = await browser('GET', '/console/sign-in', { origin: 'https://canvass.test' })
  const formCookie = cookieNamed(page.setCookies, '__Host-canvass_console_form') as string
  assert.ok(formCookie.includes('; Secure'))
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] as string
  const answer = await browser('POST', '/console/sign-in', {
    origin: 'https://canvass.test',
    cookies: [pair(formCookie)],
    form: { csrf, email: person.email, password: PASSWORD },
  })
  assert.is(answer.status, 303)
  assert.ok(cookieNamed(answer.setCookies, '__Host-canvass_console')?.endsWith('; Secure'))
})

test('a wrong password, an unknown email and a person without a password all get the same 401 page', async () => {
  const person = await addPerson('viewer', PASSWORD)
  const linkOnly = await addPerson('viewer')
  for (const [email, password] of [
    [person.email, 'not the password at all'],
    [uniqueEmail(), PASSWORD],
    [linkOnly.email, ''],
    ['not an email', PASSWORD],
  ] as const) {
    const answer = await signIn(email, password)
    assert.is(answer.status, 401, email)
    assert.ok(answer.text.includes('Email or password is not right.'))
    assert.is(cookieNamed(answer.setCookies, 'canvass_console'), undefined)
    assert.match(answer.headers.get('content-security-policy') ?? '', /default-src 'none'/)
    assert.ok(answer.text.includes('<label for="email">Email</label>') && answer.text.includes('<label for="password">Password</label>'))
  }
})

test('a sign-in without the form token, or from another site, is refused', async () => {
  const person = await addPerson('viewer', PASSWORD)
  const form = await signInForm()
  const noCookie = await browser('POST', '/console/sign-in', { form: { csrf: form.csrf, email: person.email, password: PASSWORD } })
  assert.is(noCookie.status, 403)
  const wrong = await browser('POST', '/console/sign-in', {
    cookies: [form.cookie],
    form: { csrf: 'x'.repeat(43), email: person.email, password: PASSWORD },
  })
  assert.is(wrong.status, 403)
  const headers = { 'sec-fetch-site': 'cross-site', cookie: form.cookie, 'content-type': 'application/x-www-form-urlencoded' }
  const body = new URLSearchParams({ csrf: form.csrf, email: person.email, password: PASSWORD }).toString()
  const cross = await bed().fetch(new Request(`${TEST_ORIGIN}/console/sign-in`, { method: 'POST', headers, body }))
  assert.is(cross.status, 403)
})

test('sign-in is rate limited per email and per address: 429 with Retry-After, even with the right password', async () => {
  const person = await addPerson('viewer', PASSWORD)
  for (let i = 0; i < 10; i++) assert.is((await signIn(person.email, 'wrong password!', `10.0.1.${i}`)).status, 401)
  const limited = await signIn(person.email, PASSWORD, '10.0.1.99')
  assert.is(limited.status, 429)
  assert.ok(Number(limited.headers.get('retry-after')) > 0)
  assert.ok(limited.text.includes('Too many sign-in attempts'))
  // Per address: 30 attempts from one address, whatever emails they name.
  for (let i = 0; i < 30; i++) await signIn(uniqueEmail(), 'whatever it is', '10.0.2.1')
  const other = await addPerson('viewer', PASSWORD)
  assert.is((await signIn(other.email, PASSWORD, '10.0.2.1')).status, 429)
  assert.is((await signIn(other.email, PASSWORD, '10.0.2.2')).status, 303, 'another address is not limited')
})

test('a one-time link: opening it uses nothing, its button signs in once; a second use is refused', async () => {
  const person = await addPerson('viewer')
  assert.match(person.link.path, /^\/console\/link\/[A-Za-z0-9_-]{43}$/)
  assert.is(person.link.expiresAt.getTime() - clock.now().getTime(), 24 * 3600 * 1000)
  const first = await browser('GET', person.link.path)
  const again = await browser('GET', person.link.path)
  assert.is(first.status, 200)
  assert.is(again.status, 200, 'a GET never uses the link')
  assert.ok(first.text.includes('<button type="submit">Sign in</button>'))
  const csrf = /name="csrf" value="([^"]+)"/.exec(first.text)?.[1] as string
  const cookies = [pair(cookieNamed(first.setCookies, 'canvass_console_form') as string)]
  const used = await browser('POST', person.link.path, { cookies, form: { csrf } })
  assert.is(used.status, 303)
  const session = cookieNamed(used.setCookies, 'canvass_console') as string
  assert.is((await grantOf(pair(session)))?.person?.id, person.id)
  const second = await browser('POST', person.link.path, { cookies, form: { csrf } })
  assert.is(second.status, 404)
  assert.ok(second.text.includes('This link cannot be used'))
  assert.is((await browser('GET', person.link.path)).status, 404)
})

test('concurrent uses of one link: exactly one signs in', async () => {
  const person = await addPerson('viewer')
  const page = await browser('GET', person.link.path)
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] as string
  const cookies = [pair(cookieNamed(page.setCookies, 'canvass_console_form') as string)]
  const answers = await Promise.all(Array.from({ length: 6 }, () => browser('POST', person.link.path, { cookies, form: { csrf } })))
  assert.equal(answers.map((a) => a.status).sort(), [303, 404, 404, 404, 404, 404])
})

test('a link can set a password; an expired link is refused', async () => {
  const person = await addPerson('viewer')
  const page = await browser('GET', person.link.path)
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] as string
  const cookies = [pair(cookieNamed(page.setCookies, 'canvass_console_form') as string)]
  assert.is((await browser('POST', person.link.path, { cookies, form: { csrf, password: 'short' } })).status, 400, 'too short')
  assert.is((await browser('POST', person.link.path, { cookies, form: { csrf, password: PASSWORD } })).status, 303)
  assert.is((await signIn(person.email, PASSWORD)).status, 303)
  const later = await bed().canvass.admin.createConsoleLink({ email: person.email })
  clock.advance(24 * 3600 * 1000)
  assert.is((await browser('GET', later.path)).status, 404)
})

test('a first-owner link asks for an email (and a password) and makes an owner', async () => {
  const project = await bed().newProject('First owner')
  const link = await bed().canvass.admin.createConsoleLink({ firstOwner: true, projectId: project.projectId })
  const page = await browser('GET', link.path)
  assert.is(page.status, 200)
  assert.ok(page.text.includes('<label for="email">Email</label>'))
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] as string
  const cookies = [pair(cookieNamed(page.setCookies, 'canvass_console_form') as string)]
  const taken = await bed().canvass.admin.addConsolePerson({ email: uniqueEmail(), role: 'viewer', projectId: project.projectId })
  assert.is((await browser('POST', link.path, { cookies, form: { csrf, email: taken.email } })).status, 409, "an email of the project's")
  const email = uniqueEmail()
  const made = await browser('POST', link.path, { cookies, form: { csrf, email, password: PASSWORD } })
  assert.is(made.status, 303)
  const grant = await grantOf(pair(cookieNamed(made.setCookies, 'canvass_console') as string))
  assert.equal(
    { projectId: grant?.projectId, role: grant?.role, name: grant?.person?.name },
    { projectId: project.projectId, role: 'owner', name: email },
  )
  assert.is((await browser('POST', link.path, { cookies, form: { csrf, email: uniqueEmail() } })).status, 404, 'used once')
  assert.is((await signIn(email, PASSWORD)).status, 303)
})

test('sign-out ends the session and clears the cookie; an expired session is refused', async () => {
  const person = await addPerson('viewer', PASSWORD)
  const session = pair(cookieNamed((await signIn(person.email, PASSWORD)).setCookies, 'canvass_console') as string)
  assert.ok(await grantOf(session))
  const out = await browser('POST', '/console/sign-out', { cookies: [session] })
  assert.is(out.status, 303)
  assert.is(out.headers.get('location'), '/console/sign-in')
  assert.match(cookieNamed(out.setCookies, 'canvass_console') ?? '', /^canvass_console=; Path=\/; Max-Age=0; HttpOnly; SameSite=Strict/)
  assert.is(await grantOf(session), null)
  const next = pair(cookieNamed((await signIn(person.email, PASSWORD)).setCookies, 'canvass_console') as string)
  // Used every 90 minutes (within the idle timeout of 2 hours), it lives until its 12 hours end.
  for (let hour = 0; hour < 10.5; hour += 1.5) {
    clock.advance(1.5 * 3600 * 1000)
    assert.ok(await grantOf(next), `live after ${hour + 1.5} hours`)
  }
  clock.advance(1.5 * 3600 * 1000 - 1000)
  assert.ok(await grantOf(next), 'live until its 12 hours end')
  clock.advance(1000)
  assert.is(await grantOf(next), null, 'expired')
})

test('people routes: list, add (with a link), change a role, remove; an email taken is 409', async () => {
  const { call, keyA } = bed()
  const project = await bed().newProject('People')
  const email = uniqueEmail()
  const added = await call('POST', '/api/v1/console/people', {
    key: project.key,
    body: { email: ` ${email.toUpperCase()} `, role: 'owner', password: PASSWORD },
  })
  assert.is(added.status, 200, added.text)
  assert.is(added.body.data.email, email)
  assert.is(added.body.data.hasPassword, true)
  assert.match(added.body.data.link.path, /^\/console\/link\//)
  assert.is(added.body.data.passwordHash, undefined)
  const editor = await call('POST', '/api/v1/console/people', { key: project.key, body: { email: uniqueEmail(), role: 'editor' } })
  assert.is(editor.status, 200, editor.text)
  assert.is((await call('POST', '/api/v1/console/people', { key: project.key, body: { email, role: 'viewer' } })).status, 409)
  assert.is((await call('POST', '/api/v1/console/people', { key: project.key, body: { email: 'nope', role: 'viewer' } })).status, 400)
  assert.is((await call('POST', '/api/v1/console/people', { key: project.key, body: { email: uniqueEmail(), role: 'admin' } })).status, 400)
  const list = await call('GET', '/api/v1/console/people', { key: project.key })
  assert.equal(list.body.data.map((p: { email: string }) => p.email).sort(), [email, editor.body.data.email].sort())
  assert.equal(
    (await call('GET', '/api/v1/console/people', { key: keyA })).body.data.filter((p: { email: string }) => p.email === email),
    [],
    'another project sees none',
  )
  const ownerId = added.body.data.id
  assert.is(
    (await call('PATCH', `/api/v1/console/people/${ownerId}`, { key: project.key, body: { role: 'viewer' } })).status,
    409,
    'the last owner',
  )
  assert.is((await call('DELETE', `/api/v1/console/people/${ownerId}`, { key: project.key })).status, 409, 'the last owner')
  assert.is(
    (await call('PATCH', `/api/v1/console/people/${ownerId}`, { key: keyA, body: { role: 'viewer' } })).status,
    404,
    'another project',
  )
  const promoted = await call('PATCH', `/api/v1/console/people/${editor.body.data.id}`, { key: project.key, body: { role: 'owner' } })
  assert.is(promoted.body.data.role, 'owner')
  // An owner's link comes from an owner in the console (console-people-powers.test.ts) or the admin functions.
  const link = await bed().canvass.admin.createConsoleLink({ email })
  assert.match(link.path, /^\/console\/link\/[A-Za-z0-9_-]{43}$/)
  assert.is((await call('DELETE', `/api/v1/console/people/${ownerId}`, { key: project.key })).status, 200)
  assert.is((await browser('GET', link.path)).status, 404, 'the removed person’s links go too')
  const audit = await call('GET', '/api/v1/management/audit-log?resourceType=consolePerson', { key: project.key })
  assert.ok(audit.status === 200 || audit.status === 400, audit.text)
})

test('concurrent demotions of the last two owners over HTTP: one is refused', async () => {
  const { call } = bed()
  const project = await bed().newProject('Owners')
  const owners = await Promise.all(
    [0, 1].map(
      async () =>
        (await call('POST', '/api/v1/console/people', { key: project.key, body: { email: uniqueEmail(), role: 'owner' } })).body.data.id,
    ),
  )
  const answers = await Promise.all([
    call('PATCH', `/api/v1/console/people/${owners[0]}`, { key: project.key, body: { role: 'viewer' } }),
    call('DELETE', `/api/v1/console/people/${owners[1]}`, { key: project.key }),
  ])
  assert.equal(answers.map((a) => a.status).sort(), [200, 409])
  const left = (await call('GET', '/api/v1/console/people', { key: project.key })).body.data.filter(
    (p: { role: string }) => p.role === 'owner',
  )
  assert.is(left.length, 1)
})

test('passwords are never stored or logged in clear: rows, audit log and logger output', async () => {
  const secret = `Sekrit-${Date.now()}-password`
  const person = await addPerson('owner', secret)
  await signIn(person.email, secret)
  await signIn(person.email, `${secret}-wrong`)
  await bed().call('POST', '/api/v1/console/people', {
    key: bed().keyA,
    body: { email: uniqueEmail(), role: 'viewer', password: `${secret}-api` },
  })
  const stored = await bed().storage.consoleAccounts.getPerson(person.id)
  assert.ok(stored?.passwordHash?.startsWith('scrypt$14$8$1$'))
  assert.is.not(stored?.passwordHash, secret)
  assert.not.ok(stored?.passwordHash?.includes(secret))
  for (const table of ['console_people', 'console_sessions', 'console_links', 'audit_log']) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(`canvass.${table}`)}`.execute(bed().db)
    assert.not.ok(JSON.stringify(rows).includes('Sekrit-'), `${table} holds no password`)
  }
  assert.not.ok(logged.join('\n').includes('Sekrit-'), 'nothing logged holds a password')
})

test.run()
