/**
 * One account per person, a role in each project (docs/console-accounts.md, "People and roles"), over HTTP on
 * the bed: one sign-in opens every project of the account, each request works under the role of the project its
 * environment belongs to (read at every request), adding an email that has an account adds a membership to it,
 * and removing one ends nothing else unless it was the account's last.
 */
import { TEST_ORIGIN, suiteWithBed } from '@canvass/test-bed'
import type { TestProject } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { consoleAccountsAuthorize } from '../src'
import { browser, postForm, sessionOf, signIn } from './console-pages'
import { asConsole, consoleBoot } from './console-sessions'

const { test, bed } = suiteWithBed('console accounts: memberships')

const PASSWORD = 'correct horse battery staple'
let counter = 0
const uniqueEmail = () => `member${++counter}.${Date.now()}@example.com`
const address = () => `10.86.${Math.floor(counter / 250)}.${counter % 250}`

/** The grants a session cookie gives. */
const grantsOf = (session: string) =>
  consoleAccountsAuthorize({
    storage: bed().storage,
    now: () => new Date(),
    publicUrl: undefined,
    basePath: '',
    requestProtocol: () => 'http:',
  })(new Request(`${TEST_ORIGIN}/console`, { headers: { cookie: session } }))

/** Two projects, A (the person a viewer there, added first) and B (an owner there), each with an owner of its own, and the person signed in. */
async function personOfTwo() {
  const a = await bed().newProject('Members A')
  const b = await bed().newProject('Members B')
  for (const project of [a, b])
    await bed().canvass.admin.addConsolePerson({ email: uniqueEmail(), role: 'owner', projectId: project.projectId })
  const email = uniqueEmail()
  const inA = await bed().canvass.admin.addConsolePerson({ email, role: 'viewer', projectId: a.projectId, password: PASSWORD })
  const inB = await bed().canvass.admin.addConsolePerson({ email, role: 'owner', projectId: b.projectId })
  const answer = await signIn(bed(), email, PASSWORD, address())
  assert.is(answer.status, 303, answer.text)
  const session = sessionOf(answer) as string
  const boot = await consoleBoot(bed(), { cookie: session })
  return { a, b, email, inA, inB, who: { session, csrf: boot.csrfToken as string }, boot }
}

/** A console call in `project`'s production environment. */
const inProject = (who: { session: string; csrf: string }, project: TestProject, method: string, path: string, body?: unknown) =>
  asConsole(bed(), { ...who, headers: { 'x-canvass-environment': project.environmentId } }, method, path, body)

const addPerson = (who: { session: string; csrf: string }, project: TestProject) =>
  inProject(who, project, 'POST', '/api/v1/console/people', { email: uniqueEmail(), role: 'viewer' })

test('one email in two projects is one account: the same id, one password, and the second add neither sets a password nor makes a link', async () => {
  const { a, b, email, inA, inB } = await personOfTwo()
  assert.is(inA.accountId, inB.accountId)
  assert.equal([inA.accountCreated, inB.accountCreated], [true, false])
  const c = await bed().newProject('Members C')
  const withPassword = await bed().call('POST', '/api/v1/console/people', {
    key: c.key,
    body: { email: email.toUpperCase(), role: 'editor', password: 'a password of their own' },
  })
  assert.is(withPassword.status, 400, withPassword.text)
  assert.ok(withPassword.body.details.password, 'the answer names password')
  assert.equal((await bed().call('GET', '/api/v1/console/people', { key: c.key })).body.data, [], 'nothing added')
  const added = await bed().call('POST', '/api/v1/console/people', { key: c.key, body: { email, role: 'editor' } })
  assert.is(added.status, 200, added.text)
  assert.equal([added.body.data.email, added.body.data.hasPassword, added.body.data.link], [email, true, null])
  const again = await bed().call('POST', '/api/v1/console/people', { key: c.key, body: { email, role: 'viewer' } })
  assert.is(again.status, 409, again.text)
  // Each project lists its own membership, with its own id and role.
  const listed = async (project: TestProject) =>
    ((await bed().call('GET', '/api/v1/console/people', { key: project.key })).body.data as { id: string; email: string; role: string }[])
      .filter((person) => person.email === email)
      .map((person) => [person.id, person.role])
  assert.equal(await listed(a), [[inA.id, 'viewer']])
  assert.equal(await listed(b), [[inB.id, 'owner']])
  assert.equal(await listed(c), [[added.body.data.id, 'editor']])
})

test('the session grants every membership, oldest first; the page lists the projects for the switcher and opens ?project=', async () => {
  const { a, b, email, inA, inB, who, boot } = await personOfTwo()
  assert.equal(await grantsOf(who.session), [
    { projectId: a.projectId, role: 'viewer', person: { id: inA.id, name: email } },
    { projectId: b.projectId, role: 'owner', person: { id: inB.id, name: email } },
  ])
  assert.equal(boot.projects, [
    { id: a.projectId, name: 'Members A', role: 'viewer' },
    { id: b.projectId, name: 'Members B', role: 'owner' },
  ])
  assert.equal([boot.project.id, boot.role], [a.projectId, 'viewer'], 'the first project without ?project=')
  const inBPage = await consoleBoot(bed(), { cookie: who.session }, `/console?project=${b.projectId}`)
  assert.equal([inBPage.project.id, inBPage.role, inBPage.person.id], [b.projectId, 'owner', inB.id])
  assert.ok(inBPage.environments.some((environment: { id: string }) => environment.id === b.environmentId))
  const notMine = await bed().newProject('Not a member')
  assert.is((await consoleBoot(bed(), { cookie: who.session }, `/console?project=${notMine.projectId}`)).project.id, a.projectId)
})

test("the role is the project's: a viewer in A cannot write in A, an owner in B can; another project's environment is 403", async () => {
  const { a, b, who } = await personOfTwo()
  const inA = await addPerson(who, a)
  assert.is(inA.status, 403, inA.text)
  assert.is((await inProject(who, a, 'GET', '/api/v1/management/surveys')).status, 200, 'a viewer reads in A')
  const inB = await addPerson(who, b)
  assert.is(inB.status, 200, inB.text)
  // Without an environment: the first membership's production environment (A, as a viewer).
  assert.is((await asConsole(bed(), who, 'POST', '/api/v1/console/people', { email: uniqueEmail(), role: 'viewer' })).status, 403)
  const elsewhere = await bed().newProject('Not theirs')
  const refused = await inProject(who, elsewhere, 'GET', '/api/v1/management/surveys')
  assert.is(refused.status, 403, refused.text)
  // One CSRF token serves both projects; another person's does not.
  const other = await personOfTwo()
  const foreign = await inProject({ session: who.session, csrf: other.who.csrf }, b, 'POST', '/api/v1/console/people', {
    email: uniqueEmail(),
    role: 'viewer',
  })
  assert.is(foreign.status, 403, foreign.text)
})

test('a change of role and a removal take effect on the next request; the last membership takes the account and its session', async () => {
  const { a, b, inA, inB, who } = await personOfTwo()
  assert.is((await addPerson(who, b)).status, 200)
  const demoted = await bed().call('PATCH', `/api/v1/console/people/${inB.id}`, { key: b.key, body: { role: 'editor' } })
  assert.is(demoted.status, 200, demoted.text)
  assert.is((await addPerson(who, b)).status, 403, 'an editor now')
  const removed = await bed().call('DELETE', `/api/v1/console/people/${inB.id}`, { key: b.key })
  assert.is(removed.status, 200, removed.text)
  assert.is((await inProject(who, b, 'GET', '/api/v1/management/surveys')).status, 403, 'no longer a person of B')
  assert.is((await inProject(who, a, 'GET', '/api/v1/management/surveys')).status, 200, 'still one of A, same session')
  assert.is((await bed().call('DELETE', `/api/v1/console/people/${inA.id}`, { key: a.key })).status, 200)
  assert.is((await inProject(who, a, 'GET', '/api/v1/management/surveys')).status, 401, 'the account is gone with its session')
  assert.is(await grantsOf(who.session), null)
})

test("the last owner of a project stays one when two of them demote each other at once, one of them also another project's person", async () => {
  const { b, inB } = await personOfTwo()
  const [, secondOwner] = (await bed().call('GET', '/api/v1/console/people', { key: b.key })).body.data
    .filter((person: { role: string }) => person.role === 'owner')
    .sort((x: { id: string }, y: { id: string }) => (x.id === inB.id ? -1 : y.id === inB.id ? 1 : 0))
  const answers = await Promise.all(
    [inB.id, secondOwner.id].map((id) => bed().call('PATCH', `/api/v1/console/people/${id}`, { key: b.key, body: { role: 'viewer' } })),
  )
  assert.equal(answers.map((answer) => answer.status).sort(), [200, 409])
  const owners = (await bed().call('GET', '/api/v1/console/people', { key: b.key })).body.data.filter(
    (person: { role: string }) => person.role === 'owner',
  )
  assert.is(owners.length, 1)
})

test("a project's link signs in an account of that project alone: refused for one of other projects, and void once it joins one", async () => {
  const { a, inA } = await personOfTwo()
  const refused = await bed().call('POST', `/api/v1/console/people/${inA.id}/link`, { key: a.key })
  assert.is(refused.status, 409, refused.text)
  const c = await bed().newProject('Link C')
  const email = uniqueEmail()
  const made = await bed().call('POST', '/api/v1/console/people', { key: c.key, body: { email, role: 'viewer' } })
  assert.is(made.status, 200, made.text)
  const link = made.body.data.link as { path: string }
  assert.is((await browser(bed(), 'GET', link.path)).status, 200, 'usable while the account is of C alone')
  await bed().canvass.admin.addConsolePerson({ email, role: 'owner', projectId: a.projectId })
  assert.is((await browser(bed(), 'GET', link.path)).status, 404, 'not once it belongs to A too')
  // The server's operator makes links for any account, signing in to all of its projects.
  const operator = await bed().canvass.admin.createConsoleLink({ email })
  const used = await postForm(bed(), operator.path, {})
  assert.is(used.status, 303, used.text)
  assert.is(((await grantsOf(sessionOf(used) as string)) ?? []).length, 2)
})

test('a first-owner link refuses an email that has an account; a new email makes an owner with an account of its own', async () => {
  const elsewhere = await bed().newProject('Has an account')
  const email = uniqueEmail()
  await bed().canvass.admin.addConsolePerson({ email, role: 'owner', projectId: elsewhere.projectId })
  const project = await bed().newProject('First owner')
  const link = await bed().canvass.admin.createConsoleLink({ firstOwner: true, projectId: project.projectId })
  const taken = await postForm(bed(), link.path, { email })
  assert.is(taken.status, 409, taken.text)
  const made = await postForm(bed(), link.path, { email: uniqueEmail(), password: PASSWORD })
  assert.is(made.status, 303, made.text)
  const grants = await grantsOf(sessionOf(made) as string)
  assert.equal(
    grants?.map((grant) => [grant.projectId, grant.role]),
    [[project.projectId, 'owner']],
  )
})

test.run()
