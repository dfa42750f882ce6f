/**
 * Mail in the accounts mode's flows (docs/mail.md, "Mail in the console's flows"), over HTTP on the bed: an
 * owner's invitation, a role change, "Email me a sign-in link" and "Forgot your password?" each keep a mail in
 * the outbox (read here as the sender would send it; the delivery through a real SMTP server is the story test's,
 * packages/server/test/teams-story-browser.test.ts). Each mail's link works once, answers never tell whether an
 * address has an account, and without mail the flows show their links as before.
 */
import { createCanvass } from '@canvass/core'
import type { MailTransport } from '@canvass/core'
import { TEST_ORIGIN, createTestCanvass, sql, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { browser, formOf, postForm, sessionOf, signIn } from './console-pages'
import { consoleBoot } from './console-sessions'

const unused: MailTransport = {
  send: async () => {
    throw new Error('nothing is sent in this suite: the outbox is read instead')
  },
}

const { test, bed } = suiteWithBed('console accounts: mail in the flows', {
  background: false,
  publicUrl: TEST_ORIGIN,
  mail: { transport: unused, from: 'Canvass <canvass@mail.test>', perAddressPerHour: 50 },
})

const PASSWORD = 'correct horse battery staple'
let counter = 0
const uniqueEmail = () => `mailed${++counter}.${Date.now()}@example.com`
const address = () => `10.87.${Math.floor(counter / 250)}.${counter % 250}`

interface Kept {
  to: string
  kind: string
  language: string
  subject: string
  text: string
  projectId: string | null
}

/** The mails the outbox keeps for `to`, oldest first, with the text the sender would send. */
async function mailsTo(to: string, db = bed().db): Promise<Kept[]> {
  const rows = await sql<{
    to_address: string
    kind: string
    language: string
    subject: string
    text_body: string
    project_id: string | null
  }>`
    select to_address, kind, language, subject, text_body, project_id from canvass.mail_outbox
    where to_address = ${to} order by created_at, id`.execute(db)
  return rows.rows.map((row) => ({
    to: row.to_address,
    kind: row.kind,
    language: row.language,
    subject: row.subject,
    text: row.text_body,
    projectId: row.project_id,
  }))
}

/** The one link of a mail's text on the bed's address, as a path. */
function linkIn(mail: Kept): string {
  const found = mail.text.match(/https?:\/\/\S+/g)?.filter((url) => url.startsWith(TEST_ORIGIN)) ?? []
  assert.ok(found.length >= 1, `a link in: ${mail.text}`)
  return (found[0] as string).slice(TEST_ORIGIN.length)
}

/** An owner of a new project, signed in, and their calls in that project. */
async function ownerOfNewProject(name: string) {
  const project = await bed().newProject(name)
  const email = uniqueEmail()
  await bed().canvass.admin.addConsolePerson({ email, role: 'owner', projectId: project.projectId, password: PASSWORD })
  const answer = await signIn(bed(), email, PASSWORD, address())
  assert.is(answer.status, 303, answer.text)
  const session = sessionOf(answer) as string
  const boot = await consoleBoot(bed(), { cookie: session })
  const call = (method: string, path: string, body?: unknown) =>
    bed().call(method, path, {
      headers: {
        'x-canvass-console': '1',
        'sec-fetch-site': 'same-origin',
        cookie: session,
        'x-canvass-csrf': boot.csrfToken,
        'x-canvass-environment': project.environmentId,
      },
      ...(body === undefined ? {} : { body }),
    })
  return { project, email, call }
}

test("an owner's invitation is mailed, in the language asked for, with a link that signs in once and opens the project", async () => {
  const owner = await ownerOfNewProject('Mailed invitations')
  const invited = uniqueEmail()
  const added = await owner.call('POST', '/api/v1/console/people', { email: invited, role: 'editor', language: 'de' })
  assert.is(added.status, 200, added.text)
  assert.equal([added.body.data.mailed, added.body.data.link], [true, null], 'mailed, and no link shown to the owner')
  const [mail, ...more] = await mailsTo(invited)
  assert.equal(more, [], 'one mail')
  assert.equal([mail?.kind, mail?.language, mail?.projectId], ['invitation', 'de', owner.project.projectId])
  assert.match(mail?.subject ?? '', 'Einladung zu Mailed invitations')
  assert.match(mail?.text ?? '', owner.email, 'the inviter is named')
  const path = linkIn(mail as Kept)
  assert.match(path, new RegExp(`^/console/link/[^?]+\\?project=${owner.project.projectId}$`))
  const used = await postForm(bed(), path, { password: PASSWORD })
  assert.is(used.status, 303, used.text)
  assert.is(used.headers.get('location'), `/console?project=${owner.project.projectId}`)
  const boot = await consoleBoot(bed(), { cookie: sessionOf(used) as string }, `/console?project=${owner.project.projectId}`)
  assert.equal([boot.project.id, boot.role], [owner.project.projectId, 'editor'])
  assert.is((await browser(bed(), 'GET', path)).status, 404, 'used once')
  assert.is((await signIn(bed(), invited, PASSWORD, address())).status, 303, 'the password chosen on the link signs in')
})

test('an account invited to a second project gets a mail too, and its first invitation link still works', async () => {
  const first = await ownerOfNewProject('First of two')
  const second = await ownerOfNewProject('Second of two')
  const invited = uniqueEmail()
  assert.is((await first.call('POST', '/api/v1/console/people', { email: invited, role: 'viewer' })).status, 200)
  const again = await second.call('POST', '/api/v1/console/people', { email: invited, role: 'owner' })
  assert.is(again.status, 200, again.text)
  assert.is(again.body.data.mailed, true)
  const mails = await mailsTo(invited)
  assert.equal(
    mails.map((mail) => [mail.kind, mail.projectId]),
    [
      ['invitation', first.project.projectId],
      ['invitation', second.project.projectId],
    ],
  )
  // The first link went to the address itself, so it signs in the account of two projects.
  const used = await postForm(bed(), linkIn(mails[0] as Kept), {})
  assert.is(used.status, 303, used.text)
  const boot = await consoleBoot(bed(), { cookie: sessionOf(used) as string })
  assert.equal(boot.projects.map((project: { role: string }) => project.role).sort(), ['owner', 'viewer'])
})

test('a role change is mailed to the person, in the language named; a change to the same role mails nothing', async () => {
  const owner = await ownerOfNewProject('Role notices')
  const person = uniqueEmail()
  const added = await owner.call('POST', '/api/v1/console/people', { email: person, role: 'viewer' })
  const id = added.body.data.id
  const changed = await owner.call('PATCH', `/api/v1/console/people/${id}`, { role: 'editor', language: 'de' })
  assert.is(changed.status, 200, changed.text)
  assert.is((await owner.call('PATCH', `/api/v1/console/people/${id}`, { role: 'editor' })).status, 200)
  const notices = (await mailsTo(person)).filter((mail) => mail.kind === 'role-changed')
  assert.is(notices.length, 1, 'one notice')
  assert.match(notices[0]?.subject ?? '', 'Ihre Rolle in Role notices ist jetzt Bearbeiter')
  assert.match(notices[0]?.text ?? '', `${TEST_ORIGIN}/console?project=${owner.project.projectId}`)
  const wrong = await owner.call('PATCH', `/api/v1/console/people/${id}`, { role: 'viewer', language: 'fr' })
  assert.is(wrong.status, 400, 'a language Canvass does not write is refused')
})

test('"Email me a sign-in link": the same answer, after the same least time, for an address with an account and one without', async () => {
  const known = uniqueEmail()
  await bed().canvass.admin.addConsolePerson({ email: known, role: 'viewer', projectId: bed().projectId, password: PASSWORD })
  const unknown = uniqueEmail()
  const ask = async (email: string) => {
    const started = Date.now()
    const answer = await postForm(bed(), '/console/sign-in/link', { email }, address())
    return { answer, took: Date.now() - started }
  }
  const [withAccount, without] = [await ask(known), await ask(unknown)]
  assert.equal([withAccount.answer.status, without.answer.status], [200, 200])
  assert.is(
    withAccount.answer.text.replace(known, 'x').replace(/nonce-[^"']+|nonce="[^"]+"/g, ''),
    without.answer.text.replace(unknown, 'x').replace(/nonce-[^"']+|nonce="[^"]+"/g, ''),
  )
  assert.ok(withAccount.took >= 400 && without.took >= 400, `both wait the least time: ${withAccount.took} and ${without.took} ms`)
  assert.equal(await mailsTo(unknown), [], 'nothing for an address without an account')
  const [mail] = await mailsTo(known)
  assert.equal([mail?.kind, mail?.projectId], ['sign-in-link', null])
  // A mailed link went to the address itself: it may set a new password without the current one.
  const path = linkIn(mail as Kept)
  const page = await browser(bed(), 'GET', path)
  assert.not.match(page.text, 'currentPassword', 'no current password asked')
  const newPassword = 'a brand new passphrase'
  assert.is((await postForm(bed(), path, { password: newPassword })).status, 303)
  assert.is((await signIn(bed(), known, newPassword, address())).status, 303)
})

test('the German browser gets the German mail', async () => {
  const known = uniqueEmail()
  await bed().canvass.admin.addConsolePerson({ email: known, role: 'viewer', projectId: bed().projectId })
  const page = await browser(bed(), 'GET', '/console/sign-in/link')
  const form = formOf(page)
  const answer = await bed().fetch(
    new Request(`${TEST_ORIGIN}/console/sign-in/link`, {
      method: 'POST',
      headers: {
        'sec-fetch-site': 'same-origin',
        'accept-language': 'de-CH, en;q=0.5',
        cookie: form.cookie,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ csrf: form.csrf, email: known }).toString(),
    }),
    { clientAddress: address() },
  )
  assert.is(answer.status, 200)
  assert.equal(
    (await mailsTo(known)).map((mail) => [mail.kind, mail.language]),
    [['sign-in-link', 'de']],
  )
})

test('"Forgot your password?": the mailed link sets a new password once, ends the old sessions and signs in', async () => {
  const email = uniqueEmail()
  await bed().canvass.admin.addConsolePerson({ email, role: 'viewer', projectId: bed().projectId, password: PASSWORD })
  const before = sessionOf(await signIn(bed(), email, PASSWORD, address())) as string
  const asked = await postForm(bed(), '/console/password-reset', { email }, address())
  assert.is(asked.status, 200, asked.text)
  const [mail] = await mailsTo(email)
  assert.is(mail?.kind, 'password-reset')
  const path = linkIn(mail as Kept)
  assert.match(path, /^\/console\/reset\//)
  const short = await postForm(bed(), path, { password: 'short' })
  assert.is(short.status, 400, 'a password too short is refused, and the link stays')
  const fresh = 'another good passphrase'
  const reset = await postForm(bed(), path, { password: fresh })
  assert.is(reset.status, 303, reset.text)
  assert.ok(sessionOf(reset), 'signed in')
  assert.is((await browser(bed(), 'GET', '/console', { cookies: [before] })).status, 303, 'the session from before is over')
  assert.is((await signIn(bed(), email, PASSWORD, address())).status, 401, 'the old password no longer signs in')
  assert.is((await signIn(bed(), email, fresh, address())).status, 303)
  assert.is((await browser(bed(), 'GET', path)).status, 404, 'used once')
})

test('a link an owner or the operator was shown is no reset link, and still asks for the current password', async () => {
  const email = uniqueEmail()
  await bed().canvass.admin.addConsolePerson({ email, role: 'viewer', projectId: bed().projectId, password: PASSWORD })
  const { path } = await bed().canvass.admin.createConsoleLink({ email })
  const token = path.split('/').pop() as string
  assert.is((await browser(bed(), 'GET', `/console/reset/${token}`)).status, 404)
  assert.match((await browser(bed(), 'GET', path)).text, 'currentPassword')
})

test('forms from another site, and addresses that are none, are refused', async () => {
  const page = await browser(bed(), 'GET', '/console/sign-in/link')
  const form = formOf(page)
  const crossSite = await bed().fetch(
    new Request(`${TEST_ORIGIN}/console/sign-in/link`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', cookie: form.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf: form.csrf, email: 'someone@example.com' }).toString(),
    }),
    { clientAddress: address() },
  )
  assert.is(crossSite.status, 403)
  const bad = await postForm(bed(), '/console/password-reset', { email: 'not an address' }, address())
  assert.is(bad.status, 400)
  assert.match(bad.text, 'Please give an email address')
})

test('the sign-in page offers both mails', async () => {
  const page = await browser(bed(), 'GET', '/console/sign-in')
  assert.match(page.text, 'href="/console/sign-in/link"')
  assert.match(page.text, 'href="/console/password-reset"')
})

test('without mail: links are shown as before, the mail pages say whom to ask, and nothing is kept', async () => {
  const plain: TestCanvass = await createTestCanvass({ background: false })
  try {
    await plain.canvass.admin.addConsolePerson({ email: 'first-owner@example.com', role: 'owner', projectId: plain.projectId })
    const added = await plain.call('POST', '/api/v1/console/people', {
      key: plain.keyA,
      body: { email: 'plain@example.com', role: 'viewer' },
    })
    assert.is(added.status, 200, added.text)
    assert.is(added.body.data.mailed, false)
    assert.match(added.body.data.link.path, /^\/console\/link\//)
    const page = await browser(plain, 'GET', '/console/sign-in/link')
    assert.is(page.status, 200)
    assert.match(page.text, 'sends no mail')
    assert.not.match(page.text, '<form', 'and asks for nothing')
    assert.not.match((await browser(plain, 'GET', '/console/sign-in')).text, '/console/sign-in/link')
  } finally {
    await plain.close()
  }
})

test('mail with accounts needs publicUrl: createCanvass says so', () => {
  assert.throws(
    () =>
      createCanvass({
        storage: bed().storage,
        console: { accounts: true, bundle: 'export {}\n' },
        mail: { transport: unused, from: 'canvass@mail.test' },
      }),
    (error: Error) => error instanceof TypeError && /publicUrl/.test(error.message),
  )
})

test.run()
