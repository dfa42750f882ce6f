/**
 * The console's page is never framed by another page (a signed-in console in a hidden frame could be made to
 * click), and an `authorize` that answers something that is no grant is the host's mistake, said in words: a
 * logged 500, never a role nobody has.
 */
import { createTestCanvass } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { test } from 'uvu'

const QUESTION = { id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: true, inputType: 'text' }
let answerOf: () => unknown = () => null
const logged: string[] = []
let x: TestCanvass

test.before(async () => {
  x = await createTestCanvass({
    console: { authorize: () => answerOf() as never, bundle: 'export {}\n' },
    logger: {
      error: (...parts: unknown[]) =>
        logged.push(parts.map((part) => (part instanceof Error ? part.message : JSON.stringify(part))).join(' ')),
      warn: () => {},
    },
  })
})
test.after(() => x.close())

test('/console: frame-ancestors none and X-Frame-Options DENY, signed in or not', async () => {
  answerOf = () => ({ projectId: x.projectId, role: 'viewer' })
  const page = await x.call('GET', '/console')
  assert.is(page.status, 200)
  assert.match(page.headers.get('content-security-policy') ?? '', /; frame-ancestors 'none'$/)
  assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self' 'nonce-/)
  assert.is(page.headers.get('x-frame-options'), 'DENY')
  answerOf = () => null
  const signedOut = await x.call('GET', '/console')
  assert.is(signedOut.status, 401)
  assert.match(signedOut.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/)
  assert.is(signedOut.headers.get('x-frame-options'), 'DENY')
})

test('an authorize answering no grant: a 500 that names the mistake, on the page and on the API', async () => {
  const wrong: unknown[] = [
    { projectId: x.projectId, role: 'admin' },
    { projectId: 42, role: 'owner' },
    { projectId: '', role: 'owner' },
    { projectId: x.projectId, role: 'owner', person: { id: 1, name: 'x' } },
    'owner',
    [{ projectId: x.projectId, role: 'owner' }, 'owner'],
    [
      { projectId: x.projectId, role: 'owner' },
      { projectId: x.projectId, role: 'viewer' },
    ],
  ]
  for (const answer of wrong) {
    answerOf = () => answer
    logged.length = 0
    const page = await x.call('GET', '/console', { allow5xx: true })
    assert.is(page.status, 500, JSON.stringify(answer))
    const api = await x.call('GET', '/api/v1/management/surveys', { headers: { 'x-canvass-console': '1' }, allow5xx: true })
    assert.is(api.status, 500, JSON.stringify(answer))
    assert.match(logged.join('\n'), /console\.authorize must answer null or/)
  }
  answerOf = () => ({ projectId: x.projectId, role: 'owner', person: { id: 'p', name: 'p@example.com' } })
  const fine = await x.call('GET', '/api/v1/management/surveys', { headers: { 'x-canvass-console': '1' } })
  assert.is(fine.status, 200, 'a grant of the right shape is taken')
})

test("an authorize answering a list: each project's environment works under that project's role, the first is the default", async () => {
  const other = await x.newProject('Second')
  const person = { id: 'p-two', name: 'two@example.com' }
  answerOf = () => [
    { projectId: x.projectId, role: 'viewer', person },
    { projectId: other.projectId, role: 'editor', person },
  ]
  const page = await x.call('GET', `/console?project=${other.projectId}`)
  assert.is(page.status, 200, page.text)
  const boot = JSON.parse(/id="canvass-console-boot">([^<]*)</.exec(page.text)?.[1] ?? 'null')
  assert.equal([boot.project.id, boot.role, boot.projects.length], [other.projectId, 'editor', 2])
  const write = (environment?: string) =>
    x.call('POST', '/api/v1/management/surveys', {
      headers: {
        'x-canvass-console': '1',
        'x-canvass-csrf': boot.csrfToken,
        ...(environment ? { 'x-canvass-environment': environment } : {}),
      },
      body: {
        environmentId: environment ?? x.envA,
        name: 'By a person of two projects',
        type: 'link',
        status: 'draft',
        questions: [QUESTION],
      },
    })
  const written = await write(other.environmentId)
  assert.is(written.status, 200, `an editor in the second project writes there: ${written.text}`)
  assert.is((await write(x.envA)).status, 403, 'a viewer in the first does not')
  assert.is((await write()).status, 403, 'without an environment: the first project')
  answerOf = () => []
  assert.is((await x.call('GET', '/console')).status, 401, 'an empty list is nobody')
})

test.run()
