import { createCanvass, createId } from '@canvass/core'
import type { MailTransport } from '@canvass/core'
import { TEST_ORIGIN, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { consoleRoleNeeded } from '../src/auth/console-roles'
import { mailSettings } from '../src/mail/mail-options'
import type { MailQueueContext, QueueMailInput } from '../src/mail/queue-mail'
import { queueMail } from '../src/mail/queue-mail'

// The delivery log, `GET /api/v1/console/mail` (docs/mail.md, "The delivery log"): a project's owners and its
// production keys read that project's mails and no other's, never their bodies. A library host's `authorize`
// names the caller's project and role from test headers. Nothing is sent here (no background work): the
// transport is never called.

const unused: MailTransport = {
  send: async () => {
    throw new Error('nothing is sent in this suite')
  },
}

const { test, bed } = suiteWithBed('mail delivery log', {
  background: false,
  mail: { transport: unused, from: 'Canvass <canvass@mail.test>' },
  logger: { error: (message, cause) => console.error(message, cause), warn: () => {} },
  console: {
    bundle: 'export {}\n',
    authorize: (request) => {
      const role = request.headers.get('x-test-role')
      const projectId = request.headers.get('x-test-project')
      if ((role !== 'viewer' && role !== 'editor' && role !== 'owner') || !projectId) return null
      return { projectId, role }
    },
  },
})

let other: Awaited<ReturnType<ReturnType<typeof bed>['newProject']>>
let ctx: MailQueueContext

function mail(eventKey: string, to: string, projectId: string | null): QueueMailInput {
  return {
    eventKey,
    to,
    projectId,
    kind: 'role-changed',
    language: 'de',
    values: { projectName: 'Umfragen', role: 'editor', consoleUrl: 'https://canvass.test/console' },
  }
}

test.before(async () => {
  other = await bed().newProject('Other')
  let tick = Date.parse('2030-01-01T00:00:00Z')
  ctx = {
    storage: bed().storage,
    mail: mailSettings({ transport: unused, from: 'canvass@mail.test' }, bed().storage, undefined),
    // One second apart, so that "newest first" is told by time.
    now: () => new Date((tick += 1_000)),
    newId: createId,
  }
  for (let index = 0; index < 3; index++) await queueMail(ctx, mail(`log-a-${index}`, `a${index}@example.com`, bed().projectId))
  await queueMail(ctx, mail('log-b', 'b@example.com', other.projectId))
  await queueMail(ctx, mail('log-none', 'account@example.com', null))
})

const asConsole = (role: string, projectId: string, path = '/api/v1/console/mail') =>
  bed().call('GET', path, {
    headers: { 'x-canvass-console': '1', 'sec-fetch-site': 'same-origin', 'x-test-role': role, 'x-test-project': projectId },
  })

test('an owner reads the mails of their project, newest first, without bodies', async () => {
  const answer = await asConsole('owner', bed().projectId)
  assert.is(answer.status, 200, answer.text)
  const mails = answer.body.data
  assert.equal(
    mails.map((one: { to: string }) => one.to),
    ['a2@example.com', 'a1@example.com', 'a0@example.com'],
  )
  assert.equal(Object.keys(mails[0]).sort(), [
    'attempts',
    'createdAt',
    'id',
    'kind',
    'language',
    'lastError',
    'sentAt',
    'status',
    'subject',
    'to',
  ])
  assert.equal(
    { kind: mails[0].kind, language: mails[0].language, status: mails[0].status, attempts: mails[0].attempts, sentAt: mails[0].sentAt },
    { kind: 'role-changed', language: 'de', status: 'queued', attempts: 0, sentAt: null },
  )
  assert.is(mails[0].subject, 'Ihre Rolle in Umfragen ist jetzt Bearbeiter')
  assert.not.match(answer.text, 'https://canvass.test/console', 'no body, no link')
})

test("another project's owner sees only their own; mails of no project are nobody's", async () => {
  const answer = await asConsole('owner', other.projectId)
  assert.is(answer.status, 200, answer.text)
  assert.equal(
    answer.body.data.map((one: { to: string }) => one.to),
    ['b@example.com'],
  )
  const unknown = await asConsole('owner', 'no-such-project')
  assert.is(unknown.status, 403, unknown.text)
})

test("the log is an owner's: a viewer and an editor are refused, as the console's rule says", async () => {
  assert.is(consoleRoleNeeded('GET', '/api/v1/console/mail'), 'owner')
  for (const role of ['viewer', 'editor']) {
    const answer = await asConsole(role, bed().projectId)
    assert.is(answer.status, 403, `${role}: ${answer.text}`)
    assert.is(answer.body.code, 'forbidden')
  }
})

test("a production key reads its project's log; a development key is refused; no key is 401", async () => {
  const production = await bed().call('GET', '/api/v1/console/mail', { key: bed().keyA })
  assert.is(production.status, 200, production.text)
  assert.is(production.body.data.length, 3)
  const ofOther = await bed().call('GET', '/api/v1/console/mail', { key: other.key })
  assert.equal(
    ofOther.body.data.map((one: { to: string }) => one.to),
    ['b@example.com'],
  )
  assert.is((await bed().call('GET', '/api/v1/console/mail', { key: bed().keyB })).status, 403)
  assert.is((await bed().call('GET', '/api/v1/console/mail')).status, 401)
})

test('pages: limit and a cursor in Link; limits out of range and repeated are 400', async () => {
  const first = await bed().call('GET', '/api/v1/console/mail?limit=2', { key: bed().keyA })
  assert.is(first.body.data.length, 2)
  const link = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1]
  assert.ok(link, 'a Link to the next page')
  const next = await bed().call('GET', link.replace(TEST_ORIGIN, ''), { key: bed().keyA })
  assert.equal(
    next.body.data.map((one: { to: string }) => one.to),
    ['a0@example.com'],
  )
  assert.is(next.headers.get('link'), null)
  for (const query of ['limit=0', 'limit=201', 'limit=x', 'limit=1&limit=2', 'cursor=nonsense']) {
    const answer = await bed().call('GET', `/api/v1/console/mail?${query}`, { key: bed().keyA })
    assert.is(answer.status, 400, `${query}: ${answer.text}`)
  }
})

test('a storage without the mail outbox answers 501, and refuses the mail option', async () => {
  const storage = { ...bed().storage, mail: undefined }
  const canvass = createCanvass({ storage, widget: false, background: false })
  const answer = await canvass.fetch(new Request(`${TEST_ORIGIN}/api/v1/console/mail`, { headers: { 'x-api-key': bed().keyA } }))
  assert.is(answer.status, 501)
  assert.throws(
    () => createCanvass({ storage, widget: false, background: false, mail: { transport: unused, from: 'a@b.test' } }),
    /storage\.mail/,
  )
})

test.run()
