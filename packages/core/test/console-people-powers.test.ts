/**
 * Who may manage the console's people (docs/console-accounts.md, "Managing people"), over HTTP on the bed: a
 * development key reaches none of the people routes (it could make an owner, whose console makes production
 * keys); a sign-in link for an owner is made only by an owner in the console, and audited; and a one-time link
 * of someone who has a password changes it only with the current one (else whoever holds the link takes the
 * account).
 */
import { suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { asConsole, browser, consoleSession, formOf, postForm, sessionOf, signIn } from './console-pages'

const { test, bed } = suiteWithBed('console people: the powers of keys, sessions and links')

const PASSWORD = 'correct horse battery staple'
let counter = 0
const uniqueEmail = () => `powers${++counter}.${Date.now()}@example.com`

async function addPerson(projectId: string, role: 'viewer' | 'editor' | 'owner', password?: string) {
  return bed().canvass.admin.addConsolePerson({ email: uniqueEmail(), role, projectId, ...(password ? { password } : {}) })
}

/** Entries of the audit log of a project's production environment, of one resource type. */
async function auditOf(key: string, resourceType: string) {
  const answer = await bed().call('GET', `/api/v1/management/audit-log?resourceType=${resourceType}&limit=250`, { key })
  assert.is(answer.status, 200, answer.text)
  return answer.body.data as { resourceId: string | null; apiKeyLabel: string | null; route: string }[]
}

test('a development key gets 403 on every people route, the list included, and changes nothing', async () => {
  const project = await bed().newProject('Development key')
  const owner = await addPerson(project.projectId, 'owner')
  const viewer = await addPerson(project.projectId, 'viewer')
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/v1/console/people'],
    ['POST', '/api/v1/console/people', { email: uniqueEmail(), role: 'owner' }],
    ['PATCH', `/api/v1/console/people/${viewer.id}`, { role: 'owner' }],
    ['DELETE', `/api/v1/console/people/${viewer.id}`],
    ['POST', `/api/v1/console/people/${viewer.id}/link`],
    ['POST', `/api/v1/console/people/${owner.id}/link`],
  ]
  for (const [method, path, body] of calls) {
    const answer = await bed().call(method, path, { key: project.devKey, ...(body === undefined ? {} : { body }) })
    assert.is(answer.status, 403, `${method} ${path}: ${answer.text}`)
    assert.is(answer.body.code, 'forbidden')
    assert.match(answer.body.message, /production API key or an owner's console session/)
    assert.type(answer.body.details, 'object')
  }
  const people = await bed().storage.consoleAccounts.listPeople(project.projectId)
  assert.equal(
    people.map((person) => [person.id, person.role]).sort(),
    [
      [owner.id, 'owner'],
      [viewer.id, 'viewer'],
    ].sort(),
  )
  assert.equal(await auditOf(project.devKey, 'consolePerson'), [], 'a refusal writes nothing')
  assert.equal(await auditOf(project.devKey, 'consoleLink'), [])
  // The production key of the same project manages them.
  assert.is((await bed().call('GET', '/api/v1/console/people', { key: project.key })).status, 200)
})

test("an owner's sign-in link: a production key gets 403 and writes nothing; an owner in the console makes it, audited with the person's id", async () => {
  const project = await bed().newProject('Owner links')
  const owner = await addPerson(project.projectId, 'owner', PASSWORD)
  const other = await addPerson(project.projectId, 'owner')
  const viewer = await addPerson(project.projectId, 'viewer')
  const before = await auditOf(project.key, 'consoleLink')
  const refused = await bed().call('POST', `/api/v1/console/people/${other.id}/link`, { key: project.key })
  assert.is(refused.status, 403, refused.text)
  assert.is(refused.body.code, 'forbidden')
  assert.match(refused.body.message, /owner/)
  assert.equal(await auditOf(project.key, 'consoleLink'), before, 'a refused mint writes nothing')
  // A viewer's link: the production key makes it.
  const viewerLink = await bed().call('POST', `/api/v1/console/people/${viewer.id}/link`, { key: project.key })
  assert.is(viewerLink.status, 200, viewerLink.text)
  // An owner signed in to the console makes an owner's link.
  const session = await consoleSession(bed(), owner.email, PASSWORD)
  const made = await asConsole(bed(), session, 'POST', `/api/v1/console/people/${other.id}/link`)
  assert.is(made.status, 200, made.text)
  assert.match(made.body.data.path, /^\/console\/link\/[A-Za-z0-9_-]{43}$/)
  const entries = await auditOf(project.key, 'consoleLink')
  const mints = entries.filter((entry) => entry.route === '/api/v1/console/people/:consolePersonId/link')
  assert.equal(
    mints.map((entry) => [entry.resourceId, entry.apiKeyLabel]),
    [
      [other.id, `console: ${owner.email}`],
      [viewer.id, 'test bed'],
    ],
    'each mint names whose link it is, and who made it; the refused one is not there',
  )
})

test("an owner's console session manages people, in either environment of the project", async () => {
  const project = await bed().newProject('Owner session')
  const owner = await addPerson(project.projectId, 'owner', PASSWORD)
  const session = await consoleSession(bed(), owner.email, PASSWORD)
  const added = await asConsole(bed(), session, 'POST', '/api/v1/console/people', { email: uniqueEmail(), role: 'editor' })
  assert.is(added.status, 200, added.text)
  const headers = {
    'x-canvass-console': '1',
    'sec-fetch-site': 'same-origin',
    cookie: session.session,
    'x-canvass-environment': project.devEnvironmentId,
  }
  const list = await bed().call('GET', '/api/v1/console/people', { headers })
  assert.is(list.status, 200, list.text)
  assert.is(list.body.data.length, 2)
})

test('a link of someone with a password signs them in, but sets a new password only with the current one', async () => {
  const person = await addPerson(bed().projectId, 'editor', PASSWORD)
  const link = await bed().canvass.admin.createConsoleLink({ email: person.email })
  const page = await browser(bed(), 'GET', link.path)
  assert.is(page.status, 200)
  const form = formOf(page)
  const post = (fields: Record<string, string>) =>
    browser(bed(), 'POST', link.path, { cookies: [form.cookie], form: { csrf: form.csrf, ...fields } })
  const NEW = 'a brand new password here'

  const missing = await post({ password: NEW })
  assert.is(missing.status, 400, missing.text)
  assert.ok(missing.text.includes('role="alert"'))
  assert.match(missing.text, /current password/i)
  assert.is(sessionOf(missing), undefined, 'not signed in')
  assert.ok(page.text.includes('<label for="currentPassword">Current password</label>'), 'the page asks for the current password')
  const wrong = await post({ currentPassword: 'not the password at all', password: NEW })
  assert.is(wrong.status, 401, wrong.text)
  assert.match(wrong.text, /current password is not right/i)
  assert.is(sessionOf(wrong), undefined)
  assert.is((await browser(bed(), 'GET', link.path)).status, 200, 'the link is not used up')
  assert.is((await signIn(bed(), person.email, NEW)).status, 401, 'the password is unchanged')
  assert.is((await signIn(bed(), person.email, PASSWORD)).status, 303)

  const changed = await post({ currentPassword: PASSWORD, password: NEW })
  assert.is(changed.status, 303, changed.text)
  assert.ok(sessionOf(changed))
  assert.is((await signIn(bed(), person.email, NEW)).status, 303, 'the new password works')
  assert.is((await signIn(bed(), person.email, PASSWORD)).status, 401, 'the old one no longer')
})

test('a link of someone with a password, without a new one, signs them in and keeps the password', async () => {
  const person = await addPerson(bed().projectId, 'viewer', PASSWORD)
  const link = await bed().canvass.admin.createConsoleLink({ email: person.email })
  const used = await postForm(bed(), link.path, {})
  assert.is(used.status, 303, used.text)
  assert.ok(sessionOf(used))
  assert.is((await signIn(bed(), person.email, PASSWORD)).status, 303)
})

test('a link of someone without a password still sets one, without a current password', async () => {
  const person = await addPerson(bed().projectId, 'viewer')
  const page = await browser(bed(), 'GET', person.link.path)
  assert.not.ok(page.text.includes('currentPassword'), 'no current password to ask for')
  const used = await postForm(bed(), person.link.path, { password: PASSWORD })
  assert.is(used.status, 303, used.text)
  assert.is((await signIn(bed(), person.email, PASSWORD)).status, 303)
})

test.run()
