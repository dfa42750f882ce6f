/**
 * Editor tokens (docs/editor.md#editor-tokens): minted with a key over HTTP or by `canvass.editorToken`, they
 * open the v3 survey routes of one workspace (or one survey) for at most 12 hours, as `Authorization: Bearer`,
 * and nothing else; on PGlite and, with TEST_DATABASE_URL, on Postgres.
 */
import { availableBackends, createTestClock, suiteWithBed, TEST_SECRET } from '@canvass/test-bed'
import type { ApiResult } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { createEditorTokens } from '../src/domain/tokens/editor-tokens'

for (const backend of availableBackends()) {
  const clock = createTestClock('2026-11-28T10:00:00.000Z')
  const { test, bed } = suiteWithBed(`editor tokens (${backend})`, { backend, clock })

  const bearer = (method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}) =>
    bed().call(method, path, { headers: { authorization: `Bearer ${token}`, ...headers }, ...(body !== undefined ? { body } : {}) })

  async function mint(body: Record<string, unknown>, key = bed().keyA): Promise<ApiResult> {
    return bed().call('POST', '/api/v1/management/editor-tokens', { key, body })
  }

  async function token(body: Record<string, unknown> = {}, key = bed().keyA): Promise<string> {
    const res = await mint({ workspaceId: bed().projectId, ...body }, key)
    assert.is(res.status, 200, res.text)
    return res.body.data.token
  }

  const document = (workspaceId: string, name = 'Editor survey') => ({
    workspaceId,
    name,
    blocks: [{ name: 'Main', elements: [{ id: 'q1', type: 'openText', headline: { default: 'How are we doing?' }, required: true }] }],
    endings: [],
  })

  async function survey(key = bed().keyA, workspaceId = bed().projectId): Promise<string> {
    const res = await bed().call('POST', '/api/v3/surveys', { key, body: document(workspaceId) })
    assert.is(res.status, 201, res.text)
    return res.body.data.id
  }

  function assertProblem(res: ApiResult, status: number) {
    assert.is(res.status, status, res.text)
    assert.is(res.headers.get('content-type'), 'application/problem+json')
    assert.is(res.body.status, status)
    if (status === 401) assert.is(res.headers.get('www-authenticate'), 'Bearer realm="formbricks"')
  }

  /** The 401 of a v1 route: its JSON error body. */
  function assertV1NotAuthenticated(res: ApiResult, what = '') {
    assert.is(res.status, 401, `${what}: ${res.text}`)
    assert.is(res.body?.code, 'not_authenticated', `${what}: ${res.text}`)
  }

  test('POST /api/v1/management/editor-tokens mints a cvse_ token for an hour by default, and is in the audit log', async () => {
    const res = await mint({ workspaceId: bed().projectId })
    assert.is(res.status, 200, res.text)
    const { token, expiresAt } = res.body.data
    assert.match(token, /^cvse_\d+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/)
    assert.is(expiresAt, new Date(clock.now().getTime() + 3600_000).toISOString())
    const longest = await mint({ workspaceId: bed().envA, expiresIn: 43_200 })
    assert.is(longest.status, 200, longest.text)
    assert.is(longest.body.data.expiresAt, new Date(clock.now().getTime() + 43_200_000).toISOString())
    const log = await bed().call('GET', '/api/v1/management/audit-log?resourceType=editorToken', { key: bed().keyA })
    assert.is(log.status, 200, log.text)
    const entry = log.body.data[0]
    assert.is(entry.action, 'sign')
    assert.is(entry.route, '/api/v1/management/editor-tokens')
    assert.equal(entry.summary.fields, ['expiresIn', 'workspaceId'])
    assert.is(entry.apiKeyLabel, 'test bed')
  })

  test('the mint refuses a lifetime past 12 hours, bad input, another workspace and a survey not of it', async () => {
    for (const expiresIn of [43_201, 0, -5, 1.5, '3600', null]) {
      const res = await mint({ workspaceId: bed().projectId, expiresIn })
      assert.is(res.status, 400, `${expiresIn}: ${res.text}`)
      assert.ok(JSON.stringify(res.body.details).includes('expiresIn'), res.text)
    }
    for (const body of [{}, { workspaceId: '' }, { workspaceId: 'x'.repeat(65) }, { workspaceId: bed().projectId, scope: 'all' }]) {
      assert.is((await mint(body)).status, 400, JSON.stringify(body))
    }
    const other = await bed().newProject('Other')
    const foreign = await mint({ workspaceId: other.projectId })
    assert.is(foreign.status, 401, foreign.text)
    assert.is(foreign.body.code, 'unauthorized')
    assert.is((await mint({ workspaceId: bed().projectId, surveyId: 'no-such-survey' })).status, 404)
    const theirs = await survey(other.key, other.projectId)
    const res = await mint({ workspaceId: bed().projectId, surveyId: theirs })
    assert.is(res.status, 401, res.text)
    assertV1NotAuthenticated(await bed().call('POST', '/api/v1/management/editor-tokens', { body: { workspaceId: bed().projectId } }))
  })

  test('a workspace token lists, creates, reads, patches, validates, archives and restores surveys, and edits blocks', async () => {
    const editor = await token()
    const list = await bearer('GET', `/api/v3/surveys?workspaceId=${bed().projectId}`, editor)
    assert.is(list.status, 200, list.text)
    const created = await bearer('POST', '/api/v3/surveys', editor, document(bed().projectId, 'Made in the editor'))
    assert.is(created.status, 201, created.text)
    const id = created.body.data.id
    const read = await bearer('GET', `/api/v3/surveys/${id}`, editor)
    assert.is(read.status, 200, read.text)
    assert.is(read.body.data.name, 'Made in the editor')
    const patched = await bearer('PATCH', `/api/v3/surveys/${id}`, editor, { name: 'Renamed in the editor' })
    assert.is(patched.status, 200, patched.text)
    assert.is(patched.body.data.name, 'Renamed in the editor')
    const validCreate = await bearer('POST', '/api/v3/surveys/validate', editor, { operation: 'create', data: document(bed().projectId) })
    assert.is(validCreate.status, 200, validCreate.text)
    assert.is(validCreate.body.data.valid, true, validCreate.text)
    const validPatch = await bearer('POST', '/api/v3/surveys/validate', editor, { operation: 'patch', surveyId: id, data: { name: 'x' } })
    assert.is(validPatch.status, 200, validPatch.text)
    // The editor's live preview: the document as the renderer takes it, stored nowhere.
    const preview = await bearer('POST', '/api/v3/surveys/preview', editor, { ...document(bed().projectId, 'Previewed'), id })
    assert.is(preview.status, 200, preview.text)
    assert.is(preview.body.data.survey.id, id)
    assert.is(preview.body.data.survey.name, 'Previewed')
    const blockIds = read.body.data.blocks.map((block: { id: string }) => block.id)
    const order = await bearer('PUT', `/api/v3/surveys/${id}/blocks/order`, editor, { order: blockIds })
    assert.ok(order.status === 200, order.text)
    assert.is((await bearer('POST', `/api/v3/surveys/${id}/archive`, editor)).status, 200)
    assert.is((await bearer('POST', `/api/v3/surveys/${id}/restore`, editor)).status, 200)
    // The schema needs no credential at all; a token does not hurt.
    assert.is((await bearer('GET', '/api/v1/schemas/survey.json', editor)).status, 200)
    // The audit log names the key that minted the token.
    const log = await bed().call('GET', `/api/v1/management/audit-log?resourceId=${id}&action=update`, { key: bed().keyA })
    const entry = log.body.data.find((item: { route: string }) => item.route === '/api/v3/surveys/:surveyId')
    assert.ok(entry, log.text)
    assert.is(entry.apiKeyLabel, 'editor token of test bed')
    assert.type(entry.apiKeyId, 'string')
  })

  test("a token is refused with 401 by every route that takes none, in that route family's shape", async () => {
    const editor = await token()
    const id = await survey()
    const v3Refusals: [string, string, unknown?][] = [
      ['GET', `/api/v3/responses?workspaceId=${bed().projectId}`],
      ['POST', '/api/v3/responses', { surveyId: id, data: {} }],
      ['GET', `/api/v3/tags?workspaceId=${bed().projectId}`],
      ['DELETE', `/api/v3/surveys/${id}`],
      ['GET', `/api/v3/surveys/${id}/visibility`],
      ['GET', `/api/v3/workspaces/${bed().projectId}/custom-css`],
      ['GET', `/api/v3/action-classes?workspaceId=${bed().projectId}`],
    ]
    for (const [method, path, body] of v3Refusals) assertProblem(await bearer(method, path, editor, body), 401)
    const v1Refusals: [string, string, unknown?][] = [
      ['GET', '/api/v1/management/surveys'],
      ['GET', `/api/v1/management/surveys/${id}`],
      ['GET', '/api/v1/management/responses'],
      ['GET', '/api/v1/webhooks'],
      ['GET', '/api/v1/management/audit-log'],
      ['POST', '/api/v1/management/editor-tokens', { workspaceId: bed().projectId }],
    ]
    for (const [method, path, body] of v1Refusals) assertV1NotAuthenticated(await bearer(method, path, editor, body), path)
    // `/me` answers its 401 as the reference does, in plain text.
    const me = await bearer('GET', '/api/v1/management/me', editor)
    assert.is(me.status, 401, me.text)
    const mcp = await bearer(
      'POST',
      '/api/mcp',
      editor,
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { accept: 'application/json, text/event-stream' },
    )
    assert.is(mcp.status, 401, mcp.text)
    // Only as a Bearer token: in x-api-key it is no key.
    const asKey = await bed().call('GET', `/api/v3/surveys/${id}`, { key: editor })
    assertProblem(asKey, 401)
    // Nothing was deleted on the way.
    assert.is((await bed().call('GET', `/api/v3/surveys/${id}`, { key: bed().keyA })).status, 200)
  })

  test('a token opens nothing of another workspace: 403 as the v3 routes answer a key', async () => {
    const editor = await token()
    const other = await bed().newProject('Elsewhere')
    const theirs = await survey(other.key, other.projectId)
    assertProblem(await bearer('GET', `/api/v3/surveys/${theirs}`, editor), 403)
    assertProblem(await bearer('PATCH', `/api/v3/surveys/${theirs}`, editor, { name: 'Taken over' }), 403)
    assertProblem(await bearer('GET', `/api/v3/surveys?workspaceId=${other.projectId}`, editor), 403)
    assertProblem(await bearer('POST', '/api/v3/surveys', editor, document(other.projectId)), 403)
    const stillTheirs = await bed().call('GET', `/api/v3/surveys/${theirs}`, { key: other.key })
    assert.is(stillTheirs.body.data.name, 'Editor survey')
  })

  test('a token bound to a survey opens that survey only: no list, no create, no other survey', async () => {
    const mine = await survey()
    const another = await survey()
    const editor = await token({ surveyId: mine })
    assert.is((await bearer('GET', `/api/v3/surveys/${mine}`, editor)).status, 200)
    assert.is((await bearer('PATCH', `/api/v3/surveys/${mine}`, editor, { name: 'Mine, edited' })).status, 200)
    assertProblem(await bearer('GET', `/api/v3/surveys/${another}`, editor), 403)
    assertProblem(await bearer('PATCH', `/api/v3/surveys/${another}`, editor, { name: 'Not mine' }), 403)
    assertProblem(await bearer('POST', `/api/v3/surveys/${another}/archive`, editor), 403)
    assertProblem(await bearer('GET', `/api/v3/surveys?workspaceId=${bed().projectId}`, editor), 403)
    assertProblem(await bearer('POST', '/api/v3/surveys', editor, document(bed().projectId)), 403)
    const previewed = await bearer('POST', '/api/v3/surveys/preview', editor, { ...document(bed().projectId), id: mine })
    assert.is(previewed.status, 200, previewed.text)
    const validMine = await bearer('POST', '/api/v3/surveys/validate', editor, { operation: 'patch', surveyId: mine, data: { name: 'y' } })
    assert.is(validMine.status, 200, validMine.text)
    assertProblem(
      await bearer('POST', '/api/v3/surveys/validate', editor, { operation: 'patch', surveyId: another, data: { name: 'y' } }),
      403,
    )
    assert.is((await bed().call('GET', `/api/v3/surveys/${another}`, { key: bed().keyA })).body.data.name, 'Editor survey')
  })

  test("a token bound to a survey edits that survey's quotas, each with its count, and no other survey's", async () => {
    const mine = await survey()
    const another = await survey()
    const editor = await token({ surveyId: mine })
    const quota = { name: 'Enough', limit: 10, logic: { connector: 'and', conditions: [] }, action: 'continueSurvey' }
    const created = await bearer('POST', `/api/v1/management/surveys/${mine}/quotas`, editor, quota)
    assert.is(created.status, 200, created.text)
    const path = `/api/v1/management/surveys/${mine}/quotas/${created.body.data.id}`
    assert.is((await bearer('PUT', path, editor, { limit: 20 })).body.data.limit, 20)
    const listed = await bearer('GET', `/api/v1/management/surveys/${mine}/quotas`, editor)
    assert.equal(
      listed.body.data.map((q: any) => [q.name, q.limit, q.count]),
      [['Enough', 20, 0]],
    )
    assert.is((await bearer('GET', path, editor)).body.data.count, 0)
    const refused = await bearer('GET', `/api/v1/management/surveys/${another}/quotas`, editor)
    assert.is(refused.status, 403, refused.text)
    assert.is((await bearer('POST', `/api/v1/management/surveys/${another}/quotas`, editor, quota)).status, 403)
    assert.is((await bearer('DELETE', path, editor)).status, 200)
  })

  test('a tampered token, one signed under another secret and one of a revoked key are 401', async () => {
    const id = await survey()
    const editor = await token()
    const [head, mac] = [editor.slice(0, -43), editor.slice(-43)]
    const flipped = head + (mac[0] === 'A' ? 'B' : 'A') + mac.slice(1)
    assertProblem(await bearer('GET', `/api/v3/surveys/${id}`, flipped), 401)
    assertProblem(await bearer('GET', `/api/v3/surveys/${id}`, `cvse_${'9'.repeat(600)}`), 401)
    assertProblem(await bearer('GET', `/api/v3/surveys/${id}`, `${editor}x`), 401)

    const { id: keyId, key } = await bed().canvass.admin.createApiKey({ environmentId: bed().envA, label: 'temporary' })
    const grant = { environmentId: bed().envA, surveyId: null, apiKeyId: keyId }
    // The same grant signed with the bed's secret works: only the secret differs below.
    const own = createEditorTokens(TEST_SECRET).issue(grant, clock.now(), 600).token
    assert.is((await bearer('GET', `/api/v3/surveys/${id}`, own)).status, 200)
    const forged = createEditorTokens('another secret entirely').issue(grant, clock.now(), 600).token
    assertProblem(await bearer('GET', `/api/v3/surveys/${id}`, forged), 401)

    const minted = await token({}, key)
    assert.is((await bearer('GET', `/api/v3/surveys/${id}`, minted)).status, 200)
    assert.ok(await bed().canvass.admin.revokeApiKey(keyId))
    assertProblem(await bearer('GET', `/api/v3/surveys/${id}`, minted), 401)
    assertProblem(await bearer('GET', `/api/v3/surveys/${id}`, own), 401)
  })

  test('canvass.editorToken mints without a key, is audited, and refuses what the route refuses', async () => {
    const id = await survey()
    const { token: editor, expiresAt } = await bed().canvass.editorToken({ workspaceId: bed().projectId, surveyId: id, expiresIn: 120 })
    assert.is(expiresAt.toISOString(), new Date(clock.now().getTime() + 120_000).toISOString())
    const patched = await bearer('PATCH', `/api/v3/surveys/${id}`, editor, { name: 'Edited through the library token' })
    assert.is(patched.status, 200, patched.text)
    const signs = await bed().call('GET', '/api/v1/management/audit-log?resourceType=editorToken', { key: bed().keyA })
    const sign = signs.body.data[0]
    assert.is(sign.action, 'sign')
    assert.is(sign.apiKeyId, null)
    assert.is(sign.route, null)
    assert.equal(sign.summary.fields, ['expiresIn', 'surveyId', 'workspaceId'])
    const log = await bed().call('GET', `/api/v1/management/audit-log?resourceId=${id}`, { key: bed().keyA })
    const update = log.body.data.find((item: { action: string }) => item.action === 'update')
    assert.is(update.apiKeyId, null)
    assert.is(update.apiKeyLabel, 'editor token')
    for (const options of [
      { workspaceId: 'no-such-workspace' },
      { workspaceId: bed().projectId, surveyId: 'no-such-survey' },
      { workspaceId: bed().projectId, expiresIn: 43_201 },
    ]) {
      const error = (await bed()
        .canvass.editorToken(options)
        .catch((caught: unknown) => caught)) as { name?: string; status?: number }
      assert.is(error.name, 'CanvassError', JSON.stringify(options))
      assert.is(error.status, options.expiresIn === undefined ? 404 : 400, JSON.stringify(options))
    }
  })

  test('a token stops at its expiry, to the second', async () => {
    const id = await survey()
    const editor = await token({ expiresIn: 60 })
    clock.advance(59_000)
    assert.is((await bearer('GET', `/api/v3/surveys/${id}`, editor)).status, 200)
    clock.advance(1_000)
    assertProblem(await bearer('GET', `/api/v3/surveys/${id}`, editor), 401)
  })

  test('the routes that take tokens answer CORS preflights and carry CORS headers; the others do not', async () => {
    const id = await survey()
    const preflight = await bed().fetch(
      new Request(`http://127.0.0.1/api/v3/surveys/${id}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://app.example',
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'authorization, content-type',
        },
      }),
    )
    assert.is(preflight.status, 204)
    assert.is(preflight.headers.get('access-control-allow-origin'), '*')
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /PATCH/)
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /authorization/)
    assert.is(preflight.headers.get('access-control-allow-credentials'), null)
    const editor = await token()
    const read = await bearer('GET', `/api/v3/surveys/${id}`, editor, undefined, { origin: 'https://app.example' })
    assert.is(read.headers.get('access-control-allow-origin'), '*')
    const refused = await bearer('GET', `/api/v3/surveys/${id}`, 'cvse_nonsense', undefined, { origin: 'https://app.example' })
    assert.is(refused.status, 401)
    assert.is(refused.headers.get('access-control-allow-origin'), '*')
    for (const path of ['/api/v3/responses', '/api/v1/management/surveys', '/api/v1/management/editor-tokens']) {
      const other = await bed().fetch(
        new Request(`http://127.0.0.1${path}`, {
          method: 'OPTIONS',
          headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
        }),
      )
      assert.is(other.headers.get('access-control-allow-origin'), null, path)
    }
    const v3Other = await bed().call('GET', `/api/v3/tags?workspaceId=${bed().projectId}`, { key: bed().keyA })
    assert.is(v3Other.headers.get('access-control-allow-origin'), null)
  })

  test.run()
}
