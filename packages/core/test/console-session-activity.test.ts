/**
 * The accounts mode's sessions as owners and people see them (docs/console-accounts.md, "Sessions and cookies"):
 * the idle and absolute timeouts on a test clock, `lastSeenAt` written at most once a minute, owners listing and
 * ending a person's sessions (refused when the person works in a project the owner does not own), a person ending
 * their own, and the audit entries of sign-ins, sign-outs and ended sessions, which carry no token or hash.
 */
import { createTestClock, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { consoleAccountSettings } from '../src/domain/console/console-accounts'
import { asConsole, browser, consoleSession, postForm, signIn } from './console-pages'
import type { SignedIn } from './console-pages'

const clock = createTestClock('2026-05-01T10:00:00Z')
const IDLE = 30 * 60
const TTL = 2 * 60 * 60
const { test, bed } = suiteWithBed('console sessions: timeouts, owners and the audit log', {
  clock,
  console: { accounts: { sessionTtlSeconds: TTL, idleTimeoutSeconds: IDLE }, bundle: 'export {}\n' },
})

const PASSWORD = 'correct horse battery staple'
let counter = 0
const uniqueEmail = () => `activity${++counter}.${Date.now()}@example.com`
/** An address of each sign-in's own, so that the sign-in rate limit is never met. */
const nextAddress = () => `10.88.${Math.floor(counter / 250)}.${counter % 250}`

/** A person of `projectId`; a password only for a new account (a membership of another project uses the account's). */
async function addPerson(role: 'viewer' | 'editor' | 'owner', projectId = bed().projectId, email = uniqueEmail()) {
  const known = await bed().storage.consoleAccounts.findAccountByEmail(email)
  return bed().canvass.admin.addConsolePerson({ email, role, projectId, ...(known ? {} : { password: PASSWORD }) })
}

async function session(email: string, address = nextAddress()): Promise<SignedIn> {
  return consoleSession(bed(), email, PASSWORD, address)
}

/** Whether a session still opens the console's API (200) or is over (401). */
async function statusOf(who: SignedIn): Promise<number> {
  return (await asConsole(bed(), who, 'GET', '/api/v1/console/me/sessions')).status
}

/** A console call in the bed's project's production environment (a person of several projects names it). */
function inBedProject(who: SignedIn, method: string, path: string) {
  const headers: Record<string, string> = {
    'x-canvass-console': '1',
    'sec-fetch-site': 'same-origin',
    'x-canvass-environment': bed().envA,
    cookie: who.session,
  }
  if (method !== 'GET') headers['x-canvass-csrf'] = who.csrf
  return bed().call(method, path, { headers })
}

const stored = async (accountId: string) => bed().storage.consoleAccounts.listSessions(accountId, clock.now(), new Date(0), 100)

test('the idle timeout is settable, defaults to 2 hours, and is never above the absolute lifetime', () => {
  const { sessionTtlSeconds, idleTimeoutSeconds, linkTtlSeconds } = consoleAccountSettings(true)
  assert.equal(
    { sessionTtlSeconds, idleTimeoutSeconds, linkTtlSeconds },
    { sessionTtlSeconds: 43200, idleTimeoutSeconds: 7200, linkTtlSeconds: 86400 },
  )
  assert.is(consoleAccountSettings({ sessionTtlSeconds: 600 }).idleTimeoutSeconds, 600, 'the default is kept within a short lifetime')
  assert.throws(() => consoleAccountSettings({ idleTimeoutSeconds: 59 }), /idleTimeoutSeconds must be a whole number of seconds from 60/)
  assert.throws(() => consoleAccountSettings({ idleTimeoutSeconds: 31 * 86400 }), /from 60 to 2592000/)
  assert.throws(
    () => consoleAccountSettings({ sessionTtlSeconds: 3600, idleTimeoutSeconds: 7200 }),
    /idleTimeoutSeconds \(7200\) must not be above sessionTtlSeconds \(3600\)/,
  )
})

test('a session unused for longer than the idle timeout is over (401), one in use lives to its absolute end', async () => {
  const person = await addPerson('editor')
  const idle = await session(person.email)
  clock.advance(IDLE * 1000 - 1000)
  assert.is(await statusOf(idle), 200, 'used just within the idle timeout')
  clock.advance(IDLE * 1000 - 1000)
  assert.is(await statusOf(idle), 200, 'the last use counts, not the sign-in')
  clock.advance(IDLE * 1000)
  assert.is(await statusOf(idle), 401, 'unused for the whole idle timeout')
  const page = await browser(bed(), 'GET', '/console', { cookies: [idle.session] })
  assert.is(page.status, 303, 'the console page sends it to the sign-in page')
  assert.match(page.headers.get('location') ?? '', /\/console\/sign-in/)

  const busy = await session(person.email)
  for (let used = 0; used < TTL; used += IDLE / 2) {
    assert.is(await statusOf(busy), 200, `in use after ${used} s`)
    clock.advance((IDLE / 2) * 1000)
  }
  assert.is(await statusOf(busy), 401, 'over at its absolute end, however much it is used')
})

test('lastSeenAt is written at most once a minute, by one conditional write (concurrent requests too)', async () => {
  const person = await addPerson('viewer')
  const who = await session(person.email)
  const account = (await bed().storage.consoleAccounts.getPerson(person.id))?.accountId as string
  const signedInAt = clock.now().getTime()
  clock.advance(30_000)
  await Promise.all(Array.from({ length: 5 }, () => statusOf(who)))
  assert.is((await stored(account))[0]?.lastSeenAt.getTime(), signedInAt, 'not within the first minute')
  clock.advance(30_000)
  const before = clock.now().getTime()
  await Promise.all(Array.from({ length: 5 }, () => statusOf(who)))
  assert.is((await stored(account))[0]?.lastSeenAt.getTime(), before, 'a minute on: written')
  const store = bed().storage.consoleAccounts
  const [found] = await stored(account)
  const writes = await Promise.all(
    Array.from({ length: 6 }, () => store.touchSession(found!.hash, new Date(before + 90_000), new Date(before + 30_000))),
  )
  assert.is(writes.filter(Boolean).length, 1, 'of concurrent touches, one writes')
})

test('a session keeps how it was signed in, the browser (200 characters at most) and the address; lists never show a hash', async () => {
  const owner = await addPerson('owner')
  const person = await addPerson('viewer')
  const ownerSession = await session(owner.email)
  const form = await browser(bed(), 'GET', '/console/sign-in', { address: '203.0.113.9' })
  const csrf = /name="csrf" value="([^"]+)"/.exec(form.text)?.[1] as string
  const formCookie = form.setCookies[0]?.split(';')[0] as string
  const signedIn = await bed().fetch(
    new Request('http://localhost/console/sign-in', {
      method: 'POST',
      headers: {
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
        cookie: formCookie,
        'user-agent': `Mozilla/5.0 ${'x'.repeat(300)}`,
      },
      body: new URLSearchParams({ csrf, email: person.email, password: PASSWORD }).toString(),
    }),
    { clientAddress: '203.0.113.9' },
  )
  assert.is(signedIn.status, 303)
  const list = await asConsole(bed(), ownerSession, 'GET', `/api/v1/console/people/${person.id}/sessions`)
  assert.is(list.status, 200, list.text)
  assert.is(list.body.data.length, 1)
  const [listed] = list.body.data
  assert.equal(Object.keys(listed).sort(), ['address', 'createdAt', 'current', 'expiresAt', 'id', 'lastSeenAt', 'method', 'userAgent'])
  assert.is(listed.method, 'password')
  assert.is(listed.address, '203.0.113.9')
  assert.is(listed.userAgent.length, 200)
  assert.is(listed.current, false)
  assert.is(listed.expiresAt, new Date(clock.now().getTime() + TTL * 1000).toISOString())
  const [kept] = await stored((await bed().storage.consoleAccounts.getPerson(person.id))!.accountId)
  assert.not.ok(list.text.includes(kept!.hash), 'the hash is never shown')
  assert.not.match(kept!.id, /^[0-9a-f]{64}$/, 'the public id is not the hash')

  // A one-time link's session says so.
  const linkPerson = await bed().canvass.admin.addConsolePerson({ email: uniqueEmail(), role: 'viewer', projectId: bed().projectId })
  const used = await postForm(bed(), linkPerson.link.path, {}, nextAddress())
  assert.is(used.status, 303, used.text)
  const byLink = await asConsole(bed(), ownerSession, 'GET', `/api/v1/console/people/${linkPerson.id}/sessions`)
  assert.equal(
    byLink.body.data.map((s: { method: string }) => s.method),
    ['link'],
  )
})

test('an owner ends one session or all of a person, whose next request answers 401; another person is not touched', async () => {
  const owner = await addPerson('owner')
  const person = await addPerson('editor')
  const ownerSession = await session(owner.email)
  const [first, second, third] = [await session(person.email), await session(person.email), await session(person.email)]
  const path = `/api/v1/console/people/${person.id}/sessions`
  const listed = (await asConsole(bed(), ownerSession, 'GET', path)).body.data as { id: string }[]
  assert.is(listed.length, 3)
  // Which listed session is which: end one, and see which request answers 401.
  const one = await asConsole(bed(), ownerSession, 'DELETE', `${path}/${listed[0]!.id}`)
  assert.is(one.status, 200, one.text)
  assert.equal(one.body.data, { ended: 1 })
  const statuses = [await statusOf(first), await statusOf(second), await statusOf(third)]
  assert.equal(statuses.sort(), [200, 200, 401])
  assert.is((await asConsole(bed(), ownerSession, 'DELETE', `${path}/${listed[0]!.id}`)).status, 404, 'ended already')
  const all = await asConsole(bed(), ownerSession, 'DELETE', path)
  assert.is(all.status, 200, all.text)
  assert.equal(all.body.data, { ended: 2 })
  for (const who of [first, second, third]) assert.is(await statusOf(who), 401)
  assert.is(await statusOf(ownerSession), 200, "the owner's own session stays")
  // A key of the project may too; a viewer or editor in the console may not.
  const again = await session(person.email)
  const viewer = await addPerson('viewer')
  const viewerSession = await session(viewer.email)
  assert.is((await asConsole(bed(), viewerSession, 'GET', path)).status, 403)
  assert.is((await asConsole(bed(), viewerSession, 'DELETE', path)).status, 403)
  assert.is(await statusOf(again), 200)
  const byKey = await bed().call('DELETE', path, { key: bed().keyA })
  assert.is(byKey.status, 200, byKey.text)
  assert.is(await statusOf(again), 401)
})

test('an owner may list but not end the sessions of a person who also works in a project they do not own (403 in words)', async () => {
  const other = await bed().newProject('Not yours')
  const owner = await addPerson('owner')
  const email = uniqueEmail()
  const person = await addPerson('viewer', bed().projectId, email)
  await addPerson('editor', other.projectId, email)
  const ownerSession = await session(owner.email)
  const personSession = await session(email)
  const path = `/api/v1/console/people/${person.id}/sessions`
  const listed = await asConsole(bed(), ownerSession, 'GET', path)
  assert.is(listed.status, 200, listed.text)
  assert.is(listed.body.data.length, 1)
  for (const target of [path, `${path}/${listed.body.data[0].id}`]) {
    const refused = await asConsole(bed(), ownerSession, 'DELETE', target)
    assert.is(refused.status, 403, refused.text)
    assert.is(refused.body.code, 'forbidden')
    assert.match(refused.body.message, /This person also works in projects you do not own/)
    const byKey = await bed().call('DELETE', target, { key: bed().keyA })
    assert.is(byKey.status, 403, 'a key of one project neither')
  }
  assert.is(await statusOf(personSession), 200, 'nothing ended')
  // An owner of both projects may.
  const both = uniqueEmail()
  await addPerson('owner', bed().projectId, both)
  await addPerson('owner', other.projectId, both)
  const bothSession = await session(both)
  const ended = await inBedProject(bothSession, 'DELETE', path)
  assert.is(ended.status, 200, ended.text)
  assert.is(await statusOf(personSession), 401)
})

test('a person lists their own sessions (any role) and ends one, or all the others', async () => {
  const person = await addPerson('viewer')
  const [mine, laptop, phone] = [await session(person.email), await session(person.email), await session(person.email)]
  const list = await asConsole(bed(), mine, 'GET', '/api/v1/console/me/sessions')
  assert.is(list.status, 200, list.text)
  assert.is(list.body.data.length, 3)
  assert.is(list.body.data.filter((s: { current: boolean }) => s.current).length, 1, 'this one is marked')
  const other = list.body.data.find((s: { current: boolean }) => !s.current)
  const one = await asConsole(bed(), mine, 'DELETE', `/api/v1/console/me/sessions/${other.id}`)
  assert.is(one.status, 200, one.text)
  assert.equal([await statusOf(laptop), await statusOf(phone)].sort(), [200, 401])
  const others = await asConsole(bed(), mine, 'DELETE', '/api/v1/console/me/sessions')
  assert.is(others.status, 200, others.text)
  assert.equal(others.body.data, { ended: 1 })
  assert.equal([await statusOf(laptop), await statusOf(phone)], [401, 401])
  assert.is(await statusOf(mine), 200, 'this one stays')
  // Not another account's session, and a key has none.
  const stranger = await addPerson('viewer')
  const strangerSession = await session(stranger.email)
  const theirs = (await asConsole(bed(), strangerSession, 'GET', '/api/v1/console/me/sessions')).body.data[0].id
  assert.is((await asConsole(bed(), mine, 'DELETE', `/api/v1/console/me/sessions/${theirs}`)).status, 404)
  assert.is(await statusOf(strangerSession), 200)
  assert.is((await bed().call('GET', '/api/v1/console/me/sessions', { key: bed().keyA })).status, 403)
})

test('ending all sessions while the person makes requests: afterwards every request answers 401', async () => {
  const owner = await addPerson('owner')
  const person = await addPerson('editor')
  const ownerSession = await session(owner.email)
  const who = await session(person.email)
  clock.advance(61_000)
  const [ended, ...during] = await Promise.all([
    asConsole(bed(), ownerSession, 'DELETE', `/api/v1/console/people/${person.id}/sessions`),
    ...Array.from({ length: 6 }, () => statusOf(who)),
  ])
  assert.is(ended.status, 200, ended.text)
  for (const status of during) assert.ok(status === 200 || status === 401, `each answers 200 or 401 (${status})`)
  assert.is(await statusOf(who), 401, 'the touch of a request in flight does not bring it back')
  assert.equal(await stored((await bed().storage.consoleAccounts.getPerson(person.id))!.accountId), [])
})

/** The production log's entries of a resource type, newest first, as the log's own route answers them. */
async function entries(key: string, resourceType: string) {
  const answer = await bed().call('GET', `/api/v1/management/audit-log?resourceType=${resourceType}&limit=250`, { key })
  assert.is(answer.status, 200, answer.text)
  return answer.body.data as {
    action: string
    apiKeyLabel: string | null
    resourceId: string | null
    address: string | null
    route: string | null
    environmentId: string
  }[]
}

test('sign-ins (password, link), sign-outs and ended sessions go to the log of each project of the account, without tokens', async () => {
  const other = await bed().newProject('Second of the account')
  const email = uniqueEmail()
  const person = await addPerson('owner', bed().projectId, email)
  await addPerson('viewer', other.projectId, email)
  const signedIn = await signIn(bed(), email, PASSWORD, '198.51.100.7')
  assert.is(signedIn.status, 303)
  const token = /canvass_console=([^;]+)/.exec(signedIn.setCookies.join('\n'))?.[1] as string
  const sessionCookie = `canvass_console=${token}`
  const sessionId = (await asConsole(bed(), { session: sessionCookie, csrf: '' }, 'GET', '/api/v1/console/me/sessions')).body.data[0].id
  for (const key of [bed().keyA, other.key]) {
    const signIns = (await entries(key, 'consoleSession')).filter((entry) => entry.resourceId === sessionId)
    assert.equal(
      signIns.map((entry) => [entry.action, entry.apiKeyLabel, entry.address, entry.route]),
      [['signin', `console: ${email}`, '198.51.100.7', '/console/sign-in']],
      'the sign-in, in each project',
    )
  }
  const signOut = await browser(bed(), 'POST', '/console/sign-out', { cookies: [sessionCookie], address: '198.51.100.8' })
  assert.is(signOut.status, 303)
  for (const key of [bed().keyA, other.key]) {
    const [last] = await entries(key, 'consoleSession')
    assert.equal([last?.action, last?.resourceId, last?.address], ['signout', sessionId, '198.51.100.8'])
  }
  // A link's sign-in.
  const invited = await bed().canvass.admin.addConsolePerson({ email: uniqueEmail(), role: 'viewer', projectId: bed().projectId })
  assert.is((await postForm(bed(), invited.link.path, {}, '198.51.100.9')).status, 303)
  const [byLink] = await entries(bed().keyA, 'consoleSession')
  assert.equal([byLink?.action, byLink?.route, byLink?.address], ['signin', '/console/link/:token', '198.51.100.9'])
  // An owner ends the sessions of a person of both their projects: in both logs.
  const ownerEmail = uniqueEmail()
  await addPerson('owner', other.projectId, ownerEmail)
  await addPerson('owner', bed().projectId, ownerEmail)
  const ownerSession = await session(ownerEmail, '198.51.100.10')
  const ended = await inBedProject(ownerSession, 'DELETE', `/api/v1/console/people/${person.id}/sessions`)
  assert.is(ended.status, 200, ended.text)
  for (const key of [bed().keyA, other.key]) {
    const [last] = await entries(key, 'consoleSession')
    assert.equal(
      [last?.action, last?.apiKeyLabel, last?.route],
      ['delete', `console: ${ownerEmail}`, '/api/v1/console/people/:consolePersonId/sessions'],
    )
  }
  // No entry holds a token or a hash.
  const everything = JSON.stringify([...(await entries(bed().keyA, 'consoleSession')), ...(await entries(other.key, 'consoleSession'))])
  assert.not.ok(everything.includes(token), 'no token')
  assert.not.match(everything, /[0-9a-f]{64}/, 'no hash')
})

test('adding a person, changing a role and removing one are in the log with the person and the address', async () => {
  const owner = await addPerson('owner')
  const ownerSession = await session(owner.email, '198.51.100.20')
  const added = await asConsole(bed(), ownerSession, 'POST', '/api/v1/console/people', { email: uniqueEmail(), role: 'viewer' })
  assert.is(added.status, 200, added.text)
  const id = added.body.data.id
  assert.is((await asConsole(bed(), ownerSession, 'PATCH', `/api/v1/console/people/${id}`, { role: 'editor' })).status, 200)
  assert.is((await asConsole(bed(), ownerSession, 'DELETE', `/api/v1/console/people/${id}`)).status, 200)
  const logged = (await entries(bed().keyA, 'consolePerson')).filter((entry) => entry.resourceId === id)
  assert.equal(
    logged.map((entry) => [entry.action, entry.apiKeyLabel, entry.address]),
    [
      ['delete', `console: ${owner.email}`, '127.0.0.1'],
      ['update', `console: ${owner.email}`, '127.0.0.1'],
      ['create', `console: ${owner.email}`, '127.0.0.1'],
    ],
  )
})

test.run()
