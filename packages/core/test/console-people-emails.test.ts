/**
 * A console person's email is unique within their project only (docs/console-accounts.md, "People and roles"),
 * over HTTP on the bed: no answer tells one project whether another has a person with an email, and no project
 * can take an address from another; signing in by email and password finds the person whose password it is.
 */
import { TEST_ORIGIN, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { consoleAccountsAuthorize } from '../src'
import { browser, postForm, sessionOf, signIn } from './console-pages'

const { test, bed } = suiteWithBed('console people: emails per project')

const PASSWORD = 'correct horse battery staple'
let counter = 0
const uniqueEmail = () => `emails${++counter}.${Date.now()}@example.com`

/** The grant a session cookie gives. */
const grantOf = (session: string) =>
  consoleAccountsAuthorize({
    storage: bed().storage,
    now: () => new Date(),
    publicUrl: undefined,
    basePath: '',
    requestProtocol: () => 'http:',
  })(new Request(`${TEST_ORIGIN}/console`, { headers: { cookie: session } }))

test("project B's key adds an email project A has: 200; 409 only for the caller's own project's people", async () => {
  const a = await bed().newProject('A')
  const b = await bed().newProject('B')
  const email = uniqueEmail()
  const inA = await bed().call('POST', '/api/v1/console/people', { key: a.key, body: { email, role: 'owner' } })
  assert.is(inA.status, 200, inA.text)
  const inB = await bed().call('POST', '/api/v1/console/people', { key: b.key, body: { email: email.toUpperCase(), role: 'viewer' } })
  assert.is(inB.status, 200, `another project's person tells nothing and blocks nothing: ${inB.text}`)
  assert.is(inB.body.data.email, email)
  for (const key of [a.key, b.key]) {
    const again = await bed().call('POST', '/api/v1/console/people', { key, body: { email, role: 'editor' } })
    assert.is(again.status, 409, again.text)
    assert.is(again.body.code, 'conflict')
  }
  const listed = async (key: string) =>
    ((await bed().call('GET', '/api/v1/console/people', { key })).body.data as { id: string; email: string }[]).map((p) => p.id)
  assert.equal(await listed(a.key), [inA.body.data.id])
  assert.equal(await listed(b.key), [inB.body.data.id])
})

test('one email in two projects: the password says whose session it is; a wrong one is the one 401 for all', async () => {
  const a = await bed().newProject('Sign-in A')
  const b = await bed().newProject('Sign-in B')
  const email = uniqueEmail()
  const passwordB = 'another long password'
  const inA = await bed().canvass.admin.addConsolePerson({ email, role: 'editor', projectId: a.projectId, password: PASSWORD })
  const inB = await bed().canvass.admin.addConsolePerson({ email, role: 'owner', projectId: b.projectId, password: passwordB })
  const toA = await signIn(bed(), email, PASSWORD, '10.7.0.1')
  assert.is(toA.status, 303, toA.text)
  assert.equal(await grantOf(sessionOf(toA) as string), { projectId: a.projectId, role: 'editor', person: { id: inA.id, name: email } })
  const toB = await signIn(bed(), email.toUpperCase(), passwordB, '10.7.0.2')
  assert.is(toB.status, 303, toB.text)
  assert.equal(await grantOf(sessionOf(toB) as string), { projectId: b.projectId, role: 'owner', person: { id: inB.id, name: email } })
  const wrong = await signIn(bed(), email, 'not either password', '10.7.0.3')
  const unknown = await signIn(bed(), uniqueEmail(), 'not either password', '10.7.0.3')
  for (const answer of [wrong, unknown]) {
    assert.is(answer.status, 401)
    assert.ok(answer.text.includes('Email or password is not right.'))
    assert.is(sessionOf(answer), undefined)
  }
  const strip = (text: string) =>
    text
      .replace(/value="[^"]*"/g, '')
      .replace(/nonce="[^"]*"/g, '')
      .replace(/nonce-[^']*'/g, '')
  assert.is(strip(wrong.text).replace(email, ''), strip(unknown.text).replace(/emails\d+\.\d+@example\.com/, ''), 'the same page')
})

test('one email and one password in two projects: the session is of the person added first', async () => {
  const a = await bed().newProject('Same password A')
  const b = await bed().newProject('Same password B')
  const email = uniqueEmail()
  const first = await bed().canvass.admin.addConsolePerson({ email, role: 'viewer', projectId: a.projectId, password: PASSWORD })
  await bed().canvass.admin.addConsolePerson({ email, role: 'owner', projectId: b.projectId, password: PASSWORD })
  const answer = await signIn(bed(), email, PASSWORD, '10.7.1.1')
  assert.is(answer.status, 303, answer.text)
  assert.is((await grantOf(sessionOf(answer) as string))?.person?.id, first.id)
})

test("a first-owner link takes an email another project's person has; its own project's is 409", async () => {
  const elsewhere = await bed().newProject('Elsewhere')
  const email = uniqueEmail()
  await bed().canvass.admin.addConsolePerson({ email, role: 'owner', projectId: elsewhere.projectId })
  const project = await bed().newProject('First owner')
  const viewer = await bed().canvass.admin.addConsolePerson({ email: uniqueEmail(), role: 'viewer', projectId: project.projectId })
  const link = await bed().canvass.admin.createConsoleLink({ firstOwner: true, projectId: project.projectId })
  const taken = await postForm(bed(), link.path, { email: viewer.email })
  assert.is(taken.status, 409, 'a person of this project')
  const made = await postForm(bed(), link.path, { email, password: PASSWORD })
  assert.is(made.status, 303, made.text)
  const grant = await grantOf(sessionOf(made) as string)
  assert.equal({ projectId: grant?.projectId, role: grant?.role }, { projectId: project.projectId, role: 'owner' })
  assert.is((await browser(bed(), 'GET', link.path)).status, 404, 'used')
})

test('the admin functions: a link by email names the project when the email is of several', async () => {
  const a = await bed().newProject('Admin A')
  const b = await bed().newProject('Admin B')
  const email = uniqueEmail()
  await bed().canvass.admin.addConsolePerson({ email, role: 'viewer', projectId: a.projectId })
  const only = await bed().canvass.admin.createConsoleLink({ email })
  assert.match(only.path, /^\/console\/link\//, 'one project: as before')
  const inB = await bed().canvass.admin.addConsolePerson({ email, role: 'editor', projectId: b.projectId })
  const several = await bed()
    .canvass.admin.createConsoleLink({ email })
    .then(
      () => undefined,
      (error: { code?: string; message?: string }) => error,
    )
  assert.is(several?.code, 'bad_request')
  assert.match(several?.message ?? '', /several projects/)
  const named = await bed().canvass.admin.createConsoleLink({ email, projectId: b.projectId })
  const page = await browser(bed(), 'GET', named.path)
  assert.is(page.status, 200)
  const used = await postForm(bed(), named.path, {})
  assert.is((await grantOf(sessionOf(used) as string))?.person?.id, inB.id)
  const none = await bed()
    .canvass.admin.createConsoleLink({ email: uniqueEmail(), projectId: b.projectId })
    .then(
      () => undefined,
      (error: { code?: string }) => error.code,
    )
  assert.is(none, 'not_found')
})

test.run()
