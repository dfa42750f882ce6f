/**
 * The accounts mode's cookies behind a proxy (docs/console-accounts.md, "Sessions and cookies"): `Secure` when
 * the request came over https, which a proxy that ends TLS says in `X-Forwarded-Proto` or `Forwarded: proto=`,
 * taken only from an address of `trustProxy` (the socket's, as the host gives it) and only as the nearest proxy
 * wrote it; a Secure cookie is named `__Host-` (Path `/`, no Domain) or `__Secure-` under a base path, and only
 * the name this request would set is read, so that a listener on another port cannot plant an unprefixed one.
 */
import { TEST_ORIGIN, createTestCanvass } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { createCanvass } from '@canvass/core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const PASSWORD = 'correct horse battery staple'
let counter = 0
const uniqueEmail = () => `cookie${++counter}.${Date.now()}@example.com`

interface Sent {
  address?: string | undefined
  headers?: Record<string, string>
  cookies?: string[]
  form?: Record<string, string>
  origin?: string
}

/** A page request as a browser behind the proxy sends it, from the socket address `address`. */
async function send(bed: TestCanvass, method: string, path: string, sent: Sent = {}) {
  const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', ...sent.headers }
  if (sent.cookies?.length) headers.cookie = sent.cookies.join('; ')
  let body: string | undefined
  if (sent.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(sent.form).toString()
  }
  const request = new Request((sent.origin ?? TEST_ORIGIN) + path, { method, headers, body })
  const response = await bed.fetch(
    request,
    'address' in sent && sent.address === undefined ? {} : { clientAddress: sent.address ?? '127.0.0.1' },
  )
  const text = await response.text()
  assert.ok(response.status < 500, `${method} ${path} answered ${response.status}: ${text}`)
  return { status: response.status, headers: response.headers, text, setCookies: response.headers.getSetCookie() }
}

const pair = (setCookie: string) => setCookie.split(';')[0] as string
const nameOf = (setCookie: string) => setCookie.slice(0, setCookie.indexOf('='))

/** The form cookie a sign-in page sets for a request sent as `sent`. */
async function formCookie(bed: TestCanvass, sent: Sent) {
  const page = await send(bed, 'GET', '/console/sign-in', sent)
  assert.is(page.status, 200)
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] as string
  assert.is(page.setCookies.length, 1, JSON.stringify(page.setCookies))
  return { csrf, setCookie: page.setCookies[0] as string }
}

/** Signs a new person in with requests sent as `sent`: the session's Set-Cookie. */
async function signIn(bed: TestCanvass, sent: Sent) {
  const person = await bed.canvass.admin.addConsolePerson({
    email: uniqueEmail(),
    role: 'viewer',
    projectId: bed.projectId,
    password: PASSWORD,
  })
  const form = await formCookie(bed, sent)
  const answer = await send(bed, 'POST', '/console/sign-in', {
    ...sent,
    cookies: [pair(form.setCookie)],
    form: { csrf: form.csrf, email: person.email, password: PASSWORD },
  })
  assert.is(answer.status, 303, answer.text)
  const session = answer.setCookies.find((cookie) => !nameOf(cookie).includes('_form')) as string
  assert.ok(session, JSON.stringify(answer.setCookies))
  return { session, form: form.setCookie, cleared: answer.setCookies.find((cookie) => nameOf(cookie).includes('_form')) }
}

/** Whether the console page lets the holder of `cookie` in (200) rather than sending them to sign in. */
async function signedIn(bed: TestCanvass, cookie: string, sent: Sent): Promise<boolean> {
  const page = await send(bed, 'GET', '/console', { ...sent, cookies: [cookie] })
  return page.status === 200
}

const proxied = suite('console cookies behind a trusted proxy')
let bed: TestCanvass
proxied.before(async () => {
  bed = await createTestCanvass({
    console: { accounts: true, bundle: 'export {}\n' },
    trustProxy: ['loopback', '10.1.0.0/16', '2001:db8::/32', '192.0.2.9'],
    widgetBundles: false,
    blobs: false,
  })
})
proxied.after(() => bed?.close())

const HTTPS = { 'x-forwarded-proto': 'https' }

proxied("a trusted proxy's X-Forwarded-Proto: https makes both cookies Secure and __Host-, with Path /", async () => {
  const sent = { headers: HTTPS }
  const { session, form, cleared } = await signIn(bed, sent)
  assert.match(form, /^__Host-canvass_console_form=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=3600; HttpOnly; SameSite=Strict; Secure$/)
  assert.match(session, /^__Host-canvass_console=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict; Secure$/)
  assert.is(cleared, '__Host-canvass_console_form=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict; Secure')
  assert.ok(await signedIn(bed, pair(session), sent), 'the __Host- session signs in')
  // The same token under the plain name is what a listener on another port of the host could have set: not read.
  const plain = pair(session).replace(/^__Host-/, '')
  assert.not.ok(await signedIn(bed, plain, sent), 'the plain name is not read over https')
  // Sign-out clears the name it set.
  const out = await send(bed, 'POST', '/console/sign-out', { ...sent, cookies: [pair(session)] })
  assert.is(out.status, 303)
  assert.equal(out.setCookies, ['__Host-canvass_console=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict; Secure'])
  assert.not.ok(await signedIn(bed, pair(session), sent), 'signed out')
})

proxied('Forwarded: proto=https from a listed IPv6 address, a CIDR, or an IPv4-mapped address is taken too', async () => {
  for (const [address, headers] of [
    ['2001:db8::7', { forwarded: 'for=192.0.2.60;proto=https;by=203.0.113.43' }],
    ['10.1.200.3', { forwarded: 'for="[2001:db8:cafe::17]:4711";proto="https"' }],
    ['::ffff:10.1.0.1', HTTPS],
    ['::1', { 'x-forwarded-proto': 'HTTPS' }],
    ['127.0.0.2', HTTPS],
    ['192.0.2.9', HTTPS],
  ] as const) {
    const { setCookie } = await formCookie(bed, { address, headers })
    assert.ok(setCookie.startsWith('__Host-canvass_console_form=') && setCookie.endsWith('; Secure'), `${address}: ${setCookie}`)
  }
})

proxied('only the value the nearest proxy appended counts, and only http or https', async () => {
  for (const [headers, secure] of [
    [{ 'x-forwarded-proto': 'https, http' }, false],
    [{ 'x-forwarded-proto': 'http, https' }, true],
    [{ forwarded: 'proto=http, for=192.0.2.1;proto=https' }, true],
    [{ forwarded: 'proto=https, for=192.0.2.1;proto=http' }, false],
    [{ forwarded: 'for=192.0.2.1;proto=https, for=192.0.2.2' }, false],
    [{ forwarded: 'for="a,proto=https";proto=http' }, false],
    [{ 'x-forwarded-proto': 'wss' }, false],
    [{ 'x-forwarded-proto': 'https;x' }, false],
    [{ forwarded: 'proto=ftp' }, false],
    [{ forwarded: 'proto' }, false],
  ] as const) {
    const { setCookie } = await formCookie(bed, { headers })
    assert.is(setCookie.endsWith('; Secure'), secure, `${JSON.stringify(headers)}: ${setCookie}`)
    assert.is(nameOf(setCookie), secure ? '__Host-canvass_console_form' : 'canvass_console_form')
  }
})

proxied('from an address not in the list (or none), the forwarded headers are ignored', async () => {
  for (const address of ['192.0.2.1', '10.2.0.1', '2001:db9::1', '::ffff:192.0.2.1', undefined]) {
    const { setCookie } = await formCookie(bed, { address, headers: { ...HTTPS, forwarded: 'proto=https' } })
    assert.match(setCookie, /^canvass_console_form=[^;]+; Path=\/; Max-Age=3600; HttpOnly; SameSite=Strict$/, String(address))
  }
  // Signed in over http, the plain name is the one read; the __Host- name is not.
  const { session } = await signIn(bed, { address: '192.0.2.1', headers: HTTPS })
  assert.ok(nameOf(session) === 'canvass_console' && !session.includes('Secure'), session)
  assert.ok(await signedIn(bed, pair(session), { address: '192.0.2.1' }))
  assert.not.ok(await signedIn(bed, `__Host-${pair(session)}`, { address: '192.0.2.1' }))
})

proxied('a request that came over https itself needs no proxy', async () => {
  const { setCookie } = await formCookie(bed, { address: '192.0.2.1', origin: 'https://canvass.test' })
  assert.ok(setCookie.startsWith('__Host-canvass_console_form=') && setCookie.endsWith('; Secure'), setCookie)
})
proxied.run()

const based = suite('console cookies under a base path')
let basedBed: TestCanvass
based.before(async () => {
  basedBed = await createTestCanvass({
    basePath: '/feedback',
    publicUrl: 'https://example.com/feedback',
    console: { accounts: true, bundle: 'export {}\n' },
    widgetBundles: false,
    blobs: false,
  })
})
based.after(() => basedBed?.close())

based('a Secure cookie with a Path other than / is named __Secure- (a __Host- cookie must have Path /)', async () => {
  const page = await send(basedBed, 'GET', '/feedback/console/sign-in')
  const cookie = page.setCookies[0] as string
  assert.match(
    cookie,
    /^__Secure-canvass_console_form=[A-Za-z0-9_-]{43}; Path=\/feedback\/; Max-Age=3600; HttpOnly; SameSite=Strict; Secure$/,
  )
})
based.run()

const options = suite('trustProxy option')
options('an entry that is neither an address, a CIDR nor loopback stops createCanvass, naming it', async () => {
  const storage = {} as Parameters<typeof createCanvass>[0]['storage']
  for (const entry of ['nonsense', '10.0.0.0/33', '10.0.0.256', '2001:db8::/129', '2001:db8:::1', '10.0.0.0/', '']) {
    assert.throws(
      () => createCanvass({ storage, trustProxy: [entry], background: false, widget: false }),
      (error: Error) => error instanceof TypeError && error.message.includes(`trustProxy`) && error.message.includes(JSON.stringify(entry)),
      entry,
    )
  }
})
options.run()
