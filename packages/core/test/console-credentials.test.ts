/**
 * The console's roles over credentials and personal data (docs/console.md, "Roles"; docs/editor.md#editor-tokens),
 * from outside through `canvass.fetch`: an editor token minted in a console session is its person's (it follows
 * their role, stops when they are removed, and its writes name them); only an owner mints editor tokens,
 * single-use links and results links; the contact attributes a response stored are an owner's to read, in the
 * list, one response and the export, and to filter by. On PGlite and, with TEST_DATABASE_URL, on Postgres; a
 * library host's `authorize` (with and without `roleOf`) on the default backend.
 */
import { availableBackends, suiteWithBed } from '@canvass/test-bed'
import type { ApiResult, TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import type { ConsoleSession } from './console-sessions'
import { asConsole, consoleCsrf, signedIn } from './console-sessions'

const QUESTION = { id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: true, inputType: 'text' }

async function linkSurvey(bed: TestCanvass, singleUse = false): Promise<string> {
  const res = await bed.call('POST', '/api/v1/management/surveys', {
    key: bed.keyA,
    body: {
      environmentId: bed.envA,
      name: 'Roles',
      type: 'link',
      status: 'inProgress',
      questions: [QUESTION],
      ...(singleUse ? { singleUse: { enabled: true, isEncrypted: false } } : {}),
    },
  })
  assert.is(res.status, 200, res.text)
  return res.body.data.id
}

const bearer = (bed: TestCanvass, method: string, path: string, token: string, body?: unknown) =>
  bed.call(method, path, { headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { body }) })

function assertProblem(res: ApiResult, status: number, code: string) {
  assert.is(res.status, status, res.text)
  assert.is(res.headers.get('content-type'), 'application/problem+json', res.text)
  assert.is(res.body.code, code, res.text)
}

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`console credentials (${backend})`, { backend })

  /** An owner's editor token of the bed's production environment, minted in the console. */
  async function consoleToken(person: ConsoleSession, body: Record<string, unknown> = {}): Promise<string> {
    const minted = await asConsole(bed(), person, 'POST', '/api/v1/management/editor-tokens', { workspaceId: bed().envA, ...body })
    assert.is(minted.status, 200, minted.text)
    return minted.body.data.token
  }

  const setRole = (by: ConsoleSession, person: ConsoleSession, role: string) =>
    asConsole(bed(), by, 'PATCH', `/api/v1/console/people/${person.id}`, { role })

  test("an editor token minted in a console session writes under its person's name", async () => {
    const owner = await signedIn(bed(), 'owner')
    const id = await linkSurvey(bed())
    const token = await consoleToken(owner)
    const patched = await bearer(bed(), 'PATCH', `/api/v3/surveys/${id}`, token, { name: 'Renamed with a console token' })
    assert.is(patched.status, 200, patched.text)
    const log = await bed().call('GET', `/api/v1/management/audit-log?resourceId=${id}&action=update`, { key: bed().keyA })
    const entry = log.body.data.find((item: { route: string }) => item.route === '/api/v3/surveys/:surveyId')
    assert.ok(entry, log.text)
    assert.is(entry.apiKeyLabel, `editor token of console: ${owner.email}`)
    assert.is(entry.apiKeyId, null)
  })

  test("a console session's editor token follows its person's role: an editor writes, a viewer only reads", async () => {
    const minter = await signedIn(bed(), 'owner')
    const other = await signedIn(bed(), 'owner')
    const id = await linkSurvey(bed())
    const token = await consoleToken(minter)
    assert.is((await setRole(other, minter, 'editor')).status, 200)
    const asEditor = await bearer(bed(), 'PATCH', `/api/v3/surveys/${id}`, token, { name: 'By an editor' })
    assert.is(asEditor.status, 200, asEditor.text)
    assert.is((await setRole(other, minter, 'viewer')).status, 200)
    const refused = await bearer(bed(), 'PATCH', `/api/v3/surveys/${id}`, token, { name: 'By a viewer' })
    assertProblem(refused, 403, 'forbidden')
    assert.match(refused.body.detail, /viewer/)
    assertProblem(
      await bearer(bed(), 'POST', '/api/v3/surveys', token, { workspaceId: bed().envA, name: 'New', blocks: [] }),
      403,
      'forbidden',
    )
    // What a viewer may do, the token still may: read.
    const read = await bearer(bed(), 'GET', `/api/v3/surveys/${id}`, token)
    assert.is(read.status, 200, read.text)
    assert.is(read.body.data.name, 'By an editor')
    // Made an editor again, the person's token writes again: the role is read at every use.
    assert.is((await setRole(other, minter, 'editor')).status, 200)
    assert.is((await bearer(bed(), 'PATCH', `/api/v3/surveys/${id}`, token, { name: 'Editor again' })).status, 200)
  })

  test("a console session's editor token stops when its person is removed", async () => {
    const minter = await signedIn(bed(), 'owner')
    const other = await signedIn(bed(), 'owner')
    const id = await linkSurvey(bed())
    const token = await consoleToken(minter, { surveyId: id })
    assert.is((await bearer(bed(), 'GET', `/api/v3/surveys/${id}`, token)).status, 200)
    const removed = await asConsole(bed(), other, 'DELETE', `/api/v1/console/people/${minter.id}`)
    assert.is(removed.status, 200, removed.text)
    assertProblem(await bearer(bed(), 'PATCH', `/api/v3/surveys/${id}`, token, { name: 'By someone gone' }), 401, 'not_authenticated')
    assertProblem(await bearer(bed(), 'GET', `/api/v3/surveys/${id}`, token), 401, 'not_authenticated')
    const survey = await bed().call('GET', `/api/v3/surveys/${id}`, { key: bed().keyA })
    assert.is(survey.body.data.name, 'Roles')
  })

  test('only an owner mints editor tokens, single-use links and results links from the console', async () => {
    const owner = await signedIn(bed(), 'owner')
    const id = await linkSurvey(bed(), true)
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/api/v1/management/editor-tokens', { workspaceId: bed().envA }],
      ['GET', `/api/v1/management/surveys/${id}/singleUseIds?limit=5000`],
      ['POST', `/api/v1/management/surveys/${id}/share`],
      ['DELETE', `/api/v1/management/surveys/${id}/share`],
    ]
    for (const role of ['viewer', 'editor'] as const) {
      const person = await signedIn(bed(), role)
      for (const [method, path, body] of calls) {
        const answer = await asConsole(bed(), person, method, path, body)
        assert.is(answer.status, 403, `${role} ${method} ${path}: ${answer.text}`)
        assert.is(answer.body.code, 'forbidden')
        assert.equal(answer.body.details, { role, needed: 'owner' })
      }
    }
    const survey = await bed().call('GET', `/api/v1/management/surveys/${id}`, { key: bed().keyA })
    assert.is(survey.body.data.resultShareKey, null, 'nobody shared the results')
    for (const [method, path, body] of calls) {
      const answer = await asConsole(bed(), owner, method, path, body)
      assert.is(answer.status, 200, `owner ${method} ${path}: ${answer.text}`)
    }
  })

  test("a response's contact attributes are an owner's to read: list, one response, export; and to filter by", async () => {
    const id = await linkSurvey(bed())
    const userId = `respondent-${Date.now()}`
    const attributes = await bed().call('PUT', `/api/v1/client/${bed().envA}/contacts/${userId}/attributes`, {
      body: { attributes: { email: `${userId}@example.com` } },
    })
    assert.is(attributes.status, 200, attributes.text)
    const created = await bed().call('POST', `/api/v1/client/${bed().envA}/responses`, {
      body: { surveyId: id, userId, finished: true, data: { q1: 'an answer' } },
    })
    assert.is(created.status, 200, created.text)
    const responseId = created.body.data.id
    const email = `${userId}@example.com`
    const filter = `filter[contactAttributes.email][eq]=${encodeURIComponent(email)}`
    const paths = {
      list: `/api/v1/management/responses?surveyId=${id}`,
      one: `/api/v1/management/responses/${responseId}`,
      ndjson: `/api/v1/management/responses/export?surveyId=${id}&format=ndjson`,
      csv: `/api/v1/management/responses/export?surveyId=${id}&format=csv`,
    }
    const owner = await signedIn(bed(), 'owner')
    const ownList = await asConsole(bed(), owner, 'GET', paths.list)
    assert.is(ownList.status, 200, ownList.text)
    assert.equal(ownList.body.data[0].contactAttributes, { email })
    assert.equal(ownList.body.data[0].person.attributes, { email })
    assert.match((await asConsole(bed(), owner, 'GET', paths.ndjson)).text, email)
    assert.is((await asConsole(bed(), owner, 'GET', `${paths.list}&${filter}`)).body.data.length, 1)

    for (const role of ['viewer', 'editor'] as const) {
      const person = await signedIn(bed(), role)
      const list = await asConsole(bed(), person, 'GET', paths.list)
      assert.is(list.status, 200, list.text)
      const one = await asConsole(bed(), person, 'GET', paths.one)
      assert.is(one.status, 200, one.text)
      for (const item of [list.body.data[0], one.body.data]) {
        assert.is(item.id, responseId)
        assert.is(item.contactAttributes, null, `${role}: contactAttributes`)
        assert.is(item.personAttributes, null, `${role}: personAttributes`)
        assert.equal(item.person.attributes, {}, `${role}: person.attributes`)
        // The contact's ids stay: they are what the app gave, no attribute.
        assert.equal(item.contact, { id: item.person.id, userId })
        assert.is(item.data.q1, 'an answer')
      }
      for (const path of [paths.ndjson, paths.csv]) {
        const exported = await asConsole(bed(), person, 'GET', path)
        assert.is(exported.status, 200, exported.text)
        assert.ok(exported.text.includes(userId), `${role} ${path}: the export has the response`)
        assert.not.ok(exported.text.includes(email), `${role} ${path}: ${exported.text}`)
      }
      // Filtering by an attribute would tell it as surely as reading it.
      for (const path of [
        `${paths.list}&${filter}`,
        `${paths.ndjson}&${filter}`,
        `/api/v3/responses?workspaceId=${bed().envA}&${filter}`,
      ]) {
        const answer = await asConsole(bed(), person, 'GET', path)
        assert.is(answer.status, 403, `${role} ${path}: ${answer.text}`)
      }
    }
    // A key has no role: it reads them.
    const byKey = await bed().call('GET', paths.one, { key: bed().keyA })
    assert.equal(byKey.body.data.contactAttributes, { email })
  })

  test.run()
}

{
  // A library host's console: `authorize` reads `x-test-person` (`id:role`, or `nobody:role` for a grant without
  // a person); `roleOf` answers from `roles`, which a test changes as a host's own store would.
  const roles = new Map<string, 'viewer' | 'editor' | 'owner'>()
  const grantOf = (request: Request) => {
    const [id = '', role = 'owner'] = (request.headers.get('x-test-person') ?? '').split(':')
    if (id === '') return null
    const projectId = bed().projectId
    return id === 'nobody'
      ? { projectId, role: role as 'owner' }
      : { projectId, role: role as 'owner', person: { id, name: `${id}@host.example` } }
  }
  const withRoleOf = suiteWithBed('console credentials, a host with roleOf', () => ({
    console: { authorize: grantOf, roleOf: async (person: { id: string }) => roles.get(person.id) ?? null, bundle: 'export {}\n' },
  }))
  const without = suiteWithBed('console credentials, a host without roleOf', () => ({
    console: { authorize: grantOf, bundle: 'export {}\n' },
  }))
  let bed = withRoleOf.bed

  const hostPerson = async (x: TestCanvass, id: string) => {
    const headers = { 'x-test-person': `${id}:owner` }
    return { headers, csrf: await consoleCsrf(x, headers) }
  }

  withRoleOf.test('with roleOf, a console token follows the role roleOf answers, and stops at null', async () => {
    bed = withRoleOf.bed
    roles.set('alice', 'owner')
    const alice = await hostPerson(bed(), 'alice')
    const minted = await asConsole(bed(), alice, 'POST', '/api/v1/management/editor-tokens', { workspaceId: bed().envA })
    assert.is(minted.status, 200, minted.text)
    const token = minted.body.data.token
    const id = await linkSurvey(bed())
    assert.is((await bearer(bed(), 'PATCH', `/api/v3/surveys/${id}`, token, { name: 'By Alice' })).status, 200)
    const log = await bed().call('GET', `/api/v1/management/audit-log?resourceId=${id}&action=update`, { key: bed().keyA })
    assert.is(log.body.data[0].apiKeyLabel, 'editor token of console: alice@host.example')
    roles.set('alice', 'viewer')
    assertProblem(await bearer(bed(), 'PATCH', `/api/v3/surveys/${id}`, token, { name: 'By a viewer' }), 403, 'forbidden')
    assert.is((await bearer(bed(), 'GET', `/api/v3/surveys/${id}`, token)).status, 200)
    roles.delete('alice')
    assertProblem(await bearer(bed(), 'GET', `/api/v3/surveys/${id}`, token), 401, 'not_authenticated')
  })

  withRoleOf.test('a person whose id and name are too long to carry in a token is refused with a 403, not a 500', async () => {
    bed = withRoleOf.bed
    const id = `long-${'x'.repeat(700)}`
    roles.set(id, 'owner')
    const long = await hostPerson(bed(), id)
    const refused = await asConsole(bed(), long, 'POST', '/api/v1/management/editor-tokens', { workspaceId: bed().envA })
    assert.is(refused.status, 403, refused.text)
    assert.match(refused.body.message, /too long/)
  })

  withRoleOf.test('a grant without a person mints no editor token', async () => {
    bed = withRoleOf.bed
    const headers = { 'x-test-person': 'nobody:owner' }
    const nobody = { headers, csrf: await consoleCsrf(bed(), headers) }
    const refused = await asConsole(bed(), nobody, 'POST', '/api/v1/management/editor-tokens', { workspaceId: bed().envA })
    assert.is(refused.status, 403, refused.text)
    assert.match(refused.body.message, /person/)
  })

  withRoleOf.test.run()

  without.test('without roleOf, a console session mints no editor token: the host mints them', async () => {
    bed = without.bed
    const bob = await hostPerson(bed(), 'bob')
    const refused = await asConsole(bed(), bob, 'POST', '/api/v1/management/editor-tokens', { workspaceId: bed().envA })
    assert.is(refused.status, 403, refused.text)
    assert.match(refused.body.message, /canvass\.editorToken/)
    assert.match(refused.body.message, /roleOf/)
    // The host's own mint still works.
    assert.ok((await bed().canvass.editorToken({ workspaceId: bed().envA })).token.startsWith('cvse_'))
  })

  without.test.run()
}
